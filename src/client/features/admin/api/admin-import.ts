import { queryOptions } from '@tanstack/react-query';
import type {
  adminLabelsResponseSchema,
  demoCatalogRemovedResponseSchema,
  demoCatalogResponseSchema,
  importJobResponseSchema,
  importJobsResponseSchema,
  importStartedResponseSchema,
} from '../../../../shared/api/admin-import.js';
import { apiGet, apiSend, type Answer } from '../../../lib/api-client.js';
import { withAdminSession } from './admin-request.js';

/** How often a running job is asked for its progress. */
const jobPollMs = 500;

/** `GET /api/admin/labels`: each label with its live counts, and whether "Import tracks" can run. */
export function adminLabelsQuery(token: string) {
  return queryOptions({
    queryKey: ['admin', 'labels'],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof adminLabelsResponseSchema>>('/admin/labels', undefined, signal, { token })),
  });
}

/** `GET /api/admin/import-jobs`: the latest `limit` jobs, newest first. */
export function importJobsQuery(token: string, limit: number) {
  return queryOptions({
    queryKey: ['admin', 'import-jobs', 'list', limit],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof importJobsResponseSchema>>('/admin/import-jobs', { limit }, signal, { token })),
    select: (body) => body.data,
  });
}

/** `GET /api/admin/import-jobs/{id}`, asked again every 500 ms while the job runs. */
export function importJobQuery(token: string, id: string) {
  return queryOptions({
    queryKey: ['admin', 'import-jobs', 'job', id],
    queryFn: ({ signal }) =>
      withAdminSession(apiGet<Answer<typeof importJobResponseSchema>>(`/admin/import-jobs/${encodeURIComponent(id)}`, undefined, signal, { token })),
    select: (body) => body.data,
    refetchInterval: (query) => (query.state.data?.data.status === 'running' ? jobPollMs : false),
  });
}

/** `POST /api/admin/import-catalog`: uploads the distributor CSV (optionally for one label) and starts its import. */
export function uploadCatalog(token: string, file: File, labelId: string | null) {
  const form = new FormData();
  // The label goes first so the server knows it before the file's bytes.
  if (labelId) form.append('label', labelId);
  form.append('file', file, file.name);
  return withAdminSession(apiSend<Answer<typeof importStartedResponseSchema>>('POST', '/admin/import-catalog', form, { token }));
}

/** `POST /api/admin/import-tracks` (docs/product.md §7): starts the Spotify enrichment of a label. */
export function importTracks(token: string, labelId: string) {
  return withAdminSession(apiSend<Answer<typeof importStartedResponseSchema>>('POST', '/admin/import-tracks', { labelId }, { token }));
}

/** `GET /api/admin/demo-catalog`: what removing the demo catalog deletes (all zero once it is gone). */
export function demoCatalogQuery(token: string) {
  return queryOptions({
    queryKey: ['admin', 'demo-catalog'],
    queryFn: ({ signal }) => withAdminSession(apiGet<Answer<typeof demoCatalogResponseSchema>>('/admin/demo-catalog', undefined, signal, { token })),
    select: (body) => body.data,
  });
}

/** `DELETE /api/admin/demo-catalog`: removes the demo catalog in one step. */
export function removeDemoCatalog(token: string) {
  return withAdminSession(apiSend<Answer<typeof demoCatalogRemovedResponseSchema>>('DELETE', '/admin/demo-catalog', undefined, { token }));
}
