import { zodResolver } from '@hookform/resolvers/zod';
import { waitingListJoinSchema } from '../../../../shared/api/vip-waiting-list.js';

/** The waiting list's address checked as the server checks it; loaded with zod when the form is first checked (waiting-list-form.tsx). */
export const waitingListResolver = zodResolver(waitingListJoinSchema);
