import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { demoStatuses } from '../../shared/api/demos.js';
import { releaseStatuses } from '../../shared/domain/release-status.js';
import { releaseTypes } from '../../shared/domain/release-type.js';
import { vipMemberStatuses } from '../../shared/api/vip.js';
import { activityKinds } from '../../shared/api/admin-activity.js';
import { importJobKinds, importJobStatuses } from '../../shared/api/admin-import.js';
import { trackAudioStatuses } from '../../shared/api/admin-audio.js';
import { imageJobStatuses, imageSubjectKinds } from '../../shared/api/admin-media.js';
import { playlistStatuses, type PlaylistRule } from '../../shared/api/admin-playlists.js';
import { decisionStatuses, emailKinds, mailingLists, storedOutboxStatuses } from '../../shared/api/messaging.js';
import { staffRoles } from '../../shared/api/admin-auth.js';
import { downloadFormats } from '../../shared/download-formats.js';
import { shopOrderSources, shopOrderStatuses, type ReleasePrice } from '../../shared/api/shop.js';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Text compared byte by byte: the same order on every server, whatever its locale. */
const byteOrderedText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

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
    /**
     * The name as people read it, for sorting (docs/product.md §4.4): accents dropped (NFD, then the
     * combining marks removed), lower-cased, compared byte by byte (collation "C") so that PGlite and
     * PostgreSQL sort alike whatever their locale. Computed by the database (decision 0041).
     */
    nameKey: byteOrderedText('name_key')
      .notNull()
      .generatedAlwaysAs(sql`lower(regexp_replace(normalize(name, NFD), '[\\u0300-\\u036f]', '', 'g'))`),
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
  (t) => [
    index('artists_name_key_idx').on(t.nameKey, t.id),
    // Searches (`q`) are `ilike '%term%'`: a trigram index answers them without reading every row
    // (docs/decisions/0032-trigram-search.md).
    // fastupdate off: with it on, fresh rows wait in a pending list that every search reads through, and
    // nothing vacuums the embedded database (docs/decisions/0033).
    index('artists_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: 'off' }),
  ],
);

export const releases = pgTable(
  'releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    labelId: text('label_id')
      .notNull()
      .references(() => labels.id),
    upc: text('upc').unique(),
    /** Trimmed, never blank, once per label ignoring case (releases_label_catalog_number_uq). */
    catalogNumber: text('catalog_number'),
    title: text('title').notNull(),
    version: text('version'),
    releaseDate: date('release_date', { mode: 'string' }),
    type: text('type', { enum: releaseTypes }).notNull(),
    /**
     * `draft`: never public; `scheduled`: public from its release moment (docs/decisions/0081);
     * `published`: public (docs/decisions/0101).
     */
    status: text('status', { enum: releaseStatuses }).notNull().default('published'),
    /**
     * The release's address under its label (`/{label}/releases/{slug}`): its catalog number and title, unique
     * in the catalog, made by the database's trigger (`releases_slug`, migration 0034) from any value written while a draft, and kept once public (docs/decisions/0101).
     */
    slug: text('slug')
      .notNull()
      .$defaultFn(() => ''),
    genres: text('genres').array().notNull().default(sql`'{}'::text[]`),
    /** The label's words about the release, and its credits (written by, mastered by…): plain text. */
    description: text('description'),
    credits: text('credits'),
    artworkUrl: text('artwork_url'),
    spotifyId: text('spotify_id').unique(),
    spotifyUrl: text('spotify_url'),
    popularity: integer('popularity'),
    streamCount: integer('stream_count').notNull().default(0),
    pinned: boolean('pinned').notNull().default(false),
    /** Part of the fictional demo catalog seeded on first start; staff remove it in one step (docs/decisions/0027). */
    demo: boolean('demo').notNull().default(false),
    /** Where the release is sold and streamed, in the order shown: `[{ name, url }]` (docs/decisions/0080). */
    links: jsonb('links').$type<{ name: string; url: string }[]>().notNull().default([]),
    /** Its price in the shop (issue 36): `{ amount, currency, pay_what_you_want }`; null: not sold. */
    price: jsonb('price').$type<ReleasePrice>(),
    /** How many tracks the release has: kept by triggers on `tracks` (migration 0012, docs/decisions/0033). */
    trackCount: integer('track_count').notNull().default(0),
    /**
     * The popularity score (docs/product.md §9.4) and the time span in which it holds: its recency part
     * moves with time alone. A trigger empties the span when an input changes (plays, an edit, a track
     * added or deleted); the score keeper scores again the releases whose span does not hold now, and
     * Top Releases reads the ranking from an index (docs/decisions/0033, 0036).
     */
    popularityScore: doublePrecision('popularity_score'),
    scoreValidFrom: timestamp('score_valid_from', { withTimezone: true }).notNull().default(sql`'infinity'`),
    scoreValidUntil: timestamp('score_valid_until', { withTimezone: true }).notNull().default(sql`'-infinity'`),
    ...timestamps,
  },
  (t) => [
    // Newest first with undated releases last: the index has exactly the order the lists ask for
    // (release_date DESC NULLS LAST, id DESC), so Postgres reads it forward (STYLE.md pitfall).
    index('releases_label_date_idx').on(t.labelId, t.releaseDate.desc().nullsLast(), t.id.desc()),
    index('releases_label_type_date_idx').on(t.labelId, t.type, t.releaseDate.desc().nullsLast(), t.id.desc()),
    index('releases_date_idx').on(t.releaseDate.desc().nullsLast(), t.id.desc()),
    index('releases_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')).with({ fastupdate: 'off' }),
    // Top Releases: pins first, then the score, newer first, then id (releases.repo.ts rankedReleaseIds).
    index('releases_label_rank_idx').on(t.labelId, t.pinned.desc().nullsLast(), t.popularityScore.desc().nullsLast(), t.releaseDate.desc().nullsLast(), t.id),
    index('releases_label_type_rank_idx').on(
      t.labelId,
      t.type,
      t.pinned.desc().nullsLast(),
      t.popularityScore.desc().nullsLast(),
      t.releaseDate.desc().nullsLast(),
      t.id,
    ),
    index('releases_label_played_rank_idx')
      .on(t.labelId, t.pinned.desc().nullsLast(), t.popularityScore.desc().nullsLast(), t.releaseDate.desc().nullsLast(), t.id)
      .where(sql`stream_count > 0`),
    index('releases_label_score_until_idx').on(t.labelId, t.scoreValidUntil),
    index('releases_label_score_from_idx').on(t.labelId, t.scoreValidFrom),
    // A catalog number once per label, ignoring case; null (none) as often as wanted. Kept trimmed and
    // never blank, so that the index's rule is the one staff read (docs/decisions/0088, migration 0026).
    uniqueIndex('releases_label_catalog_number_uq').on(t.labelId, sql`lower(${t.catalogNumber})`),
    uniqueIndex('releases_slug_uq').on(t.slug),
    check('releases_status_check', isOneOf(t.status, releaseStatuses)),
    check('releases_catalog_number_trimmed', sql`${t.catalogNumber} <> '' and ${t.catalogNumber} = btrim(${t.catalogNumber})`),
  ],
);

/** How many releases each label has of each type: kept by triggers on `releases`, so a list's total is no count (docs/decisions/0033). */
export const releaseCounts = pgTable(
  'release_counts',
  {
    labelId: text('label_id').notNull(),
    type: text('type').notNull(),
    releases: integer('releases').notNull(),
  },
  (t) => [primaryKey({ columns: [t.labelId, t.type] })],
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
    /** The label's own audio of the recording (docs/decisions/0026), shared by every track with its ISRC. */
    audioId: uuid('audio_id').references((): AnyPgColumn => trackAudio.id, { onDelete: 'set null' }),
    /** Where the preview starts and how long it lasts; null: 25% of the track, 60 s. */
    previewStartMs: integer('preview_start_ms'),
    previewLengthMs: integer('preview_length_ms'),
    /** Staff made the uploaded audio a download for active VIP members (docs/decisions/0064). */
    memberDownload: boolean('member_download').notNull().default(false),
    /** Staff made it an instant grat: a pre-order's buyer downloads it at once, the rest on the release day (issue 36, docs/decisions/0105). */
    instantGrat: boolean('instant_grat').notNull().default(false),
    /** Its price sold alone (issue 36, docs/decisions/0105), the shape of `releases.price`; null: sold only with its release. */
    price: jsonb('price').$type<ReleasePrice>(),
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
    index('tracks_audio_idx').on(t.audioId),
    // /media/audio/{file} asks whether a released track names the preview (docs/decisions/0096).
    index('tracks_preview_url_idx').on(t.previewUrl),
  ],
);

/**
 * Audio the label uploaded (docs/decisions/0026): the original in the media store, and the job that
 * cuts the previews of its tracks, claimed by any instance by a lease (the pattern of 0050).
 */
export const trackAudio = pgTable(
  'track_audio',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileName: text('file_name').notNull(),
    /** The original's key in the media store (`audio/{sha256}.{ext}`). */
    originalKey: text('original_key').notNull(),
    status: text('status', { enum: trackAudioStatuses }).notNull(),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    message: text('message'),
    durationMs: integer('duration_ms'),
    actor: text('actor').notNull(),
    owner: text('owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [check('track_audio_status_check', isOneOf(t.status, trackAudioStatuses)), index('track_audio_status_idx').on(t.status, t.createdAt)],
);

/**
 * A cover or artist picture staff uploaded, and the job that makes its WebP, copies and share card
 * (docs/decisions/0091): the original is in the media store, the picture's URL is set on the release or
 * artist when the job is ready; claimed by any instance by a lease (the pattern of 0026 and 0050).
 */
export const imageJobs = pgTable(
  'image_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of uploads: of two jobs for one release or artist, the later one's picture wins. */
    seq: integer('seq').notNull().generatedAlwaysAsIdentity(),
    subjectKind: text('subject_kind', { enum: imageSubjectKinds }).notNull(),
    /** The release's, artist's or playlist's id (no foreign key: a removed one fails its job, and the row stays to say so). */
    subjectId: text('subject_id').notNull(),
    /** The picture's content name: `art/{name}.webp` and the files beside it. */
    name: text('name').notNull(),
    /** The original's key in the media store (`art/{name}-original.{ext}`). */
    originalKey: text('original_key').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: imageJobStatuses }).notNull(),
    message: text('message'),
    actor: text('actor').notNull(),
    owner: text('owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('image_jobs_status_check', isOneOf(t.status, imageJobStatuses)),
    check('image_jobs_subject_kind_check', isOneOf(t.subjectKind, imageSubjectKinds)),
    index('image_jobs_status_idx').on(t.status, t.seq),
    index('image_jobs_name_idx').on(t.name),
    index('image_jobs_subject_idx').on(t.subjectId, t.seq),
  ],
);

export const downloadFileStatuses = ['queued', 'making', 'ready', 'failed'] as const;

/**
 * A track's download in one format (issue 36, docs/decisions/0104): made once from its uploaded master by a job
 * any instance claims by a lease (the pattern of 0050), kept in the media store (`downloads/{sha256}.{ext}`).
 * One row per track and format: two requests at once meet the same row, so one job. `source` fingerprints what
 * the file is made from (the master, the tags, the cover): when it changes, the row is queued again.
 */
export const downloadFiles = pgTable(
  'download_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trackId: uuid('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    format: text('format', { enum: downloadFormats }).notNull(),
    source: text('source').notNull(),
    status: text('status', { enum: downloadFileStatuses }).notNull(),
    fileKey: text('file_key'),
    size: bigint('size', { mode: 'number' }),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    message: text('message'),
    owner: text('owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('download_files_track_format_uq').on(t.trackId, t.format),
    check('download_files_status_check', isOneOf(t.status, downloadFileStatuses)),
    check('download_files_format_check', isOneOf(t.format, downloadFormats)),
    index('download_files_status_idx').on(t.status, t.createdAt),
    index('download_files_file_key_idx').on(t.fileKey),
  ],
);

/**
 * Uploaded pictures no release, artist or unfinished job may name any more (replaced, or their job failed),
 * and replaced uploaded audio by its store key (`audio/…` originals, `previews/…` MP3s): their files are
 * deleted from the media store once `due_at` has passed and nothing names them again (docs/decisions/0091).
 */
/**
 * Playlists curated by staff (docs/decisions/0104), in their label's order. A playlist of the starting set
 * (migration 0039) keeps its `rule` until staff change its tracks; then its tracks are `playlist_tracks`.
 */
export const playlists = pgTable(
  'playlists',
  {
    /** A UUID; the starting set keeps the ids it had in the site configuration (`records-new-house`, …). */
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    /** One of the labels of the code (no foreign key: the starting set is inserted by its migration, before the labels are). */
    labelId: text('label_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** An uploaded cover (`/media/art/…`); null: the generated one (`/media/playlists/{id}.svg`). */
    coverUrl: text('cover_url'),
    followers: integer('followers'),
    spotifyUrl: text('spotify_url'),
    status: text('status', { enum: playlistStatuses }).notNull().default('draft'),
    rule: jsonb('rule').$type<PlaylistRule>(),
    position: integer('position').notNull(),
    ...timestamps,
  },
  (t) => [check('playlists_status_check', isOneOf(t.status, playlistStatuses)), index('playlists_label_position_idx').on(t.labelId, t.position)],
);

/** A playlist's tracks in order (1, 2, …): each track once; gone with its track or playlist. */
export const playlistTracks = pgTable(
  'playlist_tracks',
  {
    playlistId: text('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    trackId: uuid('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.trackId] }), index('playlist_tracks_order_idx').on(t.playlistId, t.position), index('playlist_tracks_track_idx').on(t.trackId)],
);

export const artDeletions = pgTable(
  'art_deletions',
  {
    name: text('name').primaryKey(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('art_deletions_due_idx').on(t.dueAt)],
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

/**
 * The labels each artist is credited on (by a release or one of its tracks), and `'*'` for anywhere,
 * with how many credits: kept by triggers (migration 0012), so that the artists list reads the listed
 * artists of a label by index rather than searching every credit (docs/decisions/0033). `listed`: the
 * artist passes docs/product.md §5 hygiene (a name, not a sample pack).
 */
export const artistLabels = pgTable(
  'artist_labels',
  {
    labelId: text('label_id').notNull(),
    artistId: text('artist_id')
      .notNull()
      .references(() => artists.id, { onDelete: 'cascade' }),
    credits: integer('credits').notNull(),
    listed: boolean('listed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.labelId, t.artistId] }), index('artist_labels_artist_idx').on(t.artistId)],
);

/** How many listed artists each label has (`'*'`: the whole catalog), kept by triggers on `artist_labels`. */
export const listedArtistCounts = pgTable('listed_artist_counts', {
  labelId: text('label_id').primaryKey(),
  artists: integer('artists').notNull(),
});

// Demos and VIP members (docs/product.md §10.7).

/** A CHECK that a text column holds one of the shared contract's values. */
function isOneOf(column: AnyPgColumn, values: readonly string[]) {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
}

export const demoSubmissions = pgTable(
  'demo_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    labelId: text('label_id')
      .notNull()
      .references(() => labels.id),
    status: text('status', { enum: demoStatuses }).notNull().default('new'),
    /** The first artist's email, lower-cased: who is answered, and the key for spotting repeats. */
    contactEmail: text('contact_email').notNull(),
    /** The secret of the status link emailed with the receipt (no account); null on demos from before it. */
    statusToken: text('status_token').unique(),
    /** After accepted or declined: the status it had, and until when staff may undo (docs/decisions/0060). */
    statusBeforeDecision: text('status_before_decision', { enum: demoStatuses }),
    decisionUndoUntil: timestamp('decision_undo_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('demo_submissions_status_check', isOneOf(t.status, demoStatuses)),
    index('demo_submissions_contact_email_idx').on(t.contactEmail),
    index('demo_submissions_created_idx').on(t.createdAt, t.id),
  ],
);

export const demoSubmissionArtists = pgTable(
  'demo_submission_artists',
  {
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => demoSubmissions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fullName: text('full_name').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    country: text('country').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    // null: the artist ticked "Don't have".
    facebook: text('facebook'),
    twitter: text('twitter'),
    instagram: text('instagram'),
    soundcloud: text('soundcloud'),
    spotify: text('spotify'),
    appleMusic: text('apple_music'),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.position] })],
);

export const demoSubmissionTracks = pgTable(
  'demo_submission_tracks',
  {
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => demoSubmissions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    genre: text('genre').notNull(),
    /** Canonical spelling (shared/domain/soundcloud.ts), so that a repeat is found however it is written. */
    soundcloudUrl: text('soundcloud_url').notNull(),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.position] }), index('demo_submission_tracks_soundcloud_url_idx').on(t.soundcloudUrl)],
);

export const vipMembers = pgTable(
  'vip_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Lower-cased: one membership per address. */
    email: text('email').notNull().unique(),
    plan: text('plan').notNull(),
    status: text('status', { enum: vipMemberStatuses }).notNull().default('pending_payment'),
    /** Stripe's ids once a checkout started or completed (docs/decisions/0062); null without Stripe. */
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    stripeCheckoutSessionId: text('stripe_checkout_session_id'),
    /** The end of the period paid for: renewal, or the end of access after a cancellation. */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** The member cancelled: access goes on to current_period_end, and no renewal follows. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The Stripe price the subscription bills now: the plan follows it (docs/decisions/0093). */
    stripePriceId: text('stripe_price_id'),
    /**
     * The ticket (`stripe_state_tickets`) taken before the subscription's state applied here was read
     * from Stripe: a state read earlier, answered late, is older and changes nothing (docs/decisions/0093).
     */
    stripeStateTicket: bigint('stripe_state_ticket', { mode: 'number' }),
    /**
     * The `created` time of the newest event whose own copy of a subscription was applied, when Stripe
     * had none to read (a stand-in that serves only Checkout and webhooks: docs/decisions/0093).
     */
    statusEventAt: timestamp('status_event_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('vip_members_status_check', isOneOf(t.status, vipMemberStatuses)),
    index('vip_members_stripe_subscription_idx').on(t.stripeSubscriptionId),
    index('vip_members_stripe_customer_idx').on(t.stripeCustomerId),
  ],
);

/** Tickets taken before a subscription's state is read from Stripe: the later read wins (docs/decisions/0093). */
export const stripeStateTickets = pgSequence('stripe_state_tickets');

/**
 * Every Checkout Session the site created, for the member and plan it was made for (docs/decisions/0095,
 * amendment): a "Processing" page reads only these (an id the site never made is no checkout, with no
 * call to Stripe), and a sign-up answers the member's latest open one of the plan again, whoever asks.
 */
export const vipCheckoutSessions = pgTable(
  'vip_checkout_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => vipMembers.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('vip_checkout_sessions_member_plan_idx').on(t.memberId, t.plan, t.createdAt)],
);

/**
 * The members' newsletter (docs/decisions/0065): a draft until `sent_at`, set once, by the send that
 * writes one outbox email per active member of `plans` in the same transaction.
 */
export const newsletters = pgTable(
  'newsletters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    /** Plain text as staff wrote it; a blank line starts a paragraph. */
    body: text('body').notNull(),
    /** VIP plan ids (site configuration) whose active members get it. */
    plans: text('plans').array().notNull(),
    /** Admin usernames. */
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: text('sent_by'),
    /** The members it was written to, counted when sent. */
    recipientCount: integer('recipient_count'),
    ...timestamps,
  },
  (t) => [index('newsletters_created_idx').on(t.createdAt, t.id)],
);

/**
 * Every Stripe webhook event processed, by its id (docs/decisions/0062): written in the transaction
 * that applies it, before the 2xx, so a retry of a processed event changes nothing and an event whose
 * transaction never committed is processed when Stripe retries it.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The event's own `created` time. */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  payload: jsonb('payload').notNull(),
});

/**
 * The Stripe prices the site created for its VIP plans (docs/decisions/0067), kept so that every
 * checkout of a plan uses one price: a price per plan, amount (minor units), currency, interval and
 * Stripe mode, so a price changed in the site configuration gets a new one while subscriptions keep
 * theirs, and test mode's prices are never sent to live mode. Plans that name a `stripePriceId` have none.
 */
export const stripePrices = pgTable(
  'stripe_prices',
  {
    planId: text('plan_id').notNull(),
    unitAmount: integer('unit_amount').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval').notNull(),
    livemode: boolean('livemode').notNull(),
    stripePriceId: text('stripe_price_id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * When Stripe refused it at a checkout (archived or deleted there) and a new one was kept in its
     * place (issue 33); still the plan's for the subscriptions that pay it (docs/decisions/0093).
     */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  // One price in use per plan price; those replaced stay, to name their plan.
  (t) => [uniqueIndex('stripe_prices_in_use_uq').on(t.planId, t.unitAmount, t.currency, t.interval, t.livemode).where(sql`${t.replacedAt} is null`)],
);

/**
 * The webhook endpoint the site set up in Stripe itself (docs/decisions/0094), by its URL
 * (`{PUBLIC_URL}/api/webhooks/stripe`): Stripe's id for it, the signing secret Stripe gives only when
 * it creates one, and the events it was last told to send. Unused while STRIPE_WEBHOOK_SECRET is set.
 */
export const stripeWebhookEndpoints = pgTable('stripe_webhook_endpoints', {
  url: text('url').primaryKey(),
  endpointId: text('endpoint_id').notNull(),
  secret: text('secret').notNull(),
  enabledEvents: text('enabled_events').array().notNull(),
  ...timestamps,
});

export const stripeReconciliationTriggers = ['schedule', 'staff'] as const;

/**
 * Each check of the members with Stripe (docs/decisions/0094): the daily one plans from the last, and
 * staff's "Check with Stripe" is one too. The changes themselves are in the activity log.
 */
export const stripeReconciliations = pgTable(
  'stripe_reconciliations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: text('trigger', { enum: stripeReconciliationTriggers }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    checked: integer('checked').notNull(),
    changed: integer('changed').notNull(),
    /** Members whose subscription Stripe did not answer for. */
    failed: integer('failed').notNull(),
  },
  (t) => [check('stripe_reconciliations_trigger_check', isOneOf(t.trigger, stripeReconciliationTriggers)), index('stripe_reconciliations_finished_idx').on(t.finishedAt)],
);

/**
 * A member's emailed sign-in links and the sessions they open (docs/decisions/0063): only a SHA-256
 * of each secret is kept. A link lasts 15 minutes and is used once; a session 30 days.
 */
export const vipMemberTokens = pgTable(
  'vip_member_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => vipMembers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['sign_in_link', 'session'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('vip_member_tokens_kind_check', isOneOf(t.kind, ['sign_in_link', 'session'])), index('vip_member_tokens_member_idx').on(t.memberId)],
);

/**
 * The merch discount code staff set for members (docs/decisions/0066): one row at most (`id` is always
 * 1), naming the plans whose active members see it on their page.
 */
export const memberDiscounts = pgTable(
  'member_discounts',
  {
    id: integer('id').primaryKey().default(1),
    code: text('code').notNull(),
    /** What the code is for ("15% off at the merch store"). */
    note: text('note').notNull(),
    plans: text('plans').array().notNull(),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('member_discounts_one_row', sql`${t.id} = 1`)],
);

/** The first answer to a write sent with an `Idempotency-Key`, replayed to its retries. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    /** The operation the key belongs to ('submit-demo', …): one key may serve several. */
    scope: text('scope').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    /** SHA-256 of the first request's body: a key reused with another body is refused, not replayed. Null on rows from before it was kept. */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.scope] })],
);

/**
 * Recent plays reported by the player (docs/product.md §10.5): one count per client and track per 30 minutes,
 * and a few clients per address. `client_key` is a hash of the client's address and browser id,
 * `address_key` a hash of the address alone; never the address itself.
 */
export const plays = pgTable(
  'plays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trackId: uuid('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    clientKey: text('client_key').notNull(),
    /** '' on plays stored before it was kept: they never count against an address. */
    addressKey: text('address_key').notNull().default(''),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('plays_client_track_played_idx').on(t.clientKey, t.trackId, t.playedAt),
    index('plays_address_track_played_idx').on(t.addressKey, t.trackId, t.playedAt),
  ],
);

/** Staff who may use `/api/admin` (docs/product.md §10.6); `password_hash` is an argon2id PHC string. */
export const adminUsers = pgTable('admin_users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  /** Where staff mail goes (the digest); null: none. */
  email: text('email'),
  /** Labels whose new demos this admin gets in a daily digest; empty: no digest. */
  digestLabels: text('digest_labels').array().notNull().default(sql`'{}'::text[]`),
  /** Raised by every password change: a token carries the epoch it was issued in and ends with it (docs/decisions/0018). */
  sessionEpoch: integer('session_epoch').notNull().default(0),
  /** What the account may do (docs/decisions/0098); the accounts from before roles became owners. */
  role: text('role', { enum: staffRoles }).notNull(),
  /** The latest login or accepted invitation; null: never signed in. */
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  ...timestamps,
}, (t) => [check('admin_users_role_check', isOneOf(t.role, staffRoles))]);

/**
 * An owner's invitation to a new staff account (docs/decisions/0098): the emailed link carries a token
 * stored here only as its SHA-256. One pending invitation per address (inviting again replaces it);
 * an accepted one is kept to tell its link was used.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role', { enum: staffRoles }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The owner's username. */
    invitedBy: text('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    check('staff_invitations_role_check', isOneOf(t.role, staffRoles)),
    uniqueIndex('staff_invitations_pending_email_idx').on(sql`lower(${t.email})`).where(sql`${t.acceptedAt} is null`),
  ],
);

/** Admin tokens ended by Log out before their expiry; a row may go once `expires_at` has passed. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_at_idx').on(t.expiresAt)],
);

/**
 * What happened in the catalog and the inbox, newest read first (docs/product.md §10.6 Recent Activity):
 * imports, edits, deletions, demos received and reviewed, members joining. `actor` is the admin's
 * username, null for visitors (a demo, a membership) and for the server itself.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind', { enum: activityKinds }).notNull(),
    actor: text('actor'),
    /** One line for people: 'Edited track "Night Drive (Extended Mix)"'. */
    summary: text('summary').notNull(),
    /** The id of what the event is about (a track, a demo, a job), when there is one. */
    subjectId: text('subject_id'),
    details: jsonb('details'),
  },
  (t) => [
    check('activity_log_kind_check', isOneOf(t.kind, activityKinds)),
    index('activity_log_occurred_idx').on(t.occurredAt, t.id),
  ],
);

/**
 * Admin import jobs (catalog CSV uploads and Spotify enrichment). The process that runs a job keeps
 * its live progress in memory and writes the row when the job starts and ends (modules/catalog-import).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: importJobKinds }).notNull(),
    status: text('status', { enum: importJobStatuses }).notNull(),
    labelId: text('label_id').references(() => labels.id),
    /** The uploaded file's name, for a catalog upload. */
    fileName: text('file_name'),
    actor: text('actor').notNull(),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    message: text('message'),
    /** The finished job's report (shared/api/admin-import.ts). */
    report: jsonb('report'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    // The lease of a running job (docs/decisions/0050): which server instance runs it, until when
    // (database time), its last heartbeat, and how many runs began without ending or being handed back.
    owner: text('owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** A catalog upload's CSV, kept while the job may have to run (again) on any instance; cleared when it ends. */
    csv: text('csv'),
  },
  (t) => [
    check('import_jobs_kind_check', isOneOf(t.kind, importJobKinds)),
    check('import_jobs_status_check', isOneOf(t.status, importJobStatuses)),
    index('import_jobs_created_idx').on(t.createdAt, t.id),
    // One import at a time across every instance: a second start is a unique violation (409).
    uniqueIndex('import_jobs_one_running_uq').on(t.status).where(sql`status = 'running'`),
  ],
);

/**
 * Every email, written in the transaction of the change that causes it and sent by a worker of any
 * instance that claims it by a lease (docs/decisions/0060, the pattern of 0050). `send_after` is the
 * app's time (a decision's undo window); `retry_at` and `lease_until` the database's.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: emailKinds }).notNull(),
    labelId: text('label_id').references(() => labels.id),
    toAddresses: text('to_addresses').array().notNull(),
    subject: text('subject').notNull(),
    /** Cleared 90 days after sending: then only the envelope is kept. */
    html: text('html'),
    textBody: text('text_body'),
    /** Extra headers (List-Unsubscribe); cleared with the body. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** The same on every attempt, so that a receiver drops a second copy. */
    messageId: text('message_id').notNull().unique(),
    status: text('status', { enum: storedOutboxStatuses }).notNull().default('waiting'),
    /** What the email is about (a demo), so that an undo finds it. */
    subjectId: text('subject_id'),
    /** One email per key whoever writes it (the digest of one admin and day). */
    dedupeKey: text('dedupe_key').unique(),
    sendAfter: timestamp('send_after', { withTimezone: true }),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    owner: text('owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('outbox_emails_kind_check', isOneOf(t.kind, emailKinds)),
    check('outbox_emails_status_check', isOneOf(t.status, storedOutboxStatuses)),
    index('outbox_emails_created_idx').on(t.createdAt, t.id),
    // The worker's look for due work reads only unfinished rows.
    index('outbox_emails_open_idx').on(t.status, t.createdAt).where(sql`status in ('waiting', 'sending')`),
    index('outbox_emails_subject_idx').on(t.subjectId),
    index('outbox_emails_sent_idx').on(t.sentAt).where(sql`html is not null`),
  ],
);

/** A label's demo decision email as staff wrote it; without a row, the product's default text. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    labelId: text('label_id')
      .notNull()
      .references(() => labels.id),
    status: text('status', { enum: decisionStatuses }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.labelId, t.status] }), check('email_templates_status_check', isOneOf(t.status, decisionStatuses))],
);

/** Addresses that left a mailing list (RFC 8058 one-click or the emailed link): nothing more of it goes to them. */
export const emailUnsubscribes = pgTable(
  'email_unsubscribes',
  {
    /** Lower-cased. */
    email: text('email').notNull(),
    list: text('list', { enum: mailingLists }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.list] })],
);

/**
 * Addresses an SMTP server refused for good (a 5xx to RCPT TO: no such mailbox, domain gone): bulk
 * mail (the newsletter, the staff digest, release-day alerts) skips them until staff lift the entry
 * (docs/decisions/0090).
 */
export const emailSuppressions = pgTable('email_suppressions', {
  /** Lower-cased. */
  email: text('email').primaryKey(),
  /** The server's own answer. */
  reason: text('reason').notNull(),
  /** The email that was refused. */
  emailId: uuid('email_id').references(() => outboxEmails.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The VIP waiting list while payments are off (docs/decisions/0099): an address asking to be told when
 * payments open. Pending until the person confirms from the emailed link (double opt-in, as "Notify me");
 * the opening email staff send deletes the row it is written for.
 */
export const vipWaitingList = pgTable('vip_waiting_list', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Lower-cased. */
  email: text('email').notNull().unique(),
  /** The secret of the emailed link (confirm, forget): 192 random bits. */
  token: text('token').notNull().unique(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each time staff sent the waiting list the "payments are open" email: when, by whom, to how many (docs/decisions/0099). */
export const vipWaitingListSends = pgTable('vip_waiting_list_sends', {
  id: uuid('id').primaryKey().defaultRandom(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  sentBy: text('sent_by').notNull(),
  recipientCount: integer('recipient_count').notNull(),
});

/**
 * "Notify me" on an upcoming release: an address waiting for its release day. Pending until the person
 * confirms from the emailed link (double opt-in); the release-day email deletes the row, and a release
 * that comes out forgets the pending ones too (docs/decisions/0061).
 */
export const releaseAlerts = pgTable(
  'release_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** The secret of the emailed link (confirm, forget): 192 random bits. */
    token: text('token').notNull().unique(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('release_alerts_release_email_uq').on(t.releaseId, t.email), index('release_alerts_confirmed_idx').on(t.confirmedAt)],
);

export const backupTriggers = ['schedule', 'command'] as const;

/** Each backup made or tried (docs/decisions/0073): the admin Settings tab shows the last one and a failure. */
export const backups = pgTable(
  'backups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trigger: text('trigger', { enum: backupTriggers }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    /** The archive's name in BACKUP_DIR; null when it failed. */
    fileName: text('file_name'),
    sizeBytes: doublePrecision('size_bytes'),
    /** Why it failed; null when it succeeded. */
    error: text('error'),
  },
  (t) => [check('backups_trigger_check', isOneOf(t.trigger, backupTriggers)), index('backups_finished_idx').on(t.finishedAt)],
);

/**
 * The site settings an owner changed in the admin (docs/decisions/0097): one row, id 1, holding the
 * whole settings document as last saved; the defaults of site-config.ts fill in what it lacks.
 */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey(),
  document: jsonb('document').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Each change of the site settings: the changed parts before and after (PATCH bodies), who and when. */
export const siteSettingsChanges = pgTable(
  'site_settings_changes',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The staff member's username. */
    by: text('by'),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
  },
  (t) => [index('site_settings_changes_at_idx').on(t.at)],
);

/**
 * The shop's orders (issue 36, docs/decisions/0105): one per Checkout Session (`checkout`), redeemed code
 * (`code`) or free download (`free`). `token` is the buyer's page (`/orders/{token}`). Stripe's state is the
 * truth for a Checkout's: `paid` once Stripe says the session is paid, `refunded` once its charge is.
 */
export const shopOrders = pgTable(
  'shop_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull().unique(),
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'restrict' }),
    /** An order of one track of the release, sold alone; null: the whole release. */
    trackId: uuid('track_id').references(() => tracks.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    source: text('source', { enum: shopOrderSources }).notNull(),
    status: text('status', { enum: shopOrderStatuses }).notNull(),
    /** In the currency's minor unit (cents); 0 for a code or a free download. */
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** The VIP members' discount (percent) the buyer's plan gave at Checkout (docs/decisions/0105); null for none. */
    discountPercent: integer('discount_percent'),
    stripeSessionId: text('stripe_session_id').unique(),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    /** How many download links were given out (docs/decisions/0105: limited per order). */
    downloadsGiven: integer('downloads_given').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** When the download email was written: at payment, or for a pre-order at the release moment. */
    downloadEmailAt: timestamp('download_email_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('shop_orders_source_check', isOneOf(t.source, shopOrderSources)),
    check('shop_orders_status_check', isOneOf(t.status, shopOrderStatuses)),
    index('shop_orders_created_idx').on(t.createdAt, t.id),
    index('shop_orders_release_idx').on(t.releaseId),
    index('shop_orders_payment_intent_idx').on(t.stripePaymentIntentId),
    // An address's paid orders ("Lost your link?"): looked up by the address, stored lowercased.
    index('shop_orders_email_idx').on(t.email),
    // Pre-orders waiting for their release moment's download email.
    index('shop_orders_download_email_idx').on(t.releaseId).where(sql`status = 'paid' and download_email_at is null`),
  ],
);

/**
 * The download links an order gave (docs/decisions/0105): one row per track, format and expiry (on the hour), so
 * the same link asked again within its hour is the same link and counts once against the order's links.
 */
export const shopDownloadLinks = pgTable(
  'shop_download_links',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    trackId: uuid('track_id')
      .notNull()
      .references(() => tracks.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.trackId, t.format, t.expiresAt] })],
);

/** Download codes staff generate for a release (issue 36): each works once, until its expiry if it has one. */
export const downloadCodes = pgTable(
  'download_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    note: text('note'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    orderId: uuid('order_id').references(() => shopOrders.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  },
  (t) => [index('download_codes_release_idx').on(t.releaseId, t.createdAt)],
);
