import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { ReleasePrice } from '../../../shared/api/shop.js';
import type { StoreLink } from '../../../shared/domain/store-links.js';
import type { ReleaseStatus } from '../../../shared/domain/release-status.js';
import type { ReleaseType } from '../../../shared/domain/release-type.js';
import { looksLikeSamplePack } from '../../../shared/domain/hygiene.js';
import { queryRows, type Db } from '../../db/client.js';
import { containsPattern } from '../../db/contains-pattern.js';
import { artists, releaseArtists, releases, shopOrders, trackArtists, trackAudio, tracks } from '../../db/schema.js';
import { artistIdFor } from './artist-id.js';

export interface ReleaseValues {
  title: string;
  version: string | null;
  type: ReleaseType;
  status: ReleaseStatus;
  genres: string[];
  description: string | null;
  credits: string | null;
  releaseDate: string | null;
  labelId: string;
  catalogNumber: string | null;
  upc: string | null;
  links: StoreLink[];
  price: ReleasePrice | null;
}

export interface TrackValues {
  title: string;
  mixVersion: string | null;
  isrc: string | null;
  durationMs: number | null;
  trackNumber: number;
  /** Sent by the release editor; left as stored when absent. */
  previewStartMs?: number | null;
  previewLengthMs?: number | null;
  memberDownload?: boolean;
  instantGrat?: boolean;
  /** Its price sold alone (issue 36); null: not sold alone. */
  price?: ReleasePrice | null;
}

export interface ReleaseConflict {
  id: string;
  title: string;
  catalogNumber: string | null;
  upc: string | null;
}

/**
 * Other releases holding the catalog number in the label (ignoring case) or the UPC (anywhere: a UPC
 * names one product). Both are unique indexes too (`lower(catalog_number)` is the index's own
 * expression, docs/decisions/0088): this look names the release a write would collide with.
 */
export async function findReleaseConflicts(
  db: Db,
  wanted: { labelId: string; catalogNumber: string | null; upc: string | null; exceptId?: string },
): Promise<ReleaseConflict[]> {
  const matches = [
    wanted.catalogNumber ? and(eq(releases.labelId, wanted.labelId), sql`lower(${releases.catalogNumber}) = lower(${wanted.catalogNumber})`) : undefined,
    wanted.upc ? eq(releases.upc, wanted.upc) : undefined,
  ].filter((match) => match !== undefined);
  if (matches.length === 0) return [];
  return db
    .select({ id: releases.id, title: releases.title, catalogNumber: releases.catalogNumber, upc: releases.upc })
    .from(releases)
    .where(and(or(...matches), wanted.exceptId ? ne(releases.id, wanted.exceptId) : undefined));
}

export async function insertRelease(db: Db, values: ReleaseValues, now: Date): Promise<string> {
  const [row] = await db.insert(releases).values({ ...values, createdAt: now, updatedAt: now }).returning({ id: releases.id });
  return (row as { id: string }).id;
}

export async function updateRelease(db: Db, id: string, values: Partial<ReleaseValues> & { pinned?: boolean }, now: Date): Promise<void> {
  await db.update(releases).set({ ...values, updatedAt: now }).where(eq(releases.id, id));
}

/** The artists of these names: found by the id the importer gives a name, made when new. */
export async function ensureArtists(db: Db, names: string[]): Promise<Map<string, string>> {
  const byName = new Map(names.map((name) => [name, artistIdFor(name)]));
  const fresh = [...new Map([...byName].map(([name, id]) => [id, name])).entries()];
  if (fresh.length > 0) {
    await db
      .insert(artists)
      .values(fresh.map(([id, name]) => ({ id, name, looksLikeSamplePack: looksLikeSamplePack(name) })))
      .onConflictDoNothing({ target: artists.id });
  }
  return byName;
}

export async function setReleaseArtists(db: Db, releaseId: string, artistIds: string[]): Promise<void> {
  await db.delete(releaseArtists).where(eq(releaseArtists.releaseId, releaseId));
  const unique = [...new Set(artistIds)];
  if (unique.length === 0) return;
  await db.insert(releaseArtists).values(unique.map((artistId, position) => ({ releaseId, artistId, role: 'primary' as const, position })));
}

export async function setTrackArtists(db: Db, trackId: string, primary: string[], remixers: string[]): Promise<void> {
  await db.delete(trackArtists).where(eq(trackArtists.trackId, trackId));
  const rows = [
    ...[...new Set(primary)].map((artistId, position) => ({ trackId, artistId, role: 'primary' as const, position })),
    ...[...new Set(remixers)].map((artistId, position) => ({ trackId, artistId, role: 'remixer' as const, position })),
  ];
  if (rows.length > 0) await db.insert(trackArtists).values(rows);
}

export async function insertTrack(db: Db, releaseId: string, values: TrackValues, now: Date): Promise<string> {
  const [row] = await db.insert(tracks).values({ ...values, releaseId, createdAt: now, updatedAt: now }).returning({ id: tracks.id });
  return (row as { id: string }).id;
}

export async function updateTrackValues(db: Db, id: string, values: Partial<TrackValues>, now: Date): Promise<void> {
  await db.update(tracks).set({ ...values, updatedAt: now }).where(eq(tracks.id, id));
}

/** Those of these tracks that were ordered alone (an order keeps its track: issue 36), with their titles. */
export async function soldTracks(db: Db, ids: string[]): Promise<{ id: string; title: string }[]> {
  if (ids.length === 0) return [];
  return db.selectDistinct({ id: tracks.id, title: tracks.title }).from(tracks).innerJoin(shopOrders, eq(shopOrders.trackId, tracks.id)).where(inArray(tracks.id, ids));
}

export async function deleteTracks(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(tracks).where(inArray(tracks.id, ids));
}

/** Clears the ISRCs of these tracks, so that a new order of the same ISRCs never meets itself in the unique index. */
export async function clearIsrcs(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.update(tracks).set({ isrc: null }).where(inArray(tracks.id, ids));
}

/** A release as the form edits it: the row, release artist names, tracks in order with their credits by role and uploaded audio. */
export async function findReleaseForEdit(db: Db, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(releases).where(eq(releases.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) return undefined;
  const [credits, trackRows] = await Promise.all([
    db
      .select({ name: artists.name })
      .from(releaseArtists)
      .innerJoin(artists, eq(artists.id, releaseArtists.artistId))
      .where(and(eq(releaseArtists.releaseId, id), eq(releaseArtists.role, 'primary')))
      .orderBy(asc(releaseArtists.position)),
    db
      .select({ track: tracks, audio: { fileName: trackAudio.fileName, status: trackAudio.status } })
      .from(tracks)
      .leftJoin(trackAudio, eq(trackAudio.id, tracks.audioId))
      .where(eq(tracks.releaseId, id))
      .orderBy(asc(tracks.discNumber), asc(tracks.trackNumber)),
  ]);
  const trackCredits =
    trackRows.length === 0
      ? []
      : await db
          .select({ trackId: trackArtists.trackId, name: artists.name, role: trackArtists.role })
          .from(trackArtists)
          .innerJoin(artists, eq(artists.id, trackArtists.artistId))
          .where(inArray(trackArtists.trackId, trackRows.map((t) => t.track.id)))
          .orderBy(asc(trackArtists.position));
  return { row, artistNames: credits.map((c) => c.name), tracks: trackRows, trackCredits };
}
export type ReleaseForEdit = NonNullable<Awaited<ReturnType<typeof findReleaseForEdit>>>;

export interface AdminReleaseFilter {
  q?: string;
  labelId?: string;
  status?: ReleaseStatus;
  /** YYYY-MM-DD in the labels' time zone: a public release dated after it shows as scheduled. */
  today: string;
}

export interface AdminReleaseListRow {
  id: string;
  title: string;
  version: string | null;
  catalog_number: string | null;
  upc: string | null;
  label_id: string;
  status: ReleaseStatus;
  slug: string;
  type: ReleaseType;
  release_date: string | null;
  artwork_url: string | null;
  artists: string[];
  track_count: number;
  tracks_with_audio: number;
  pinned: boolean;
}

function adminReleaseWhere(filter: AdminReleaseFilter) {
  const conditions = [sql`true`];
  if (filter.labelId) conditions.push(sql`r.label_id = ${filter.labelId}`);
  if (filter.status === 'draft') conditions.push(sql`r.status = 'draft'`);
  if (filter.status === 'scheduled') conditions.push(sql`r.status <> 'draft' and r.release_date > ${filter.today}`);
  if (filter.status === 'published') conditions.push(sql`r.status <> 'draft' and (r.release_date is null or r.release_date <= ${filter.today})`);
  const term = filter.q?.trim();
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(sql`(r.title ilike ${pattern} or r.catalog_number ilike ${pattern} or r.upc ilike ${pattern} or r.id in (
      select ra.release_id from ${releaseArtists} ra join ${artists} a on a.id = ra.artist_id where a.name ilike ${pattern}))`);
  }
  return sql.join(conditions, sql` and `);
}

/** Every release (drafts too), newest first, with its artists' names and how many of its tracks have audio. */
export async function listAdminReleases(
  db: Db,
  filter: AdminReleaseFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AdminReleaseListRow[]; total: number }> {
  const where = adminReleaseWhere(filter);
  const [rows, totals] = await Promise.all([
    queryRows<AdminReleaseListRow>(db, sql`
      select r.id, r.title, r.version, r.catalog_number, r.upc, r.label_id, r.status, r.slug, r.type, r.release_date::text as release_date,
             r.artwork_url, r.track_count, r.pinned,
             array(select a.name from ${releaseArtists} ra join ${artists} a on a.id = ra.artist_id
                    where ra.release_id = r.id and ra.role = 'primary' order by ra.position) as artists,
             (select count(*)::int from ${tracks} t where t.release_id = r.id and t.audio_id is not null) as tracks_with_audio
        from ${releases} r
       where ${where}
       order by r.release_date desc nulls last, r.id desc
       offset ${page.offset} limit ${page.limit}`),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from ${releases} r where ${where}`),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
