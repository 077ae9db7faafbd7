import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { artistLabels, artists, listedArtistCounts, releaseArtists, releases, trackArtists, tracks } from '../../db/schema.js';
import { containsPattern } from '../../db/contains-pattern.js';
import { anyLabel, isListedArtist, isPublicRelease } from '../../db/public-releases.js';

export type ArtistRow = typeof artists.$inferSelect;

/** Public releases an artist is credited on, by the release or by one of its tracks, with the role (a draft is nowhere: docs/decisions/0101). */
function creditedReleases(): SQL {
  return sql`
    select ${releaseArtists.artistId} as artist_id, ${releases.id} as release_id, ${releases.labelId} as label_id,
           ${releaseArtists.role} as role, null::text as track_title, null::uuid as track_id,
           ${releases.releaseDate} as release_date, ${releases.artworkUrl} as artwork_url
      from ${releaseArtists} join ${releases} on ${releases.id} = ${releaseArtists.releaseId} and ${isPublicRelease}
    union all
    select ${trackArtists.artistId}, ${releases.id}, ${releases.labelId}, ${trackArtists.role}, ${tracks.title}, ${tracks.id},
           ${releases.releaseDate}, ${releases.artworkUrl}
      from ${trackArtists}
      join ${tracks} on ${tracks.id} = ${trackArtists.trackId}
      join ${releases} on ${releases.id} = ${tracks.releaseId} and ${isPublicRelease}`;
}

/**
 * docs/product.md §5 hygiene: a name, not a sample pack, and a release on the label (or anywhere), as
 * the triggers keep it in `artist_labels` (docs/decisions/0033).
 */
function listedWhere(filter: { labelId?: string; q?: string }): SQL {
  const conditions: SQL[] = [isListedArtist(filter.labelId)];
  const term = filter.q?.trim();
  if (term) conditions.push(ilike(artists.name, containsPattern(term)));
  return and(...conditions) as SQL;
}

/** How many artists are listed: counted for a search, else read from the counts the triggers keep. */
export async function countListedArtists(db: Db, filter: { labelId?: string; q?: string }): Promise<number> {
  if (filter.q?.trim()) {
    const [row] = await db.select({ total: count() }).from(artists).where(listedWhere(filter));
    return row?.total ?? 0;
  }
  const [row] = await db
    .select({ total: listedArtistCounts.artists })
    .from(listedArtistCounts)
    .where(eq(listedArtistCounts.labelId, filter.labelId ?? anyLabel));
  return row?.total ?? 0;
}

export async function listArtists(
  db: Db,
  filter: { labelId?: string; q?: string },
  direction: 'asc' | 'desc',
  page: { offset: number; limit: number },
): Promise<{ rows: ArtistRow[]; total: number }> {
  const dir = direction === 'asc' ? asc : desc;
  const [rows, total] = await Promise.all([
    db.select().from(artists).where(listedWhere(filter)).orderBy(dir(artists.nameKey), dir(artists.id)).offset(page.offset).limit(page.limit),
    countListedArtists(db, filter),
  ]);
  return { rows, total };
}

export async function findListedArtist(db: Db, id: string): Promise<ArtistRow | undefined> {
  const [row] = await db.select().from(artists).where(and(eq(artists.id, id), listedWhere({})));
  return row;
}

/**
 * For each artist: the labels it has releases on (kept in `artist_labels`), as a subquery per artist: one
 * aggregate over all their credits ran with parallel workers on PostgreSQL at 100k releases, whose start
 * cost more than the work (docs/decisions/0033).
 */
export async function artistReleaseFacts(db: Db, artistIds: string[]) {
  if (artistIds.length === 0) return [];
  return queryRows<{ artist_id: string; label_ids: string[] }>(db, sql`
    select ${artists.id} as artist_id,
           array(select al.label_id from ${artistLabels} al
                  where al.artist_id = ${artists.id} and al.label_id <> ${anyLabel} order by al.label_id) as label_ids
      from ${artists}
     where ${inArray(artists.id, artistIds)}`);
}

export interface ArtistCreditRow {
  releaseId: string;
  role: 'primary' | 'featured' | 'remixer';
  trackTitle: string | null;
  trackId: string | null;
}

/** The artist's credits, newest release first, one row per release (the release credit wins). */
export async function artistCredits(
  db: Db,
  artistId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: ArtistCreditRow[]; total: number }> {
  const credited = sql`
    select distinct on (c.release_id) c.release_id, c.role, c.track_title, c.track_id, c.release_date
      from (${creditedReleases()}) c
     where c.artist_id = ${artistId}
     order by c.release_id, (c.track_title is not null), case c.role when 'primary' then 0 when 'featured' then 1 else 2 end`;
  const [rows, totals] = await Promise.all([
    queryRows<{ release_id: string; role: ArtistCreditRow['role']; track_title: string | null; track_id: string | null }>(db, sql`
      select * from (${credited}) x order by x.release_date desc nulls last, x.release_id
      offset ${page.offset} limit ${page.limit}`),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from (${credited}) x`),
  ]);
  return {
    rows: rows.map((r) => ({ releaseId: r.release_id, role: r.role, trackTitle: r.track_title, trackId: r.track_id })),
    total: totals[0]?.total ?? 0,
  };
}


/** Every listed artist, the label its page is under (the first it has releases on) and when it last changed: the sitemap's. */
export async function listArtistPages(db: Db): Promise<{ id: string; labelId: string; updatedAt: Date }[]> {
  return db
    .select({
      id: artists.id,
      labelId: sql<string>`(select min(al.label_id) from ${artistLabels} al where al.artist_id = ${artists.id} and al.label_id <> ${anyLabel})`,
      updatedAt: artists.updatedAt,
    })
    .from(artists)
    .where(listedWhere({}))
    .orderBy(artists.id);
}
