import { asc, count, eq, ilike, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { artists, releaseArtists, trackArtists, tracks } from '../../db/schema.js';
import { containsPattern } from '../../db/contains-pattern.js';
import { isListedArtist } from '../../db/public-releases.js';

export type ArtistRow = typeof artists.$inferSelect;
export type ArtistChanges = Partial<Pick<ArtistRow, 'bio' | 'genres'>>;

/** Every artist in the database, hidden ones too (staff edit what the public lists leave out). */
export async function listAdminArtists(
  db: Db,
  filter: { q?: string },
  page: { offset: number; limit: number },
): Promise<{ rows: ArtistRow[]; total: number }> {
  const term = filter.q?.trim();
  const where = term ? ilike(artists.name, containsPattern(term)) : undefined;
  const [rows, totals] = await Promise.all([
    db.select().from(artists).where(where).orderBy(asc(artists.nameKey), asc(artists.id)).offset(page.offset).limit(page.limit),
    db.select({ total: count() }).from(artists).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Distinct releases (credited on the release or on one of its tracks) and tracks of each artist, and whether the public sees it. */
export async function artistCreditCounts(db: Db, artistIds: string[]) {
  if (artistIds.length === 0) return [];
  const ids = sql.join(
    artistIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return queryRows<{ artist_id: string; release_count: number; track_count: number; listed: boolean }>(db, sql`
    select ${artists.id} as artist_id, ${isListedArtist()} as listed,
           (select count(*)::int from (
              select ra.release_id from ${releaseArtists} ra where ra.artist_id = ${artists.id}
              union
              select t.release_id from ${trackArtists} ta join ${tracks} t on t.id = ta.track_id where ta.artist_id = ${artists.id}
            ) r) as release_count,
           (select count(distinct ta.track_id)::int from ${trackArtists} ta where ta.artist_id = ${artists.id}) as track_count
      from ${artists}
     where ${artists.id} in (${ids})`);
}

/** One artist; `forUpdate` holds the row until the transaction ends. */
export async function findArtist(db: Db, id: string, { forUpdate = false } = {}): Promise<ArtistRow | undefined> {
  const query = db.select().from(artists).where(eq(artists.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateArtist(db: Db, id: string, changes: ArtistChanges, now: Date): Promise<ArtistRow> {
  const [row] = await db
    .update(artists)
    .set({ ...changes, updatedAt: now })
    .where(eq(artists.id, id))
    .returning();
  return row as ArtistRow;
}
