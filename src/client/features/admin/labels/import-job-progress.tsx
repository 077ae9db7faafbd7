import { Alert, Box, LinearProgress, Paper, Typography } from '@mui/material';
import { importMessages, type ImportJob } from '../../../../shared/api/admin-import.js';
import { findLabel } from '../../../../shared/labels.js';
import { CatalogReport, EnrichmentReport } from './import-job-report.js';

/** "Catalog upload: file.csv" or "Import tracks: Build It Deep". */
export function importJobTitle(job: ImportJob): string {
  if (job.kind === 'catalog-csv') return `Catalog upload: ${job.file_name ?? '—'}`;
  return `Import tracks: ${findLabel(job.label_id)?.name ?? '—'}`;
}

/** "rows 120 / 544" for an upload (CSV rows), "releases 3 / 16" for an enrichment (releases looked up). */
export function progressText(job: ImportJob): string {
  return `${job.kind === 'catalog-csv' ? 'rows' : 'releases'} ${job.done} / ${job.total}`;
}

/** The current import: a determinate bar while it runs, then its report or why it failed. */
export function ImportJobProgress({ job }: { job: ImportJob }) {
  const percent = job.total > 0 ? Math.min(100, Math.round((job.done / job.total) * 100)) : 0;
  return (
    <Paper variant="outlined" component="section" aria-label="Current import" sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
        {importJobTitle(job)}
      </Typography>
      {job.status === 'running' && (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <LinearProgress variant="determinate" value={percent} aria-label="Import progress" />
          <Typography color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {progressText(job)}
          </Typography>
        </Box>
      )}
      {job.status === 'failed' && <Alert severity="error">{job.message ?? importMessages.unknownFailure}</Alert>}
      {job.status === 'succeeded' && job.kind === 'catalog-csv' && job.report && <CatalogReport report={job.report} />}
      {job.status === 'succeeded' && job.kind === 'spotify-enrichment' && job.report && <EnrichmentReport report={job.report} />}
    </Paper>
  );
}
