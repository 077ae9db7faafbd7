import { Alert, Box, Skeleton, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { importMessages, type ImportStartedResponse } from '../../../../shared/api/admin-import.js';
import { ApiError } from '../../../lib/api-client.js';
import { adminLabelsQuery, importJobQuery, importJobsQuery, importTracks, uploadCatalog } from '../api/admin-import.js';
import { AdminLabelCard } from './admin-label-card.js';
import { useAdminToken } from '../shell/admin-outlet-context.js';
import { CatalogUpload } from './catalog-upload.js';
import { DemoCatalogNotice } from './demo-catalog-notice.js';
import { ImportJobProgress } from './import-job-progress.js';
import { ImportJobsList } from './import-jobs-list.js';
import { MediaUpload } from './media-upload.js';
import { RetryAlert } from '../components/retry-alert.js';

const recentJobs = 10;
const spotifyReasonId = 'spotify-enrichment-reason';

/** The server's reason when it gave one; docs/product.md §8's 'Failed to import tracks' when the request itself failed. */
function startFailureMessage(err: unknown): string {
  return err instanceof ApiError && err.hasServerMessage ? err.message : importMessages.requestFailed;
}

/** /admin/labels: the labels with live counts, "Import tracks" per label, the catalog upload, the imports, and covers and pictures. */
export function AdminLabelsTab() {
  const token = useAdminToken();
  const queryClient = useQueryClient();
  const labels = useQuery(adminLabelsQuery(token));
  const jobs = useQuery(importJobsQuery(token, recentJobs));
  // The job started here, or one that was already running when the tab opened: followed to its end.
  const [currentJobId, setCurrentJobId] = useState<string | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);

  const runningJobId = jobs.data?.find((j) => j.status === 'running')?.id;
  useEffect(() => {
    if (runningJobId) setCurrentJobId((id) => id ?? runningJobId);
  }, [runningJobId]);
  const currentJob = useQuery({ ...importJobQuery(token, currentJobId ?? ''), enabled: currentJobId !== null });
  const job = currentJobId === null ? undefined : currentJob.data;
  const isBusy = isStarting || job?.status === 'running';

  const jobStatus = job?.status;
  useEffect(() => {
    // A finished import changed the counts and the list of jobs.
    if (jobStatus === 'succeeded' || jobStatus === 'failed') {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'labels'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'demo-catalog'] });
    }
    if (jobStatus !== undefined) void queryClient.invalidateQueries({ queryKey: ['admin', 'import-jobs', 'list'] });
  }, [jobStatus, queryClient]);

  const start = async (request: () => Promise<ImportStartedResponse>) => {
    setIsStarting(true);
    setStartError(null);
    try {
      const { job: started } = await request();
      queryClient.setQueryData(importJobQuery(token, started.id).queryKey, { success: true, data: started });
      setCurrentJobId(started.id);
    } catch (err) {
      setStartError(startFailureMessage(err));
    } finally {
      setIsStarting(false);
    }
  };

  const enrichment = labels.data?.enrichment;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography variant="h5" component="h2">
        Labels
      </Typography>
      <DemoCatalogNotice token={token} afterImport={job?.kind === 'catalog-csv' && job.status === 'succeeded'} />
      {labels.isError && <RetryAlert message={labels.error.message} onRetry={() => void labels.refetch()} />}
      {enrichment && !enrichment.is_available && (
        <Alert severity="info" id={spotifyReasonId}>
          {enrichment.reason}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' } }}>
        {labels.isPending && [0, 1, 2].map((n) => <Skeleton key={n} variant="rounded" height={210} />)}
        {labels.data?.data.map((label) => (
          <AdminLabelCard
            key={label.id}
            label={label}
            canImport={labels.data.enrichment.is_available && !isBusy}
            disabledReasonId={labels.data.enrichment.is_available ? undefined : spotifyReasonId}
            onImportTracks={() => void start(() => importTracks(token, label.id))}
          />
        ))}
      </Box>
      <CatalogUpload isBusy={isBusy} onUpload={(file, labelId) => void start(() => uploadCatalog(token, file, labelId))} />
      {startError && <Alert severity="error">{startError}</Alert>}
      {job && <ImportJobProgress job={job} />}
      {jobs.data && <ImportJobsList jobs={jobs.data} />}
      <MediaUpload />
    </Box>
  );
}
