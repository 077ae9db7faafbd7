import { useOutletContext } from 'react-router';
import type { AdminUser } from '../../../../shared/api/admin-auth.js';

/** What the admin guard hands to the screens below it. */
export interface AdminOutletContext {
  user: AdminUser;
}

/** The verified admin; only inside the admin guard (the dashboard passes the context on). */
export function useAdminUser(): AdminUser {
  return useOutletContext<AdminOutletContext>().user;
}
