import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const labels = pgTable('labels', {
  id: text('id').primaryKey(),
  number: integer('number').notNull().unique(),
  short: text('short').notNull().unique(),
  name: text('name').notNull(),
  ...timestamps,
});

export const artists = pgTable(
  'artists',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Lower-cased name: the case-insensitive sort key. */
    nameKey: text('name_key').notNull(),
    looksLikeSamplePack: boolean('looks_like_sample_pack').notNull().default(false),
    imageUrl: text('image_url'),
    bio: text('bio'),
    genres: text('genres').array().notNull().default(sql`'{}'::text[]`),
    spotifyId: text('spotify_id').unique(),
    spotifyUrl: text('spotify_url'),
    followers: integer('followers'),
    popularity: integer('popularity'),
    ...timestamps,
  },
  (t) => [index('artists_name_key_idx').on(t.nameKey, t.id)],
);

export const releases = pgTable(
  'releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    labelId: text('label_id')
      .notNull()
      .references(() => labels.id),
    upc: text('upc').unique(),
    catalogNumber: text('catalog_number'),
    title: text('title').notNull(),
    version: text('version'),
    releaseDate: date('release_date', { mode: 'string' }),
    type: text('type', { enum: ['album', 'single', 'compilation'] }).notNull(),
    genres: text('genres').array().notNull().default(sql`'{}'::text[]`),
    artworkUrl: text('artwork_url'),
    spotifyId: text('spotify_id').unique(),
    spotifyUrl: text('spotify_url'),
    popularity: integer('popularity'),
    streamCount: integer('stream_count').notNull().default(0),
    pinned: boolean('pinned').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // Newest first with undated releases last: the index has exactly the order the lists ask for
    // (release_date DESC NULLS LAST, id DESC), so Postgres reads it forward (STYLE.md pitfall).
    index('releases_label_date_idx').on(t.labelId, t.releaseDate.desc().nullsLast(), t.id.desc()),
    index('releases_label_type_date_idx').on(t.labelId, t.type, t.releaseDate.desc().nullsLast(), t.id.desc()),
    index('releases_date_idx').on(t.releaseDate.desc().nullsLast(), t.id.desc()),
  ],
);

export const tracks = pgTable(
  'tracks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    discNumber: integer('disc_number').notNull().default(1),
    trackNumber: integer('track_number').notNull(),
    isrc: text('isrc'),
    title: text('title').notNull(),
    mixVersion: text('mix_version'),
    durationMs: integer('duration_ms'),
    genres: text('genres').array().notNull().default(sql`'{}'::text[]`),
    previewUrl: text('preview_url'),
    spotifyId: text('spotify_id').unique(),
    spotifyUrl: text('spotify_url'),
    ...timestamps,
  },
  (t) => [
    // The same ISRC may sit on several releases (compilations), once per release.
    uniqueIndex('tracks_release_isrc_uq').on(t.releaseId, t.isrc),
    index('tracks_release_order_idx').on(t.releaseId, t.discNumber, t.trackNumber),
    index('tracks_created_idx').on(t.createdAt, t.id),
    index('tracks_isrc_idx').on(t.isrc),
  ],
);

export const artistRoles = ['primary', 'featured', 'remixer'] as const;

export const releaseArtists = pgTable(
  'release_artists',
  {
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    artistId: text('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    role: text('role', { enum: artistRoles }).notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.artistId, t.role] }), index('release_artists_artist_idx').on(t.artistId)],
);

export const trackArtists = pgTable(
  'track_artists',
  {
    trackId: uuid('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    artistId: text('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    role: text('role', { enum: artistRoles }).notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.trackId, t.artistId, t.role] }), index('track_artists_artist_idx').on(t.artistId)],
);
