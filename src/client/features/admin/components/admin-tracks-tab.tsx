import { AdminTabPending } from './admin-tab-pending.js';

export function AdminTracksTab() {
  return <AdminTabPending />;
}
