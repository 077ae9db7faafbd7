import {
  adminTrackUpdateFields,
  adminTrackUpdateSchema,
  type AdminTrack,
  type AdminTrackUpdateField,
  type AdminTrackUpdateInput,
} from '../../../../shared/api/admin-catalog.js';
import { formatDuration, parseLength } from '../../../../shared/domain/duration.js';
import type { FieldErrors } from './edit-dialog.js';

/** The edit dialog's fields as typed; the duration as m:ss. */
export type TrackFormValues = Record<AdminTrackUpdateField, string>;

const durationFormatMessage = 'Duration must be m:ss, like 5:30';

export function trackFormValues(track: AdminTrack): TrackFormValues {
  return {
    title: track.title,
    mix_version: track.mix_version ?? '',
    duration_ms: track.duration_ms === null ? '' : formatDuration(track.duration_ms),
    isrc: track.isrc ?? '',
    spotify_url: track.spotify_url ?? '',
    preview_url: track.preview_url ?? '',
  };
}

/**
 * The fields the user changed, as the PATCH body, checked with the server's own schema. Untouched
 * fields are not sent: m:ss shows whole seconds, so re-sending a duration could change it.
 */
export function trackChanges(
  initial: TrackFormValues,
  values: TrackFormValues,
): { changes: AdminTrackUpdateInput; errors: FieldErrors<AdminTrackUpdateField> } {
  const changes: Record<string, unknown> = {};
  for (const field of adminTrackUpdateFields) {
    if (values[field] !== initial[field]) changes[field] = values[field];
  }
  if (Object.keys(changes).length === 0) return { changes: {}, errors: {} };
  const errors: FieldErrors<AdminTrackUpdateField> = {};
  if ('duration_ms' in changes) {
    const text = values.duration_ms.trim();
    const ms = text === '' ? null : parseLength(text);
    if (text !== '' && ms === null) errors.duration_ms = durationFormatMessage;
    changes.duration_ms = ms;
  }
  const checked = adminTrackUpdateSchema.safeParse(changes);
  for (const issue of checked.error?.issues ?? []) {
    const field = issue.path[0] as AdminTrackUpdateField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return Object.keys(errors).length > 0 ? { changes: {}, errors } : { changes: changes as AdminTrackUpdateInput, errors };
}
