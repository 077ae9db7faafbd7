import { z } from 'zod';

/**
 * zod schemas for the parts of Spotify Web API answers the catalog client reads
 * (`tests/fixtures/spotify-web-api.openapi.yml`: SimplifiedAlbumObject, AlbumObject, TrackObject,
 * SimplifiedTrackObject, ArtistObject, the paging objects and the search answer).
 *
 * They accept everything the document allows and what Spotify does in 2026 (docs/product.md §10.4): for most
 * apps there is no `preview_url`, album `label`, `popularity` or artist `followers`, and deprecated
 * fields may be missing or null. Whatever is absent is kept as `null`; nothing is invented. Unknown
 * fields are dropped. Only what identifies an object (id, name, and a track's duration) is required.
 */

/** Absent or null in the answer → `null` in the result. */
const orNull = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? null);

const int = z.number().int();

export const spotifyImageSchema = z.object({
  url: z.string(),
  height: orNull(int),
  width: orNull(int),
});

export const spotifyExternalUrlsSchema = z.object({ spotify: orNull(z.string()) });

export const spotifyExternalIdsSchema = z.object({
  isrc: orNull(z.string()),
  ean: orNull(z.string()),
  upc: orNull(z.string()),
});

const common = {
  id: z.string(),
  name: z.string(),
  href: orNull(z.string()),
  uri: orNull(z.string()),
  external_urls: orNull(spotifyExternalUrlsSchema),
};

export const spotifySimplifiedArtistSchema = z.object(common);

export const spotifyArtistSchema = z.object({
  ...common,
  images: orNull(z.array(spotifyImageSchema)),
  genres: orNull(z.array(z.string())),
  popularity: orNull(int),
  followers: orNull(z.object({ total: orNull(int) })),
});

export const spotifySimplifiedTrackSchema = z.object({
  ...common,
  artists: z.array(spotifySimplifiedArtistSchema),
  duration_ms: int,
  disc_number: orNull(int),
  track_number: orNull(int),
  explicit: orNull(z.boolean()),
  is_playable: orNull(z.boolean()),
  is_local: orNull(z.boolean()),
  preview_url: orNull(z.string()),
});

export const spotifySimplifiedAlbumSchema = z.object({
  ...common,
  album_type: orNull(z.string()),
  total_tracks: orNull(int),
  release_date: orNull(z.string()),
  release_date_precision: orNull(z.enum(['year', 'month', 'day'])),
  images: orNull(z.array(spotifyImageSchema)),
  artists: z.array(spotifySimplifiedArtistSchema),
});

export const spotifyTrackSchema = spotifySimplifiedTrackSchema.extend({
  album: orNull(spotifySimplifiedAlbumSchema),
  external_ids: orNull(spotifyExternalIdsSchema),
  popularity: orNull(int),
});

/** A PagingObject of `item`. Search answers may contain `null` items: they are left out. */
export function spotifyPagingSchema<T extends z.ZodType>(item: T) {
  return z.object({
    href: orNull(z.string()),
    items: z.array(item.nullable()).transform((items) => items.filter((entry): entry is NonNullable<typeof entry> => entry !== null)),
    limit: int,
    next: orNull(z.string()),
    offset: int,
    previous: orNull(z.string()),
    total: int,
  });
}

export const spotifyAlbumSchema = spotifySimplifiedAlbumSchema.extend({
  tracks: spotifyPagingSchema(spotifySimplifiedTrackSchema),
  copyrights: orNull(z.array(z.object({ text: orNull(z.string()), type: orNull(z.string()) }))),
  external_ids: orNull(spotifyExternalIdsSchema),
  genres: orNull(z.array(z.string())),
  label: orNull(z.string()),
  popularity: orNull(int),
});

export const spotifyAlbumTracksPageSchema = spotifyPagingSchema(spotifySimplifiedTrackSchema);
export const spotifyAlbumSearchSchema = z.object({ albums: spotifyPagingSchema(spotifySimplifiedAlbumSchema) });
export const spotifyTrackSearchSchema = z.object({ tracks: spotifyPagingSchema(spotifyTrackSchema) });

/** The client-credentials answer of the accounts service. */
export const spotifyTokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().positive(),
});

export type SpotifyImage = z.output<typeof spotifyImageSchema>;
export type SpotifySimplifiedArtist = z.output<typeof spotifySimplifiedArtistSchema>;
export type SpotifyArtist = z.output<typeof spotifyArtistSchema>;
export type SpotifySimplifiedTrack = z.output<typeof spotifySimplifiedTrackSchema>;
export type SpotifyTrack = z.output<typeof spotifyTrackSchema>;
export type SpotifySimplifiedAlbum = z.output<typeof spotifySimplifiedAlbumSchema>;
export type SpotifyAlbum = z.output<typeof spotifyAlbumSchema>;
