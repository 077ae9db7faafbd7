import { AdminTabPending } from './admin-tab-pending.js';

export function AdminDemosTab() {
  return <AdminTabPending />;
}
