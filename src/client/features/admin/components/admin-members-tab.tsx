import { AdminTabPending } from './admin-tab-pending.js';

export function AdminMembersTab() {
  return <AdminTabPending />;
}
