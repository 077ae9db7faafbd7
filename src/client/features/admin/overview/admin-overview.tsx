import { Box } from '@mui/material';
import { QuickStatsPanel } from './quick-stats-panel.js';
import { RecentActivityPanel } from './recent-activity-panel.js';
import { SetupChecklistPanel } from './setup-checklist-panel.js';

/** The dashboard's index tab (docs/product.md §2.4): the setup checklist (docs/decisions/0099), then live Quick Stats and Recent Activity (docs/product.md §10.6). */
export function AdminOverview() {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <SetupChecklistPanel />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <QuickStatsPanel />
        <RecentActivityPanel />
      </Box>
    </Box>
  );
}
