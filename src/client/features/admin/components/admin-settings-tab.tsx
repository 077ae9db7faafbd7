import { AdminTabPending } from './admin-tab-pending.js';

export function AdminSettingsTab() {
  return <AdminTabPending />;
}
