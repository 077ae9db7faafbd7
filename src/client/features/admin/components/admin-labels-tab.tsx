import { AdminTabPending } from './admin-tab-pending.js';

export function AdminLabelsTab() {
  return <AdminTabPending />;
}
