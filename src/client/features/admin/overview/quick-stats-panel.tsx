import { Box, Card, CardActionArea, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { AdminStats } from '../../../../shared/api/admin-overview.js';
import { adminStatsQuery } from '../api/admin-overview.js';
import { formatCount as count } from '../components/admin-format.js';
import { useAdminToken } from '../shell/admin-outlet-context.js';
import { OverviewPanel } from './overview-panel.js';

interface Tile {
  label: string;
  to: string;
  value: (stats: AdminStats) => number;
  /** How the value reads; a count by default. */
  format?: (value: number, stats: AdminStats) => string;
  detail?: (stats: AdminStats) => string;
}

const money = (value: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(value);

/** docs/product.md §10.6: live figures, each opening the tab that manages it. */
const tiles: Tile[] = [
  { label: 'Artists', to: '/admin/artists', value: (s) => s.artists },
  { label: 'Labels', to: '/admin/labels', value: (s) => s.labels },
  { label: 'Releases', to: '/admin/labels', value: (s) => s.releases },
  { label: 'Tracks', to: '/admin/tracks', value: (s) => s.tracks },
  { label: 'New demos', to: '/admin/demos', value: (s) => s.demos.new, detail: (s) => `of ${count(s.demos.total)} received` },
  {
    label: 'Members',
    to: '/admin/members',
    value: (s) => s.members.total,
    detail: (s) =>
      `${count(s.members.active)} active · ${count(s.members.pending_payment)} pending payment · ${count(s.members.past_due)} past due · ${count(s.members.paused)} paused · ${count(s.members.canceled)} canceled`,
  },
  {
    label: 'Monthly recurring revenue',
    to: '/admin/members',
    value: (s) => s.members.mrr,
    format: (value, s) => money(value, s.members.currency),
    detail: (s) => `Active: ${s.members.active_by_plan.map((p) => `${p.name} ${count(p.active)}`).join(' · ')}`,
  },
  { label: 'Waiting emails', to: '/admin/outbox', value: (s) => s.outbox.waiting },
];

function shown(tile: Tile, stats: AdminStats): string {
  const value = tile.value(stats);
  return tile.format ? tile.format(value, stats) : count(value);
}

export function QuickStatsPanel() {
  const token = useAdminToken();
  const stats = useQuery(adminStatsQuery(token));
  const error = stats.isError ? 'Failed to load the figures. Please try again.' : null;
  return (
    <OverviewPanel title="Quick Stats" error={error} onRetry={() => void stats.refetch()}>
      <Box component="ul" aria-busy={stats.isPending} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
        {tiles.map((tile) => (
          <li key={tile.label}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={tile.to} sx={{ height: '100%', p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', justifyContent: 'flex-start' }}>
                <Typography variant="body2" color="text.secondary">
                  {tile.label}
                </Typography>
                <Typography variant="h4" component="p" sx={(theme) => ({ fontWeight: 700, [theme.breakpoints.down('sm')]: { fontSize: '1.75rem' } })}>
                  {stats.data ? shown(tile, stats.data) : <Skeleton width={64} />}
                </Typography>
                {tile.detail && (
                  <Typography variant="caption" color="text.secondary">
                    {stats.data ? tile.detail(stats.data) : <Skeleton width={120} />}
                  </Typography>
                )}
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </OverviewPanel>
  );
}
