import { AdminTabPending } from './admin-tab-pending.js';

export function AdminArtistsTab() {
  return <AdminTabPending />;
}
