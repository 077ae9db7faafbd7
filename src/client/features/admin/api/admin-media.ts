import type { mediaUploadResponseSchema } from '../../../../shared/api/admin-media.js';
import { apiSend, type Answer } from '../../../lib/api-client.js';
import { withAdminSession } from './admin-request.js';

/** `POST /api/admin/media`: covers and artist pictures, or zips of them, each matched by its file name. */
export function uploadMedia(token: string, files: readonly File[]) {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  return withAdminSession(apiSend<Answer<typeof mediaUploadResponseSchema>>('POST', '/admin/media', form, { token }));
}

/** The picture of one release or artist: the file sent under the target's id, which is what matches it. */
export function uploadPictureOf(token: string, targetId: string, file: File) {
  const extension = /\.[A-Za-z0-9]+$/.exec(file.name)?.[0] ?? '';
  return uploadMedia(token, [new File([file], `${targetId}${extension}`, { type: file.type })]);
}
