import { z } from 'zod';
import { labels } from '../labels.js';
import { releaseStatuses } from '../domain/release-status.js';
import { releaseTypes } from '../domain/release-type.js';
import { storeLinkSchema, storeLinksSchema } from '../domain/store-links.js';
import { trackAudioStatuses } from './admin-audio.js';
import { adminReleaseSchema, clearableText, durationField, instantGratField, isrcField, memberDownloadField, previewLengthField, previewStartField, strictBody, titleField } from './admin-catalog.js';
import { itemResponse, limitParam, listResponse, offsetParam, searchParam } from './common.js';
import { releasePriceOutputSchema, releasePriceSchema } from './shop.js';

// Releases made and edited by hand in admin (issue 24 part 4, docs/decisions/0082). The form validates with
// these schemas too: one set of rules and messages.

export const maxReleaseTracks = 200;
export const maxCredits = 20;
const labelIds = labels.map((label) => label.id) as [string, ...string[]];

const artistNames = (what: string) =>
  z
    .array(
      z
        .string({ error: `Each ${what} must be a name` })
        .trim()
        .min(1, { error: `A ${what} name must not be empty`, abort: true })
        .max(200, { error: `A ${what} name must be at most 200 characters` }),
      { error: `${what[0]?.toUpperCase()}${what.slice(1)}s must be a list of names` },
    )
    .max(maxCredits, { error: `At most ${maxCredits} ${what}s` });

/** A calendar date as the release date column holds it. */
const releaseDateField = z
  .string({ error: 'Release date must be a date like 2026-12-04, or null' })
  .trim()
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    error: 'Release date must be a date like 2026-12-04',
  })
  .nullable();

export const adminReleaseTrackInputSchema = z.strictObject(
  {
    /** An existing track of the release (edit); absent for a new one. */
    id: z.uuid({ error: 'Track id must be the id of a track of this release' }).optional(),
    title: titleField,
    mix_version: clearableText('Mix version', 200).optional(),
    isrc: isrcField.optional(),
    duration_ms: durationField.optional(),
    artists: artistNames('artist').default([]),
    remixers: artistNames('remixer').default([]),
    // The release editor's audio settings of a track; absent: as stored (a new track: none, no download).
    preview_start_ms: previewStartField.optional(),
    preview_length_ms: previewLengthField.optional(),
    member_download: memberDownloadField.optional(),
    /** Absent: as stored (a new track: no). */
    instant_grat: instantGratField.optional(),
    /** Its price sold alone (issue 36), as a release's; null: sold only with its release; absent: as stored (a new track: not sold alone). */
    price: releasePriceSchema.nullable().optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : 'Each track must be an object') },
);
export type AdminReleaseTrackInput = z.input<typeof adminReleaseTrackInputSchema>;

/** Tracks in order; an ISRC once per release (the index it repeats is named). */
const tracksField = z
  .array(adminReleaseTrackInputSchema, { error: 'Tracks must be a list' })
  .min(1, { error: 'A release needs at least one track' })
  .max(maxReleaseTracks, { error: `At most ${maxReleaseTracks} tracks` })
  .superRefine((tracks, ctx) => {
    const seen = new Map<string, number>();
    tracks.forEach((track, index) => {
      if (!track.isrc) return;
      const first = seen.get(track.isrc);
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: [index, 'isrc'], message: `ISRC ${track.isrc} is already on track ${first + 1} of this release` });
      else seen.set(track.isrc, index);
    });
  });

export const maxGenres = 10;

/** Genres of the release, in order: names, each once. */
const genresField = z
  .array(
    z
      .string({ error: 'Each genre must be a name' })
      .trim()
      .min(1, { error: 'A genre must not be empty', abort: true })
      .max(100, { error: 'A genre must be at most 100 characters' }),
    { error: 'Genres must be a list of names' },
  )
  .max(maxGenres, { error: `At most ${maxGenres} genres` })
  .transform((genres) => [...new Set(genres)]);

const releaseFields = {
  title: titleField,
  version: clearableText('Version', 200),
  type: z.enum(releaseTypes, { error: `Type must be one of ${releaseTypes.join(', ')}` }),
  /** docs/decisions/0101: a draft is never public; scheduled needs a release date after today. */
  status: z.enum(releaseStatuses, { error: `Status must be one of ${releaseStatuses.join(', ')}` }),
  genres: genresField,
  description: clearableText('Description', 5000),
  credits: clearableText('Credits', 5000),
  release_date: releaseDateField,
  label_id: z.enum(labelIds, { error: `Label must be one of ${labelIds.join(', ')}` }),
  catalog_number: clearableText('Catalog number', 50),
  upc: clearableText('UPC', 14, { test: (value) => /^\d{12,14}$/.test(value), message: 'UPC must be 12 to 14 digits' }),
  /** Release artists by name: an artist of that name is credited, a new one is made otherwise. */
  artists: artistNames('artist'),
  tracks: tracksField,
  links: storeLinksSchema,
  /** Its price in the shop (issue 36); null: not sold. */
  price: releasePriceSchema.nullable(),
};

/** `POST /api/admin/releases`. */
export const adminReleaseCreateSchema = strictBody({
  ...releaseFields,
  // Public as before, unless staff choose draft (docs/decisions/0101).
  status: releaseFields.status.default('published'),
  genres: releaseFields.genres.default([]),
  description: releaseFields.description.default(null),
  credits: releaseFields.credits.default(null),
  version: releaseFields.version.default(null),
  release_date: releaseFields.release_date.default(null),
  catalog_number: releaseFields.catalog_number.default(null),
  upc: releaseFields.upc.default(null),
  artists: releaseFields.artists.default([]),
  links: releaseFields.links.default([]),
  price: releaseFields.price.default(null),
});
export type AdminReleaseCreate = z.infer<typeof adminReleaseCreateSchema>;
export type AdminReleaseCreateInput = z.input<typeof adminReleaseCreateSchema>;

export const adminReleaseEditFields = [...(Object.keys(releaseFields) as (keyof typeof releaseFields)[]), 'pinned'] as const;

/** `PATCH /api/admin/releases/{id}`: any of the fields (tracks replace the list: kept by id, new without), at least one. */
export const adminReleaseUpdateSchema = strictBody({
  title: releaseFields.title.optional(),
  version: releaseFields.version.optional(),
  type: releaseFields.type.optional(),
  status: releaseFields.status.optional(),
  genres: releaseFields.genres.optional(),
  description: releaseFields.description.optional(),
  credits: releaseFields.credits.optional(),
  release_date: releaseFields.release_date.optional(),
  label_id: releaseFields.label_id.optional(),
  catalog_number: releaseFields.catalog_number.optional(),
  upc: releaseFields.upc.optional(),
  artists: releaseFields.artists.optional(),
  tracks: releaseFields.tracks.optional(),
  links: releaseFields.links.optional(),
  price: releaseFields.price.optional(),
  pinned: z.boolean({ error: 'pinned must be true or false' }).optional(),
}).refine((body) => Object.values(body).some((value) => value !== undefined), {
  error: `Send at least one of ${adminReleaseEditFields.join(', ')}`,
});
export type AdminReleaseUpdate = z.infer<typeof adminReleaseUpdateSchema>;
export type AdminReleaseUpdateInput = z.input<typeof adminReleaseUpdateSchema>;

export const adminReleaseTrackSchema = z.object({
  id: z.string(),
  title: z.string(),
  mix_version: z.string().nullable(),
  isrc: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  artists: z.array(z.string()),
  remixers: z.array(z.string()),
  /** The label's uploaded audio of the track, and the job cutting its preview; null: none uploaded. */
  audio: z.object({ file_name: z.string(), status: z.enum(trackAudioStatuses) }).nullable(),
  preview_start_ms: z.number().int().nullable(),
  preview_length_ms: z.number().int().nullable(),
  member_download: z.boolean(),
  instant_grat: z.boolean(),
  /** Its price sold alone (issue 36); null: sold only with its release. */
  price: releasePriceOutputSchema.nullable(),
});

/** What the release form edits, and what creating or editing a release answers. */
export const adminReleaseDetailSchema = adminReleaseSchema.extend({
  version: z.string().nullable(),
  type: z.enum(releaseTypes),
  /** `scheduled` while a public release's date is after today, then `published` (docs/decisions/0101). */
  status: z.enum(releaseStatuses),
  /** Its public address under its label: made while a draft, kept once public. */
  slug: z.string(),
  genres: z.array(z.string()),
  description: z.string().nullable(),
  credits: z.string().nullable(),
  catalog_number: z.string().nullable(),
  upc: z.string().nullable(),
  artists: z.array(z.string()),
  tracks: z.array(adminReleaseTrackSchema),
  links: z.array(storeLinkSchema),
  price: releasePriceOutputSchema.nullable(),
  /** How many tracks have no master uploaded: the release is for sale only when none lacks one (issue 36). */
  tracks_without_master: z.number().int(),
  /** Dated after today in the labels' time zone: announced, not yet public (docs/decisions/0081). */
  upcoming: z.boolean(),
});
export type AdminReleaseDetail = z.infer<typeof adminReleaseDetailSchema>;

export const adminReleaseDetailResponseSchema = itemResponse(adminReleaseDetailSchema);

/** `GET /api/admin/releases`: q (title, catalog number, UPC or artist), label (id or short name), status (as shown). */
export const adminReleasesQuerySchema = z.object({
  offset: offsetParam,
  limit: limitParam(25),
  q: searchParam,
  label: z.string().min(1, { error: 'label must not be empty' }).optional(),
  status: z.enum(releaseStatuses, { error: `status must be one of ${releaseStatuses.join(', ')}` }).optional(),
});
export type AdminReleasesQuery = z.infer<typeof adminReleasesQuerySchema>;

/** A row of the admin's list of releases: every release, drafts too, newest first. */
export const adminReleaseListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  version: z.string().nullable(),
  catalog_number: z.string().nullable(),
  upc: z.string().nullable(),
  label_id: z.string(),
  /** As shown: a public release is `scheduled` while its date is after today, then `published`. */
  status: z.enum(releaseStatuses),
  slug: z.string(),
  type: z.enum(releaseTypes),
  release_date: z.string().nullable(),
  artwork_url: z.string().nullable(),
  /** Release artists' names, in order. */
  artists: z.array(z.string()),
  track_count: z.number().int(),
  /** Of its tracks, those with the label's own audio uploaded. */
  tracks_with_audio: z.number().int(),
  pinned: z.boolean(),
});
export type AdminReleaseListItem = z.infer<typeof adminReleaseListItemSchema>;
export const adminReleasesResponseSchema = listResponse(adminReleaseListItemSchema);
