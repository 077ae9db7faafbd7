import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { AdminBackups } from '../../../../shared/api/admin-backups.js';
import { adminBackupsQuery } from '../api/admin-backups.js';
import { formatDayAndTime } from '../components/admin-format.js';

const triggerNames = { schedule: 'scheduled', command: 'npm run backup' } as const;

/** "6.5 MB", "830 KB". */
function formatSize(bytes: number): string {
  if (bytes >= 1_000_000_000) return `${(bytes / 1_000_000_000).toFixed(1)} GB`;
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

function scheduleText({ everyHours, keep }: AdminBackups): string {
  if (everyHours === null) return 'The server makes no backups on its own (BACKUP_SCHEDULE=off): run npm run backup.';
  const every = everyHours === 24 ? 'every day' : everyHours % 24 === 0 ? `every ${everyHours / 24} days` : everyHours === 1 ? 'every hour' : `every ${everyHours} hours`;
  return `The server makes one ${every} and keeps the last ${keep}.`;
}

/** Settings → Backups: the last backup's time and size, and a failed one newer than it. */
export function BackupsPanel({ token }: { token: string }) {
  const query = useQuery(adminBackupsQuery(token));
  if (query.error) return <Alert severity="error">{query.error.message}</Alert>;
  if (!query.data) return <CircularProgress aria-label="Loading" />;
  const { last, failed } = query.data;
  return (
    <Stack spacing={1.5}>
      {failed && (
        <Alert severity="error">
          {`The ${triggerNames[failed.trigger]} backup of ${formatDayAndTime(failed.at)} failed: ${failed.error}`}
        </Alert>
      )}
      {last ? (
        <Typography>
          {'Last backup: '}
          <strong>{formatDayAndTime(last.at)}</strong>
          {`, ${formatSize(last.sizeBytes)} (${triggerNames[last.trigger]}), `}
          <Typography component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {last.fileName}
          </Typography>
        </Typography>
      ) : (
        <Typography>No backup has been made yet.</Typography>
      )}
      <Typography color="text.secondary">{scheduleText(query.data)}</Typography>
    </Stack>
  );
}
