import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReleaseType } from '../../../shared/domain/release-type.js';
import { queryRows, type Db } from '../../db/client.js';
import { containsPattern } from '../../db/contains-pattern.js';
import { isPublicRelease } from '../../db/public-releases.js';
import { artists, releaseArtists, releaseCounts, releases, trackArtists, tracks } from '../../db/schema.js';

export type ReleaseRow = typeof releases.$inferSelect;

export interface ReleaseFilter {
  labelId?: string;
  type?: ReleaseType;
  q?: string;
}

export type ReleaseOrder = 'date:desc' | 'date:asc' | 'title:asc' | 'title:desc';

/**
 * docs/product.md §5: title or any artist name (of the release or of one of its tracks), case-insensitive.
 * One set of release ids made of three index lookups (trigram indexes on titles and names, decision
 * 0032): an OR of the title and a subquery would read every release (decision 0033).
 */
function searchMatch(term: string): SQL {
  const pattern = containsPattern(term);
  return sql`${releases.id} in (
    select r.id from ${releases} r where r.title ilike ${pattern}
    union
    select ra.release_id from ${releaseArtists} ra join ${artists} a on a.id = ra.artist_id where a.name ilike ${pattern}
    union
    select t.release_id from ${tracks} t
      join ${trackArtists} ta on ta.track_id = t.id
      join ${artists} a on a.id = ta.artist_id
     where a.name ilike ${pattern})`;
}

function whereOf(filter: ReleaseFilter): SQL {
  const conditions: SQL[] = [isPublicRelease];
  if (filter.labelId) conditions.push(eq(releases.labelId, filter.labelId));
  if (filter.type) conditions.push(eq(releases.type, filter.type));
  const term = filter.q?.trim();
  if (term) conditions.push(searchMatch(term));
  return and(...conditions) as SQL;
}

/** How many public releases match: counted for a search, else read from the counts the triggers keep (migrations 0012, 0034). */
async function countReleases(db: Db, filter: ReleaseFilter): Promise<number> {
  if (filter.q?.trim()) {
    const [row] = await db.select({ total: count() }).from(releases).where(whereOf(filter));
    return row?.total ?? 0;
  }
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${releaseCounts.releases}), 0)::int` })
    .from(releaseCounts)
    .where(
      and(
        filter.labelId ? eq(releaseCounts.labelId, filter.labelId) : undefined,
        filter.type ? eq(releaseCounts.type, filter.type) : undefined,
      ),
    );
  return row?.total ?? 0;
}

function orderOf(order: ReleaseOrder): SQL[] {
  switch (order) {
    case 'date:asc':
      return [sql`${releases.releaseDate} asc nulls first`, asc(releases.id)];
    case 'title:asc':
      return [asc(releases.title), asc(releases.id)];
    case 'title:desc':
      return [desc(releases.title), desc(releases.id)];
    default:
      // Matches the releases_*_date_idx indexes exactly.
      return [sql`${releases.releaseDate} desc nulls last`, sql`${releases.id} desc nulls last`];
  }
}

export async function listReleases(
  db: Db,
  filter: ReleaseFilter,
  order: ReleaseOrder,
  page: { offset: number; limit: number },
): Promise<{ rows: ReleaseRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(releases)
      .where(whereOf(filter))
      .orderBy(...orderOf(order))
      .offset(page.offset)
      .limit(page.limit),
    countReleases(db, filter),
  ]);
  return { rows, total };
}

/** A public release by its id or its slug. */
export async function findPublicRelease(db: Db, key: { id: string } | { slug: string }): Promise<ReleaseRow | undefined> {
  const [row] = await db
    .select()
    .from(releases)
    .where(and('id' in key ? eq(releases.id, key.id) : eq(releases.slug, key.slug), isPublicRelease));
  return row;
}

/** Per release, how many tracks it has and how many lack their master (the shop sells a release only with every master: docs/decisions/0105). */
export async function masterCounts(db: Db, releaseIds: string[]): Promise<Map<string, { trackCount: number; tracksWithoutMaster: number }>> {
  if (releaseIds.length === 0) return new Map();
  const rows = await db
    .select({ releaseId: tracks.releaseId, trackCount: count(), tracksWithoutMaster: sql<number>`(count(*) filter (where ${tracks.audioId} is null))::int` })
    .from(tracks)
    .where(inArray(tracks.releaseId, releaseIds))
    .groupBy(tracks.releaseId);
  return new Map(rows.map((row) => [row.releaseId, { trackCount: row.trackCount, tracksWithoutMaster: row.tracksWithoutMaster }]));
}

/** The public ones of these releases. */
export async function findReleasesByIds(db: Db, ids: string[]): Promise<ReleaseRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(releases).where(and(inArray(releases.id, ids), isPublicRelease));
}

export interface ScoreInputs {
  id: string;
  popularity: number | null;
  streamCount: number;
  releaseDate: string | null;
  trackCount: number;
}

/** A release as Top Releases orders it (docs/product.md §10.5): pins, score, newer, id. */
export interface RankedRow {
  id: string;
  pinned: boolean;
  score: number;
  releaseDate: string | null;
}

export interface StaleScore extends ScoreInputs {
  pinned: boolean;
  type: ReleaseType;
}

const scoreHoldsAt = (now: Date) =>
  sql`${releases.scoreValidFrom} <= ${now.toISOString()} and ${releases.scoreValidUntil} > ${now.toISOString()}`;

/** The label's public releases whose kept score does not hold at `now`: never scored, an input changed, or its recency moved. */
export async function listStaleScores(db: Db, labelId: string, now: Date): Promise<StaleScore[]> {
  return db
    .select({
      id: releases.id,
      popularity: releases.popularity,
      streamCount: releases.streamCount,
      releaseDate: releases.releaseDate,
      trackCount: releases.trackCount,
      pinned: releases.pinned,
      type: releases.type,
    })
    .from(releases)
    .where(and(eq(releases.labelId, labelId), isPublicRelease, sql`not (${scoreHoldsAt(now)})`));
}

export interface KeptScore extends ScoreInputs {
  score: number;
  /** ISO time, or '-infinity' / 'infinity'. */
  validFrom: string;
  validUntil: string;
}

/** Keeps the scores, each only if its inputs are still those it was computed from (a play may have come meanwhile). */
export async function keepScores(db: Db, scores: KeptScore[]): Promise<void> {
  if (scores.length === 0) return;
  await db.execute(sql`
    update ${releases} r
       set popularity_score = s.score, score_valid_from = s."validFrom", score_valid_until = s."validUntil"
      from json_to_recordset(${JSON.stringify(scores)}::json) as s(
             id uuid, score float8, "validFrom" timestamptz, "validUntil" timestamptz,
             popularity int, "streamCount" int, "releaseDate" date, "trackCount" int)
     where r.id = s.id
       and r.stream_count = s."streamCount" and r.track_count = s."trackCount"
       and r.popularity is not distinct from s.popularity and r.release_date is not distinct from s."releaseDate"`);
}

/**
 * The top `limit` of a label by the kept scores that hold at `now`, of releases out by `releasedBy` (a date) that have been
 * played (or, unless `onlyPlayed`, that staff pinned: a ranking of releases nobody played ranks nothing), read in index order
 * (releases_label_*rank_idx): pins first, then the score, newer first, then id (docs/product.md §10.5).
 */
export async function rankedReleases(
  db: Db,
  labelId: string,
  filter: { onlyPlayed: boolean; type?: ReleaseType; now: Date; releasedBy: string },
  limit: number,
): Promise<RankedRow[]> {
  const rows = await queryRows<{ id: string; pinned: boolean; score: number; release_date: string | null }>(db, sql`
    select id, pinned, popularity_score as score, release_date::text from ${releases}
     where label_id = ${labelId} and status <> 'draft'
       ${filter.type ? sql`and type = ${filter.type}` : sql``}
       and (stream_count > 0 ${filter.onlyPlayed ? sql`` : sql`or pinned`})
       and ${scoreHoldsAt(filter.now)}
       and (release_date is null or release_date <= ${filter.releasedBy})
     order by pinned desc nulls last, popularity_score desc nulls last, release_date desc nulls last, id
     limit ${limit}`);
  return rows.map((r) => ({ id: r.id, pinned: r.pinned, score: Number(r.score), releaseDate: r.release_date }));
}

export interface CreditRow {
  ownerId: string;
  artistId: string;
  name: string;
  imageUrl: string | null;
  role: 'primary' | 'featured' | 'remixer';
}

export async function releaseCredits(db: Db, releaseIds: string[]): Promise<CreditRow[]> {
  if (releaseIds.length === 0) return [];
  return db
    .select({
      ownerId: releaseArtists.releaseId,
      artistId: artists.id,
      name: artists.name,
      imageUrl: artists.imageUrl,
      role: releaseArtists.role,
    })
    .from(releaseArtists)
    .innerJoin(artists, eq(artists.id, releaseArtists.artistId))
    .where(inArray(releaseArtists.releaseId, releaseIds))
    .orderBy(releaseArtists.releaseId, releaseArtists.role, releaseArtists.position);
}

/** Every public release's slug, label and last change: the sitemap's. */
export async function listReleasePages(db: Db): Promise<{ slug: string; labelId: string; updatedAt: Date }[]> {
  return db
    .select({ slug: releases.slug, labelId: releases.labelId, updatedAt: releases.updatedAt })
    .from(releases)
    .where(isPublicRelease)
    .orderBy(releases.labelId, releases.id);
}

/** The release dates after `today`, soonest first: the moments the public catalog changes by itself (docs/decisions/0081). */
export async function upcomingReleaseDates(db: Db, today: string, limit: number): Promise<string[]> {
  const rows = await queryRows<{ release_date: string }>(db, sql`
    select distinct release_date::text from ${releases} where release_date > ${today} and ${isPublicRelease} order by 1 limit ${limit}`);
  return rows.map((row) => row.release_date);
}
