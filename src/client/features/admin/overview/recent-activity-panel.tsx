import { List, ListItem, ListItemText, Skeleton, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ActivityEntry } from '../../../../shared/api/admin-activity.js';
import { adminActivityQuery } from '../api/admin-overview.js';
import { formatFullDate, formatTimeAgo } from '../components/admin-format.js';
import { useAdminToken } from '../shell/admin-outlet-context.js';
import { OverviewPanel } from './overview-panel.js';

const recentActivityLimit = 10;

/** The current time, moved on every minute so that "5 minutes ago" stays true while the page is open. */
function useMinuteClock(): number | null {
  // null until mounted: the time is read in an effect, never while rendering.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function ActivityLine({ entry, now }: { entry: ActivityEntry; now: number | null }) {
  const fullDate = formatFullDate(entry.occurred_at);
  return (
    <ListItem disableGutters divider>
      <ListItemText
        primary={entry.summary}
        secondary={
          <>
            {`${entry.actor ?? 'Visitor'} · `}
            <Tooltip title={fullDate} describeChild>
              <time dateTime={entry.occurred_at}>{now === null ? fullDate : formatTimeAgo(entry.occurred_at, now)}</time>
            </Tooltip>
          </>
        }
        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
      />
    </ListItem>
  );
}

/** docs/product.md §10.6: real recent events (imports, demos, members, edits), newest first. */
export function RecentActivityPanel() {
  const token = useAdminToken();
  const activity = useQuery(adminActivityQuery(token, recentActivityLimit));
  const now = useMinuteClock();
  const error = activity.isError ? 'Failed to load recent activity. Please try again.' : null;
  return (
    <OverviewPanel title="Recent Activity" error={error} onRetry={() => void activity.refetch()}>
      {activity.data === undefined ? (
        <List aria-busy disablePadding>
          {[0, 1, 2].map((i) => (
            <ListItem key={i} disableGutters divider>
              <ListItemText primary={<Skeleton width="80%" />} secondary={<Skeleton width="40%" />} />
            </ListItem>
          ))}
        </List>
      ) : activity.data.length === 0 ? (
        <Typography color="text.secondary">No activity yet</Typography>
      ) : (
        <List disablePadding aria-label="Recent activity">
          {activity.data.map((entry) => (
            <ActivityLine key={entry.id} entry={entry} now={now} />
          ))}
        </List>
      )}
    </OverviewPanel>
  );
}
