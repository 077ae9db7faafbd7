import { Box, Chip, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import type { ImportJob, ImportJobStatus } from '../../../../shared/api/admin-import.js';
import { formatCount as count, formatCounted as counted, formatDayAndTime } from '../components/admin-format.js';
import { importJobTitle, progressText } from './import-job-progress.js';

const statusChip: Record<ImportJobStatus, { label: string; color: 'info' | 'success' | 'error' }> = {
  running: { label: 'Running', color: 'info' },
  succeeded: { label: 'Succeeded', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
};

/** The figures of a finished job, or what is known of a running or failed one. */
function outcomeOf(job: ImportJob): string {
  if (job.status === 'running') return progressText(job);
  if (job.status === 'failed') return job.message ?? '—';
  if (job.kind === 'catalog-csv' && job.report) {
    const r = job.report;
    return [
      counted(r.totalReleasesImported, 'release'),
      counted(r.totalTracksImported, 'track'),
      counted(r.totalArtistsImported, 'artist'),
      `${count(r.rejected.length)} rejected`,
    ].join(', ');
  }
  if (job.kind === 'spotify-enrichment' && job.report) {
    const d = job.report.details;
    return `${counted(d.totalReleasesImported, 'release')}, ${counted(d.totalTracksImported, 'track')}, ${counted(d.totalArtistsImported, 'artist')} matched`;
  }
  return '—';
}

/** Recent imports: when, what, who, how it ended and its counts. */
export function ImportJobsList({ jobs }: { jobs: ImportJob[] }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="recent-imports-heading" sx={{ p: 2 }}>
      <Typography id="recent-imports-heading" variant="h6" component="h3">
        Recent imports
      </Typography>
      {jobs.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          No imports yet.
        </Typography>
      ) : (
        <List dense disablePadding>
          {jobs.map((job) => (
            <ListItem key={job.id} divider disableGutters sx={{ gap: 2, alignItems: 'flex-start' }}>
              <ListItemText
                sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                primary={importJobTitle(job)}
                secondary={
                  <>
                    <Box component="span" sx={{ display: 'block' }}>{`${formatDayAndTime(job.created_at)} · ${job.actor}`}</Box>
                    <Box component="span" sx={{ display: 'block' }}>{outcomeOf(job)}</Box>
                  </>
                }
              />
              <Chip size="small" variant="outlined" label={statusChip[job.status].label} color={statusChip[job.status].color} sx={{ mt: 0.75 }} />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
