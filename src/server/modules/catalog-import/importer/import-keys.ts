import { eq, inArray, sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { ReleaseType } from '../../../../shared/domain/release-type.js';
import type { Db } from '../../../db/client.js';
import { trackKey, type ParsedRelease, type ParsedTrack, type ReadState, type RecallKeys } from './parse-distributor-csv.js';
import { chunks } from './statement-chunks.js';

// What one import keeps from batch to batch, one row per release, track and artist of the file, in
// TEMPORARY tables of its own transaction (dropped at its end, seen by no other session): the
// process keeps none of it, so its memory stays flat whatever the file's size (docs/decisions/0051).
// Not in schema.ts: no migration creates them.

/** Each release of the file, by its first row; isCounted once counted as created or updated. */
export const seenReleases = pgTable('import_seen_releases', {
  upc: text('upc').primaryKey(),
  line: integer('line').notNull(),
  labelId: text('label_id').notNull(),
  title: text('title').notNull(),
  /** The distributor's own type of the release, when the export has one. */
  type: text('type').$type<ReleaseType>(),
  isCounted: boolean('is_counted').notNull(),
});

/** Each track of the file, with its title and primary artists for the release type rule. */
export const seenTracks = pgTable(
  'import_seen_tracks',
  {
    upc: text('upc').notNull(),
    isrc: text('isrc').notNull(),
    line: integer('line').notNull(),
    title: text('title').notNull(),
    primaryArtists: text('primary_artists').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.upc, t.isrc] })],
);

/** Each artist the file names, by id. */
export const seenArtists = pgTable('import_seen_artists', { id: text('id').primaryKey() });

/**
 * Creates the tables in the import's transaction and answers the reader's questions from them; the
 * import remembers each batch as it writes it (rememberReleases, rememberTracks), before the next.
 */
export async function keepKeysInTransaction(tx: Db): Promise<RecallKeys> {
  await tx.execute(sql`
    create temporary table import_seen_releases (
      upc text primary key, line integer not null, label_id text not null, title text not null, type text, is_counted boolean not null
    ) on commit drop`);
  await tx.execute(sql`
    create temporary table import_seen_tracks (
      upc text not null, isrc text not null, line integer not null, title text not null, primary_artists text[] not null, primary key (upc, isrc)
    ) on commit drop`);
  await tx.execute(sql`create temporary table import_seen_artists (id text primary key) on commit drop`);
  return (upcs) => recallKeys(tx, upcs);
}

/**
 * One select: the releases a batch names that earlier batches defined, each with every track read
 * of it (a track is read only once its release is defined, so none is missed).
 */
async function recallKeys(tx: Db, upcs: string[]): Promise<ReadState> {
  const state: ReadState = { releases: new Map(), trackLines: new Map() };
  for (const part of chunks(upcs)) {
    const found = await tx
      .select({
        upc: seenReleases.upc,
        line: seenReleases.line,
        labelId: seenReleases.labelId,
        title: seenReleases.title,
        isrc: seenTracks.isrc,
        trackLine: seenTracks.line,
      })
      .from(seenReleases)
      .leftJoin(seenTracks, eq(seenTracks.upc, seenReleases.upc))
      .where(inArray(seenReleases.upc, part));
    for (const { upc, line, labelId, title, isrc, trackLine } of found) {
      state.releases.set(upc, { line, labelId, title });
      if (isrc !== null && trackLine !== null) state.trackLines.set(trackKey(upc, isrc), trackLine);
    }
  }
  return state;
}

/** The releases first defined in a batch, with those its upserts counted as created or updated. */
export async function rememberReleases(tx: Db, defined: ParsedRelease[], counted: Set<string>): Promise<void> {
  for (const part of chunks(defined)) {
    await tx
      .insert(seenReleases)
      .values(part.map((r) => ({ upc: r.upc, line: r.line, labelId: r.labelId, title: r.title, type: r.type, isCounted: counted.has(r.upc) })));
  }
}

export async function rememberTracks(tx: Db, read: ParsedTrack[]): Promise<void> {
  for (const part of chunks(read)) {
    await tx
      .insert(seenTracks)
      .values(part.map((t) => ({ upc: t.upc, isrc: t.isrc, line: t.line, title: t.title, primaryArtists: t.artists.primary })));
  }
}
