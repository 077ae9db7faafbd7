import { z } from 'zod';
import { canonicalIsrc, isrcPattern } from '../domain/isrc.js';
import { artistCreditSchema } from './catalog.js';
import { itemResponse, limitParam, listResponse, offsetParam, searchParam } from './common.js';
import { releasePriceOutputSchema, releasePriceSchema } from './shop.js';

// The admin Tracks and Artists tabs' contract (docs/product.md §10.6). The edit dialogs validate with the
// same request schemas as the server: one set of rules and messages.

export const adminTrackSortFields = ['release_date', 'title', 'artist', 'release', 'duration'] as const;
export type AdminTrackSortField = (typeof adminTrackSortFields)[number];
export type SortDirection = 'asc' | 'desc';

/** `field:direction`, e.g. `release_date:desc` (the default: newest release first, docs/product.md §2). */
export const adminTrackSorts = adminTrackSortFields.flatMap((field) => [`${field}:asc`, `${field}:desc`] as const);
export type AdminTrackSort = `${AdminTrackSortField}:${SortDirection}`;
export const defaultAdminTrackSort: AdminTrackSort = 'release_date:desc';

export const adminTracksQuerySchema = z.object({
  offset: offsetParam,
  limit: limitParam(25),
  sort: z
    .enum(adminTrackSorts as [AdminTrackSort, ...AdminTrackSort[]], {
      error: `sort must be one of ${adminTrackSorts.join(', ')}`,
    })
    .default(defaultAdminTrackSort),
  q: searchParam,
});
export type AdminTracksQuery = z.infer<typeof adminTracksQuerySchema>;

export const adminArtistsQuerySchema = z.object({ offset: offsetParam, limit: limitParam(25), q: searchParam });
export type AdminArtistsQuery = z.infer<typeof adminArtistsQuerySchema>;

/** The release a track row belongs to, and what `PATCH /api/admin/releases/{id}` answers. */
export const adminReleaseSchema = z.object({
  id: z.string(),
  title: z.string(),
  release_date: z.string().nullable(),
  artwork_url: z.string().nullable(),
  label_id: z.string(),
  /** Staff pinned it to the top of Top Releases (docs/product.md §10.5). */
  pinned: z.boolean(),
});
export type AdminRelease = z.infer<typeof adminReleaseSchema>;

export const adminTrackSchema = z.object({
  id: z.string(),
  title: z.string(),
  mix_version: z.string().nullable(),
  /** Unknown durations are null, shown as '—' (docs/product.md §10.8). */
  duration_ms: z.number().int().nullable(),
  isrc: z.string().nullable(),
  spotify_url: z.string().nullable(),
  preview_url: z.string().nullable(),
  /** Where the preview cut from uploaded audio starts and how long it is; null: 25% of the track, 60 s (docs/decisions/0026). */
  preview_start_ms: z.number().int().nullable(),
  preview_length_ms: z.number().int().nullable(),
  member_download: z.boolean(),
  /** A pre-order's buyer downloads it at once, the rest on the release day (issue 36, docs/decisions/0105). */
  instant_grat: z.boolean(),
  /** Its price sold alone (issue 36); null: sold only with its release. */
  price: releasePriceOutputSchema.nullable(),
  artists: z.array(artistCreditSchema),
  release: adminReleaseSchema,
});
export type AdminTrack = z.infer<typeof adminTrackSchema>;

export const adminArtistSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The artist's own picture; null when there is none (no fallback is made up here). */
  image_url: z.string().nullable(),
  bio: z.string().nullable(),
  genres: z.array(z.string()),
  spotify_url: z.string().nullable(),
  /** Distinct releases the artist is credited on, by the release or one of its tracks. */
  release_count: z.number().int(),
  track_count: z.number().int(),
});
export type AdminArtist = z.infer<typeof adminArtistSchema>;

export const maxTrackDurationMs = 24 * 60 * 60 * 1000;
export const maxArtistBioLength = 5000;
export const maxArtistGenres = 20;
export const maxGenreLength = 50;

export function isSpotifyTrackUrl(value: string): boolean {
  return /^https:\/\/open\.spotify\.com\/(?:intl-[a-z]{2}(?:-[a-z]{2})?\/)?track\/[A-Za-z0-9]{22}\/?(?:\?[^\s#]*)?$/.test(value);
}

/** An http(s) URL, or a path of the site's own media (generated previews live under /media/). */
export function isPreviewUrl(value: string): boolean {
  if (value.startsWith('/')) return /^\/media\/[A-Za-z0-9._~%/-]+$/.test(value) && !value.split('/').includes('..');
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A text field that may be cleared: null or blank clears it; otherwise trimmed and checked. */
export function clearableText(label: string, max: number, check?: { test: (value: string) => boolean; message: string }) {
  const text = z
    .string({ error: `${label} must be text or null` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters`, abort: true })
    .refine((value) => value === '' || !check || check.test(value), { error: check?.message ?? '' })
    .transform((value) => (value === '' ? null : value));
  return text.nullable();
}

/** A request body that refuses fields it does not know, so that a misspelt field is not ignored. */
export function strictBody<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : 'The body must be a JSON object'),
  });
}

export const adminTrackUpdateFields = ['title', 'mix_version', 'duration_ms', 'isrc', 'spotify_url', 'preview_url', 'preview_start_ms', 'preview_length_ms', 'member_download', 'instant_grat', 'price'] as const;
export type AdminTrackUpdateField = (typeof adminTrackUpdateFields)[number];

const durationMessage = 'Duration must be more than 0:00 and at most 24 hours';

const durationType = 'Duration must be a whole number of milliseconds or null';
const isrcMessage = 'ISRC must be 12 letters and digits, like GB-ABC-24-00001';

export const titleField = z
  .string({ error: 'Title must be text' })
  .trim()
  .min(1, { error: 'Title must not be empty', abort: true })
  .max(300, { error: 'Title must be at most 300 characters' });

export const durationField = z
  .number({ error: durationType })
  .int({ error: durationType })
  .positive({ error: durationMessage })
  .max(maxTrackDurationMs, { error: durationMessage })
  .nullable();

/** Hyphens allowed as typed; stored in the canonical form the importer uses. */
export const isrcField = z
  .string({ error: 'ISRC must be text or null' })
  .max(20, { error: isrcMessage, abort: true })
  .transform(canonicalIsrc)
  .refine((value) => value === '' || isrcPattern.test(value), { error: isrcMessage })
  .transform((value) => (value === '' ? null : value))
  .nullable();

/** Where the preview cut from uploaded audio starts, and how long it lasts (docs/decisions/0026); null: 25% of the track, 1:00. */
export const previewStartField = z
  .number({ error: 'Preview start must be a whole number of milliseconds or null' })
  .int({ error: 'Preview start must be a whole number of milliseconds or null' })
  .min(0, { error: 'Preview start must not be negative' })
  .max(maxTrackDurationMs, { error: 'Preview start must be at most 24 hours' })
  .nullable();
export const previewLengthField = z
  .number({ error: 'Preview length must be a whole number of milliseconds or null' })
  .int({ error: 'Preview length must be a whole number of milliseconds or null' })
  .min(5_000, { error: 'Preview length must be between 0:05 and 10:00' })
  .max(600_000, { error: 'Preview length must be between 0:05 and 10:00' })
  .nullable();
/** Active VIP members download the uploaded audio (docs/decisions/0064). */
export const memberDownloadField = z.boolean({ error: 'Member download must be true or false' });
/** A pre-order's buyer downloads it at once, the rest on the release day (issue 36, docs/decisions/0105). */
export const instantGratField = z.boolean({ error: 'Instant grat must be true or false' });

/** `PATCH /api/admin/tracks/{id}`: any of the fields, at least one. */
export const adminTrackUpdateSchema = strictBody({
  title: titleField.optional(),
  mix_version: clearableText('Mix version', 200).optional(),
  duration_ms: durationField.optional(),
  isrc: isrcField.optional(),
  spotify_url: clearableText('Spotify URL', 500, {
    test: isSpotifyTrackUrl,
    message: 'Spotify URL must be a https://open.spotify.com/track/… link',
  }).optional(),
  preview_url: clearableText('Preview URL', 500, {
    test: isPreviewUrl,
    message: 'Preview URL must be an http(s) URL or a path starting with /media/',
  }).optional(),
  preview_start_ms: previewStartField.optional(),
  preview_length_ms: previewLengthField.optional(),
  member_download: memberDownloadField.optional(),
  instant_grat: instantGratField.optional(),
  /** Its price sold alone, as in the release editor (issue 36); null: not sold alone. */
  price: releasePriceSchema.nullable().optional(),
}).refine((body) => Object.values(body).some((value) => value !== undefined), {
  error: `Send at least one of ${adminTrackUpdateFields.join(', ')}`,
});
export type AdminTrackUpdate = z.infer<typeof adminTrackUpdateSchema>;
export type AdminTrackUpdateInput = z.input<typeof adminTrackUpdateSchema>;

/** Genres as staff type them: trimmed, the same genre once (first spelling wins), at most 20. */
export const artistGenresSchema = z
  .array(
    z
      .string({ error: 'Each genre must be text' })
      .trim()
      .min(1, { error: 'A genre must not be empty', abort: true })
      .max(maxGenreLength, { error: `A genre must be at most ${maxGenreLength} characters` }),
    { error: 'Genres must be a list of text' },
  )
  .transform((genres) => {
    const seen = new Set<string>();
    return genres.filter((genre) => !seen.has(genre.toLowerCase()) && seen.add(genre.toLowerCase()));
  })
  .refine((genres) => genres.length <= maxArtistGenres, { error: `At most ${maxArtistGenres} genres` });

/** `PATCH /api/admin/artists/{id}`: bio and/or genres. */
export const adminArtistUpdateSchema = strictBody({
  bio: clearableText('Bio', maxArtistBioLength).optional(),
  genres: artistGenresSchema.optional(),
}).refine((body) => body.bio !== undefined || body.genres !== undefined, { error: 'Send bio, genres or both' });
export type AdminArtistUpdate = z.infer<typeof adminArtistUpdateSchema>;
export type AdminArtistUpdateInput = z.input<typeof adminArtistUpdateSchema>;

export const adminTracksResponseSchema = listResponse(adminTrackSchema);
export const adminTrackResponseSchema = itemResponse(adminTrackSchema);
export const adminArtistsResponseSchema = listResponse(adminArtistSchema);
export const adminArtistResponseSchema = itemResponse(adminArtistSchema);
export const adminDeleteResponseSchema = z.object({ success: z.literal(true), message: z.string() });
