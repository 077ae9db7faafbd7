import { lazyDialog } from '../../../lib/lazy-dialog.js';

// The release and artist modals load when one first opens: a page that opens none loads neither
// (docs/decisions/0023). A release link's route preloads the release modal (app/router.tsx).

export const ReleaseDetailModal = lazyDialog(async () => (await import('./release-detail-modal.js')).ReleaseDetailModal);
export const ArtistDetailModal = lazyDialog(async () => (await import('./artist-detail-modal.js')).ArtistDetailModal);
