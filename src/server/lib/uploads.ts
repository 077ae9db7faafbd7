import type { FastifyRequest } from 'fastify';
import { maxUploadFileNameLength, uploadMessages } from '../../shared/api/uploads.js';
import { AppError, BadRequestError } from '../errors.js';

// The rules every upload route follows (docs/decisions/0019): its own body limit, checked from the
// stated length before a byte is read; its idle or quota check counted before the body is read; and
// the file name checked like any other text field.

/**
 * Refuses an upload that does not state its length (411) or states more than `maxBodyBytes` (413),
 * before any of it is read. A stated length bounds the whole body: Node reads no further, so
 * nothing after the multipart limits (a preamble, an epilogue) can grow without bound either.
 */
export function checkUploadLength(request: FastifyRequest, limit: { maxBodyBytes: number; tooLargeMessage: string; field: string }): void {
  const stated = request.headers['content-length'];
  if (stated === undefined || !/^\d+$/.test(stated)) throw new AppError(411, uploadMessages.lengthRequired, limit.field);
  if (Number(stated) > limit.maxBodyBytes) throw new AppError(413, limit.tooLargeMessage, limit.field);
}

// C0 and C1 control characters (NUL included: PostgreSQL text cannot hold it) and DEL.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;

/** The uploaded file's name, if it is one a person could have given a file: 400 naming `field` otherwise. */
export function checkUploadFileName(name: string, field: string): string {
  const isValid = name.length <= maxUploadFileNameLength && !controlCharacter.test(name) && !/[/\\]/.test(name);
  if (!isValid) throw new BadRequestError(uploadMessages.fileNameInvalid, field);
  return name;
}
