import { z } from 'zod';
import {
  adminTrackUpdateFields,
  adminTrackUpdateSchema,
  type AdminTrack,
  type AdminTrackUpdateField,
  type AdminTrackUpdateInput,
} from '../../../../shared/api/admin-catalog.js';
import { formatDuration, parseLength } from '../../../../shared/domain/duration.js';
import { fixedPriceAtZero, priceBody, priceValues, type PriceFormValues } from '../components/release-form.js';

/** The fields typed as text; `member_download` and `instant_grat` are switches, `price` the release editor's price fields. */
export type TrackTextField = Exclude<AdminTrackUpdateField, 'member_download' | 'instant_grat' | 'price'>;

/** The edit dialog's fields as typed (the duration and the preview window as m:ss), the member download and instant grat switches, its price sold alone and the release's pin. */
export type TrackFormValues = Record<TrackTextField, string> & { member_download: boolean; instant_grat: boolean; price: PriceFormValues; pinned: boolean };

/** What a valid form sends: the changed fields as the PATCH body, the pin, and the title to name it by. */
export interface TrackEdit {
  changes: AdminTrackUpdateInput;
  pinned: boolean;
  title: string;
}

/** The fields typed as m:ss and sent as milliseconds, with the message for what is not m:ss. */
const lengthFields = {
  duration_ms: 'Duration must be m:ss, like 5:30',
  preview_start_ms: 'Preview start must be m:ss, like 1:30',
  preview_length_ms: 'Preview length must be m:ss, like 1:00',
} as const;

export function trackFormValues(track: AdminTrack): TrackFormValues {
  return {
    title: track.title,
    mix_version: track.mix_version ?? '',
    duration_ms: track.duration_ms === null ? '' : formatDuration(track.duration_ms),
    isrc: track.isrc ?? '',
    spotify_url: track.spotify_url ?? '',
    preview_url: track.preview_url ?? '',
    preview_start_ms: track.preview_start_ms === null ? '' : formatDuration(track.preview_start_ms),
    preview_length_ms: track.preview_length_ms === null ? '' : formatDuration(track.preview_length_ms),
    member_download: track.member_download,
    instant_grat: track.instant_grat,
    price: priceValues(track.price),
    pinned: track.release.pinned,
  };
}

/**
 * The form checked with the server's own schema, on the fields the user changed only: untouched
 * fields are not sent, since m:ss shows whole seconds and re-sending a duration could change it.
 */
export function trackFormSchema(initial: TrackFormValues) {
  const text = z.string();
  const typed = {
    title: text,
    mix_version: text,
    duration_ms: text,
    isrc: text,
    spotify_url: text,
    preview_url: text,
    preview_start_ms: text,
    preview_length_ms: text,
  };
  return z
    .object({ ...(typed satisfies Record<TrackTextField, z.ZodString>), member_download: z.boolean(), instant_grat: z.boolean(), price: z.custom<PriceFormValues>(), pinned: z.boolean() })
    .transform((values, ctx): TrackEdit => {
      const changes: Record<string, unknown> = {};
      for (const field of adminTrackUpdateFields) {
        if (field !== 'price' && values[field] !== initial[field]) changes[field] = values[field];
      }
      const price = priceBody(values.price);
      if (JSON.stringify(price) !== JSON.stringify(priceBody(initial.price))) changes.price = price;
      const atZero = fixedPriceAtZero(values.price);
      if (atZero) ctx.addIssue({ code: 'custom', path: ['price', 'amount'], message: atZero });
      for (const [field, message] of Object.entries(lengthFields) as [keyof typeof lengthFields, string][]) {
        if (!(field in changes)) continue;
        const length = values[field].trim();
        changes[field] = length === '' ? null : parseLength(length);
        if (changes[field] === null && length !== '') {
          ctx.addIssue({ code: 'custom', path: [field], message });
          delete changes[field];
        }
      }
      // Only the pin changed: no PATCH body to check.
      const checked = Object.keys(changes).length > 0 ? adminTrackUpdateSchema.safeParse(changes) : undefined;
      for (const issue of checked?.error?.issues ?? []) {
        ctx.addIssue({ code: 'custom', path: issue.path.slice(0, issue.path[0] === 'price' ? 2 : 1), message: issue.message });
      }
      return { changes: changes as AdminTrackUpdateInput, pinned: values.pinned, title: values.title.trim() };
    });
}
