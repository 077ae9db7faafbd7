import { z } from 'zod';
import { releaseTypes } from '../domain/release-type.js';
import { storeLinkSchema } from '../domain/store-links.js';
import { releasePriceOutputSchema } from './shop.js';
import { flagParam, intParam, itemResponse, limitParam, listResponse, offsetParam, searchParam } from './common.js';

export const artistRoleSchema = z.enum(['primary', 'featured', 'remixer']);

export const labelSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  short: z.string(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Label = z.infer<typeof labelSchema>;

export const artistCreditSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: artistRoleSchema,
  image_url: z.string().nullable(),
});
export type ArtistCredit = z.infer<typeof artistCreditSchema>;

export const trackSchema = z.object({
  id: z.string(),
  release_id: z.string(),
  title: z.string(),
  mix_version: z.string().nullable(),
  isrc: z.string().nullable(),
  /** Unknown durations are null, never invented. */
  duration_ms: z.number().int().nullable(),
  track_number: z.number().int(),
  disc_number: z.number().int(),
  genres: z.array(z.string()),
  artists: z.array(artistCreditSchema),
  isRemix: z.boolean(),
  remixer: artistCreditSchema.nullable(),
  spotify_url: z.string().nullable(),
  preview_url: z.string().nullable(),
  /** Active VIP members download its uploaded audio (docs/decisions/0064, 0066); others are asked to join. */
  member_download: z.boolean(),
  /**
   * An upcoming release's track with a preview of the label's own (the generated loop or one cut from
   * uploaded audio): what active VIP members stream early (docs/decisions/0064, 0066). False once out
   * (its preview_url is public) and for a track without one. The same for everyone.
   */
  early_access: z.boolean(),
  /**
   * An upcoming release's track that staff marked an instant grat (docs/decisions/0105): its pre-order's
   * buyer downloads it at once, the rest on the release day. False once out and for the other tracks.
   */
  instant_grat: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Track = z.infer<typeof trackSchema>;

/** A track as its release's answer gives it: with its price sold alone (issue 36, docs/decisions/0105). */
export const releaseTrackSchema = trackSchema.extend({
  /** Its own price; null: sold only with its release. */
  price: releasePriceOutputSchema.nullable(),
  /** Can be bought alone now: priced, its release public and its master uploaded (an upcoming one as a pre-order). */
  for_sale: z.boolean(),
});
export type ReleaseTrack = z.infer<typeof releaseTrackSchema>;

export const releaseSchema = z.object({
  id: z.string(),
  /** Its address under its label, `/{label}/releases/{slug}`: catalog number and title, kept once public (docs/decisions/0101). */
  slug: z.string(),
  title: z.string(),
  version: z.string().nullable(),
  label_id: z.string(),
  upc: z.string().nullable(),
  catalog_number: z.string().nullable(),
  release_date: z.string().nullable(),
  type: z.enum(releaseTypes),
  genres: z.array(z.string()),
  /** The label's words about it, and its credits (written by, mastered by…): plain text, null when none. */
  description: z.string().nullable(),
  credits: z.string().nullable(),
  artwork_url: z.string().nullable(),
  spotify_url: z.string().nullable(),
  popularity: z.number().int().nullable(),
  stream_count: z.number().int(),
  pinned: z.boolean(),
  total_tracks: z.number().int(),
  /** Where it is sold and streamed: "Buy / Stream" buttons, in this order. */
  links: z.array(storeLinkSchema),
  /** Dated after today in the labels' time zone: announced as "Out {date}", not in Top Releases yet. */
  upcoming: z.boolean(),
  /** When it is (or was) out: midnight starting its date in the labels' time zone; null when undated. */
  public_at: z.string().nullable(),
  /** Its price as staff set it (issue 36, docs/decisions/0105); null: not sold here. */
  price: releasePriceOutputSchema.nullable(),
  /** Can be bought now: priced and every track's master uploaded (an upcoming one as a pre-order). */
  for_sale: z.boolean(),
  artists: z.array(artistCreditSchema).optional(),
  tracks: z.array(releaseTrackSchema).optional(),
});
export type Release = z.infer<typeof releaseSchema>;

export const rankedReleaseSchema = releaseSchema.extend({
  popularity_score: z.number(),
  popularity_rank: z.number().int(),
});
export type RankedRelease = z.infer<typeof rankedReleaseSchema>;

export const artistSchema = z.object({
  id: z.string(),
  name: z.string(),
  image_url: z.string(),
  bio: z.string().nullable(),
  genres: z.array(z.string()),
  labels: z.array(z.string()),
  spotify_url: z.string().nullable(),
  followers: z.number().int().nullable(),
  popularity: z.number().int().nullable(),
});
export type Artist = z.infer<typeof artistSchema>;

export const artistReleaseSchema = releaseSchema.extend({
  artistRole: z.enum(['Artist', 'Remixer', 'Featured']),
  /** The credited track's title when the credit is on a track rather than the whole release. */
  artistTrackTitle: z.string().nullable(),
  /** That track's id (one of `tracks`), so that its row shows its length and plays it. */
  artistTrackId: z.string().nullable(),
});
export type ArtistRelease = z.infer<typeof artistReleaseSchema>;

const labelParam = z.string().min(1, { error: 'label must not be empty' }).optional();

export const releaseSorts = ['date:desc', 'date:asc', 'title:asc', 'title:desc'] as const;

export const releasesQuerySchema = z.object({
  label: labelParam,
  offset: offsetParam,
  limit: limitParam(10),
  include_tracks: flagParam('include_tracks', false),
  include_artists: flagParam('include_artists', false),
  sort: z.enum(releaseSorts, { error: `sort must be one of ${releaseSorts.join(', ')}` }).default('date:desc'),
  type: z.enum(releaseTypes, { error: `type must be one of ${releaseTypes.join(', ')}` }).optional(),
  q: searchParam,
});
export type ReleasesQuery = z.infer<typeof releasesQuerySchema>;

export const releaseQuerySchema = z.object({
  include_tracks: flagParam('include_tracks', true),
  include_artists: flagParam('include_artists', true),
  include_remixes: flagParam('include_remixes', true),
});

export const trackSorts = [
  'created_at',
  'created_at:desc',
  'created_at:asc',
  'release_date',
  'release_date:desc',
  'release_date:asc',
  'title',
  'title:asc',
  'title:desc',
] as const;

export const tracksQuerySchema = z.object({
  release_id: z.uuid({ error: 'release_id must be a release id' }).optional(),
  label: labelParam,
  sort: z.enum(trackSorts, { error: `sort must be one of ${trackSorts.join(', ')}` }).default('created_at'),
  offset: offsetParam,
  limit: limitParam(50),
  q: searchParam,
});
export type TracksQuery = z.infer<typeof tracksQuerySchema>;

export const artistsQuerySchema = z.object({
  label: labelParam,
  offset: offsetParam,
  limit: limitParam(50),
  sort: z.enum(['name', 'name:asc', 'name:desc'], { error: 'sort must be one of name, name:asc, name:desc' }).default('name'),
  q: searchParam,
});
export type ArtistsQuery = z.infer<typeof artistsQuerySchema>;

export const artistReleasesQuerySchema = z.object({
  page: intParam('page', 1, 100_000, 1),
  limit: limitParam(10),
});

export const topReleasesQuerySchema = z.object({
  limit: limitParam(10),
  /** Ranks only releases of this type ('Top Albums'); absent: every type. */
  type: z.enum(releaseTypes, { error: `type must be one of ${releaseTypes.join(', ')}` }).optional(),
});

export const idParamsSchema = z.object({ id: z.string().min(1) });

export const labelsResponseSchema = itemResponse(z.array(labelSchema));
export const labelResponseSchema = itemResponse(labelSchema);
export const releasesResponseSchema = listResponse(releaseSchema);
export const releaseResponseSchema = itemResponse(releaseSchema);
export const rankedReleasesResponseSchema = listResponse(rankedReleaseSchema);
export const tracksResponseSchema = listResponse(trackSchema);
export const artistsResponseSchema = listResponse(artistSchema);
export const artistResponseSchema = itemResponse(artistSchema);
export const artistReleasesResponseSchema = listResponse(artistReleaseSchema).extend({
  page: z.number().int(),
});

export const healthResponseSchema = z.object({ success: z.boolean(), message: z.string() });

export const playlistSchema = z.object({
  id: z.string(),
  label_id: z.string(),
  title: z.string(),
  description: z.string(),
  cover_url: z.string(),
  followers: z.number().int().nullable(),
  spotify_url: z.string().nullable(),
  total_tracks: z.number().int(),
  tracks: z.array(trackSchema),
});
export type Playlist = z.infer<typeof playlistSchema>;

export const playlistsQuerySchema = z.object({ label: labelParam });
export const playlistsResponseSchema = itemResponse(z.array(playlistSchema));
