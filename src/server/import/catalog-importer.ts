import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { looksLikeSamplePack } from '../../shared/domain/hygiene.js';
import { startTypeTally, tallyTrack, typeOfTally, type ReleaseType, type ReleaseTypeTally } from '../../shared/domain/release-type.js';
import type { Db } from '../db/client.js';
import { artists, releaseArtists, releases, trackArtists, tracks } from '../db/schema.js';
import { artistIdFor } from './artist-id.js';
import { readDistributorCsv, type CatalogBatch, type CsvSource, type ReadOptions, type RowNote } from './parse-distributor-csv.js';

export interface ImportCounts {
  releases: number;
  tracks: number;
  artists: number;
}

export interface ImportReport {
  /** Data rows read (the header not counted). */
  rows: number;
  totalReleasesImported: number;
  totalTracksImported: number;
  totalArtistsImported: number;
  created: ImportCounts;
  updated: ImportCounts;
  rejected: RowNote[];
  warnings: RowNote[];
  skipped: number;
}

/** Rows of the file settled so far (read, and written, rejected or skipped) and the bytes read through them. */
export interface ImportProgress {
  rows: number;
  bytes: number;
}

export interface ImportOptions extends ReadOptions {
  /** Called when writing starts and after each batch; rows rejected or skipped are settled with their batch. */
  onProgress?: (progress: ImportProgress) => void;
  /** Runs inside the import's transaction with the finished report: what must be stored with it or not at all. */
  beforeCommit?: (tx: Db, report: ImportReport) => Promise<void>;
  /** Looked at between batches: once aborted, the import throws its reason and the transaction rolls back. */
  signal?: AbortSignal;
}

type Role = (typeof releaseArtists.$inferInsert)['role'];
/** Rows per statement: well below PostgreSQL's 65,535 parameters even for a batch of compilations. */
const rowsPerStatement = 500;

function chunks<T>(items: T[], size = rowsPerStatement): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function excluded(column: PgColumn): SQL {
  return sql.raw(`excluded."${column.name}"`);
}

/** `SET col = excluded.col` for each column, and a WHERE that skips rows whose values are equal. */
function upsertChanges(table: PgTable, cols: PgColumn[]) {
  const set: Record<string, SQL> = { updatedAt: sql`now()` };
  for (const col of cols) {
    const key = Object.entries(table).find(([, c]) => c === col)?.[0];
    if (key) set[key] = excluded(col);
  }
  const current = sql.join(
    cols.map((c) => sql`${c}`),
    sql`, `,
  );
  const incoming = sql.join(cols.map(excluded), sql`, `);
  return { set, setWhere: sql`(${current}) is distinct from (${incoming})` };
}

/** Postgres reports a row the upsert inserted with xmax = 0, one it updated otherwise. */
const wasInserted = sql<boolean>`(xmax = 0)`;

/** The artists a batch names (release and track credits), by id, leaving out those already written by this import. */
function newArtistNames(batch: CatalogBatch, written: Set<string>): Map<string, string> {
  const names = new Map<string, string>();
  const add = (name: string) => {
    const id = artistIdFor(name);
    if (!written.has(id) && !names.has(id)) names.set(id, name);
  };
  for (const release of batch.releases) release.artists.forEach(add);
  for (const track of batch.tracks) [...track.artists.primary, ...track.artists.featured, ...track.artists.remixers].forEach(add);
  return names;
}

function credits(byRole: Record<Role, string[]>): { artistId: string; role: Role; position: number }[] {
  const rows: { artistId: string; role: Role; position: number }[] = [];
  for (const [role, names] of Object.entries(byRole) as [Role, string[]][]) {
    const ids = [...new Set(names.map(artistIdFor))];
    ids.forEach((artistId, position) => rows.push({ artistId, role, position }));
  }
  return rows;
}

/** Makes the links of the given owners exactly the wanted set, touching only what differs. */
async function syncLinks(
  tx: Db,
  table: typeof releaseArtists | typeof trackArtists,
  ownerColumn: PgColumn,
  ownerIds: string[],
  wanted: { ownerId: string; artistId: string; role: Role; position: number }[],
) {
  const ownerKey = table === releaseArtists ? 'releaseId' : 'trackId';
  const wantedKeys = new Set(wanted.map((w) => `${w.ownerId}/${w.artistId}/${w.role}`));
  for (const ids of chunks(ownerIds)) {
    const existing = await tx
      .select({ ownerId: ownerColumn, artistId: table.artistId, role: table.role })
      .from(table)
      .where(inArray(ownerColumn, ids));
    const stale = existing.filter((e) => !wantedKeys.has(`${String(e.ownerId)}/${e.artistId}/${e.role}`));
    for (const s of stale) {
      await tx
        .delete(table)
        .where(and(sql`${ownerColumn} = ${s.ownerId}`, sql`${table.artistId} = ${s.artistId}`, sql`${table.role} = ${s.role}`));
    }
  }
  for (const part of chunks(wanted)) {
    const values = part.map((w) => ({ [ownerKey]: w.ownerId, artistId: w.artistId, role: w.role, position: w.position }));
    await tx
      .insert(table)
      .values(values as (typeof table.$inferInsert)[])
      .onConflictDoUpdate({
        target: [ownerColumn, table.artistId, table.role],
        set: { position: excluded(table.position) },
        setWhere: sql`${table.position} is distinct from ${excluded(table.position)}`,
      });
  }
}

/** A release this import has written, for its rows in later batches and the type settled at the end. */
interface ReleaseWritten {
  id: string;
  /** Its type in the database: as found, or as first inserted. */
  storedType: ReleaseType;
  /** Counted as created or updated already. */
  isCounted: boolean;
  /** Its rows read so far, for the type rule. */
  tally: ReleaseTypeTally;
}

/** What one import keeps from batch to batch: no rows, one small entry per release and per artist. */
interface ImportState {
  releases: Map<string, ReleaseWritten>;
  artistIds: Set<string>;
  created: ImportCounts;
  updated: ImportCounts;
}

/**
 * Writes the releases first defined in this batch. A release's type depends on all its rows, which
 * may come in later batches: a new release is inserted with the type of its rows so far, and an
 * existing one keeps its type here; settleReleaseTypes sets every type once the file is read.
 */
async function writeNewReleases(tx: Db, batch: CatalogBatch, state: ImportState): Promise<void> {
  const tallies = new Map(batch.releases.map((r) => [r.upc, startTypeTally(r.title)]));
  for (const track of batch.tracks) {
    const tally = state.releases.get(track.upc)?.tally ?? tallies.get(track.upc);
    if (tally) tallyTrack(tally, track.artists.primary);
  }
  const changes = upsertChanges(releases, [
    releases.labelId,
    releases.catalogNumber,
    releases.title,
    releases.version,
    releases.releaseDate,
    releases.genres,
  ]);
  for (const part of chunks(batch.releases)) {
    const written = await tx
      .insert(releases)
      .values(
        part.map((r) => ({
          labelId: r.labelId,
          upc: r.upc,
          catalogNumber: r.catalogNumber,
          title: r.title,
          version: r.version,
          releaseDate: r.releaseDate,
          type: typeOfTally(tallies.get(r.upc) as ReleaseTypeTally),
          genres: r.genres,
        })),
      )
      .onConflictDoUpdate({ target: releases.upc, ...changes })
      .returning({ id: releases.id, upc: releases.upc, type: releases.type, inserted: wasInserted });
    // The upsert answers the rows it inserted or changed; the unchanged ones are looked up.
    const returned = new Set(written.map((w) => w.upc));
    const unchanged = part.filter((r) => !returned.has(r.upc)).map((r) => r.upc);
    const found =
      unchanged.length === 0
        ? []
        : await tx.select({ id: releases.id, upc: releases.upc, type: releases.type }).from(releases).where(inArray(releases.upc, unchanged));
    for (const w of written) (w.inserted ? state.created : state.updated).releases += 1;
    for (const { id, upc, type } of [...written, ...found]) {
      if (upc) state.releases.set(upc, { id, storedType: type, isCounted: returned.has(upc), tally: tallies.get(upc) as ReleaseTypeTally });
    }
  }
}

/** Writes one batch: its new artists and releases, its tracks and the credits of both. */
async function writeBatch(tx: Db, batch: CatalogBatch, state: ImportState): Promise<void> {
  // Artists first: an artist of several batches is created by the first and left alone after.
  for (const part of chunks([...newArtistNames(batch, state.artistIds)])) {
    const inserted = await tx
      .insert(artists)
      .values(
        part.map(([id, name]) => ({
          id,
          name,
          looksLikeSamplePack: looksLikeSamplePack(name),
        })),
      )
      .onConflictDoNothing({ target: artists.id })
      .returning({ id: artists.id });
    state.created.artists += inserted.length;
    for (const [id] of part) state.artistIds.add(id);
  }

  await writeNewReleases(tx, batch, state);
  const releaseIdOf = (upc: string) => (state.releases.get(upc) as ReleaseWritten).id;

  const trackRows = batch.tracks.map((track) => ({ track, releaseId: releaseIdOf(track.upc) }));
  const trackIds = new Map<string, string>();
  for (const part of chunks(trackRows)) {
    const changes = upsertChanges(tracks, [
      tracks.trackNumber,
      tracks.title,
      tracks.mixVersion,
      tracks.durationMs,
      tracks.genres,
    ]);
    const written = await tx
      .insert(tracks)
      .values(
        part.map(({ track, releaseId }) => ({
          releaseId,
          trackNumber: track.trackNumber,
          isrc: track.isrc,
          title: track.title,
          mixVersion: track.mixVersion,
          durationMs: track.durationMs,
          genres: track.genres,
        })),
      )
      .onConflictDoUpdate({ target: [tracks.releaseId, tracks.isrc], ...changes })
      .returning({ id: tracks.id, releaseId: tracks.releaseId, isrc: tracks.isrc, inserted: wasInserted });
    state.created.tracks += written.filter((w) => w.inserted).length;
    state.updated.tracks += written.filter((w) => !w.inserted).length;
    for (const { id, releaseId, isrc } of written) trackIds.set(`${releaseId}/${isrc}`, id);
    // The upsert answers the rows it inserted or changed; the unchanged ones are looked up.
    const unchanged = part.filter(({ track, releaseId }) => !trackIds.has(`${releaseId}/${track.isrc}`));
    if (unchanged.length === 0) continue;
    const found = await tx
      .select({ id: tracks.id, releaseId: tracks.releaseId, isrc: tracks.isrc })
      .from(tracks)
      .where(
        and(
          inArray(tracks.releaseId, [...new Set(unchanged.map((p) => p.releaseId))]),
          inArray(tracks.isrc, [...new Set(unchanged.map((p) => p.track.isrc))]),
        ),
      );
    for (const { id, releaseId, isrc } of found) trackIds.set(`${releaseId}/${isrc}`, id);
  }

  // A release's own artists come from its first row, in the batch that defines it.
  await syncLinks(
    tx,
    releaseArtists,
    releaseArtists.releaseId,
    batch.releases.map((r) => releaseIdOf(r.upc)),
    batch.releases.flatMap((r) =>
      credits({ primary: r.artists, featured: [], remixer: [] }).map((c) => ({ ...c, ownerId: releaseIdOf(r.upc) })),
    ),
  );
  const trackLinks = trackRows.flatMap(({ track, releaseId }) =>
    credits({ primary: track.artists.primary, featured: track.artists.featured, remixer: track.artists.remixers }).map(
      (c) => ({ ...c, ownerId: trackIds.get(`${releaseId}/${track.isrc}`) as string }),
    ),
  );
  await syncLinks(
    tx,
    trackArtists,
    trackArtists.trackId,
    trackRows.map(({ track, releaseId }) => trackIds.get(`${releaseId}/${track.isrc}`) as string),
    trackLinks,
  );
}

/** Gives each release written the type of all its rows, where the database holds another. */
async function settleReleaseTypes(tx: Db, state: ImportState): Promise<void> {
  const retyped = new Map<ReleaseType, ReleaseWritten[]>();
  for (const release of state.releases.values()) {
    const type = typeOfTally(release.tally);
    if (type !== release.storedType) retyped.set(type, [...(retyped.get(type) ?? []), release]);
  }
  for (const [type, written] of retyped) {
    for (const part of chunks(written)) {
      await tx
        .update(releases)
        .set({ type, updatedAt: sql`now()` })
        .where(
          inArray(
            releases.id,
            part.map((r) => r.id),
          ),
        );
    }
    for (const release of written) {
      if (!release.isCounted) state.updated.releases += 1;
      release.isCounted = true;
    }
  }
}

/**
 * Imports a distributor inventory export as it is read (readDistributorCsv), in ONE transaction (a
 * failure anywhere, a format error included, leaves the database as it was), a batch of rows at a
 * time so that progress can be reported between batches; importing it again changes nothing.
 */
export async function importCatalog(db: Db, source: CsvSource, options: ImportOptions = {}): Promise<ImportReport> {
  const state: ImportState = {
    releases: new Map(),
    artistIds: new Set(),
    created: { releases: 0, tracks: 0, artists: 0 },
    updated: { releases: 0, tracks: 0, artists: 0 },
  };
  const report: ImportReport = {
    rows: 0,
    totalReleasesImported: 0,
    totalTracksImported: 0,
    totalArtistsImported: 0,
    created: state.created,
    updated: state.updated,
    rejected: [],
    warnings: [],
    skipped: 0,
  };
  await db.transaction(async (tx) => {
    options.onProgress?.({ rows: 0, bytes: 0 });
    for await (const batch of readDistributorCsv(source, options)) {
      options.signal?.throwIfAborted();
      await writeBatch(tx, batch, state);
      report.rows += batch.rows;
      report.totalTracksImported += batch.tracks.length;
      report.rejected.push(...batch.rejected);
      report.warnings.push(...batch.warnings);
      report.skipped += batch.skipped;
      options.onProgress?.({ rows: report.rows, bytes: batch.bytes });
    }
    options.signal?.throwIfAborted();
    await settleReleaseTypes(tx, state);
    report.totalReleasesImported = state.releases.size;
    report.totalArtistsImported = state.artistIds.size;
    await options.beforeCommit?.(tx, report);
  });
  return report;
}
