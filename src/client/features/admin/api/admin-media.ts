import { queryOptions } from '@tanstack/react-query';
import type { ImageJob, imageJobsResponseSchema, mediaUploadResponseSchema } from '../../../../shared/api/admin-media.js';
import { apiGet, apiSend, type Answer } from '../../../lib/api-client.js';
import { withAdminSession } from './admin-request.js';

/** `POST /api/admin/media`: covers, artist pictures and audio, or zips of them, each matched by its file name; covers and pictures are made by jobs. */
export function uploadMedia(token: string, files: readonly File[]) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return withAdminSession(apiSend<Answer<typeof mediaUploadResponseSchema>>('POST', '/admin/media', form, { token }));
}

/** The picture of one release or artist, or the audio of one track: the file sent under the target's id, which is what matches it. */
export function uploadMediaOf(token: string, targetId: string, file: File) {
  const extension = /\.[A-Za-z0-9]+$/.exec(file.name)?.[0] ?? '';
  return uploadMedia(token, [new File([file], `${targetId}${extension}`, { type: file.type })]);
}

/** How often unfinished image jobs are asked for their state. */
const imageJobPollMs = 1000;
/** Ids one `GET /api/admin/media/images` takes. */
const imageJobsPerAsk = 100;

export const isImageJobFinished = (job: ImageJob | undefined) => job?.status === 'ready' || job?.status === 'failed';

/**
 * `GET /api/admin/media/images?ids=…` (docs/decisions/0091): the jobs making an upload's covers and pictures,
 * asked again every second while any is queued or processing; a job that ended is not asked for again.
 */
export function imageJobsQuery(token: string, ids: readonly string[]) {
  const queryKey = ['admin', 'image-jobs', ids] as const;
  return queryOptions({
    queryKey,
    queryFn: async ({ signal, client }) => {
      const known = new Map((client.getQueryData<ImageJob[]>(queryKey) ?? []).map((job) => [job.id, job]));
      const open = ids.filter((id) => !isImageJobFinished(known.get(id)));
      for (let i = 0; i < open.length; i += imageJobsPerAsk) {
        const asked = open.slice(i, i + imageJobsPerAsk).join(',');
        const { data } = await withAdminSession(apiGet<Answer<typeof imageJobsResponseSchema>>('/admin/media/images', { ids: asked }, signal, { token }));
        for (const job of data) known.set(job.id, job);
      }
      return ids.flatMap((id) => known.get(id) ?? []);
    },
    enabled: ids.length > 0,
    refetchInterval: (query) => (query.state.data?.every(isImageJobFinished) ? false : imageJobPollMs),
  });
}
