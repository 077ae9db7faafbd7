import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { looksLikeSamplePack } from '../../shared/domain/hygiene.js';
import { releaseTypeOf } from '../../shared/domain/release-type.js';
import type { Db } from '../db/client.js';
import { artists, releaseArtists, releases, trackArtists, tracks } from '../db/schema.js';
import { artistIdFor } from './artist-id.js';
import { parseDistributorCsv, type ParsedCatalog, type ParsedRelease, type RowNote } from './parse-distributor-csv.js';

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

export interface ImportOptions {
  /** Import only this label's rows (any id form); rows without a label name get it. */
  label?: string;
}

export interface WriteOptions {
  /**
   * Called when writing starts and after each batch, with the CSV rows settled so far and the file's
   * data rows: the rows rejected or skipped while reading are settled from the start, a track's row
   * once its batch is written. The last call has done === total.
   */
  onProgress?: (done: number, total: number) => void;
  /** Runs inside the import's transaction with the finished report: what must be stored with it or not at all. */
  beforeCommit?: (tx: Db, report: ImportReport) => Promise<void>;
  /** Looked at between batches: once aborted, the import throws its reason and the transaction rolls back. */
  signal?: AbortSignal;
}

type Role = (typeof releaseArtists.$inferInsert)['role'];
/** Releases written per step: the progress reported between steps moves in several visible steps. */
const releasesPerBatch = 50;
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

function collectArtistNames(parsed: ParsedRelease[]): Map<string, string> {
  const names = new Map<string, string>();
  const add = (name: string) => {
    const id = artistIdFor(name);
    if (!names.has(id)) names.set(id, name);
  };
  for (const release of parsed) {
    release.artists.forEach(add);
    for (const track of release.tracks) {
      [...track.artists.primary, ...track.artists.featured, ...track.artists.remixers].forEach(add);
    }
  }
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

/** Writes one batch of releases with their artists, tracks and credits; adds what it created or updated. */
async function writeBatch(tx: Db, batch: ParsedRelease[], created: ImportCounts, updated: ImportCounts): Promise<void> {
  // Artists first: an artist of several batches is created by the first and left alone after.
  for (const part of chunks([...collectArtistNames(batch)])) {
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
    created.artists += inserted.length;
  }

  const releaseIds = new Map<string, string>();
  for (const part of chunks(batch)) {
    const changes = upsertChanges(releases, [
      releases.labelId,
      releases.catalogNumber,
      releases.title,
      releases.version,
      releases.releaseDate,
      releases.type,
      releases.genres,
    ]);
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
          type: releaseTypeOf({ title: r.title, trackArtists: r.tracks.map((t) => t.artists.primary) }),
          genres: r.genres,
        })),
      )
      .onConflictDoUpdate({ target: releases.upc, ...changes })
      .returning({ inserted: wasInserted });
    created.releases += written.filter((w) => w.inserted).length;
    updated.releases += written.filter((w) => !w.inserted).length;
    const ids = await tx
      .select({ id: releases.id, upc: releases.upc })
      .from(releases)
      .where(
        inArray(
          releases.upc,
          part.map((r) => r.upc),
        ),
      );
    for (const { id, upc } of ids) if (upc) releaseIds.set(upc, id);
  }

  const trackRows = batch.flatMap((r) =>
    r.tracks.map((t) => ({ release: r, track: t, releaseId: releaseIds.get(r.upc) as string })),
  );
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
      .returning({ inserted: wasInserted });
    created.tracks += written.filter((w) => w.inserted).length;
    updated.tracks += written.filter((w) => !w.inserted).length;
    const ids = await tx
      .select({ id: tracks.id, releaseId: tracks.releaseId, isrc: tracks.isrc })
      .from(tracks)
      .where(
        inArray(
          tracks.releaseId,
          [...new Set(part.map((p) => p.releaseId))],
        ),
      );
    for (const { id, releaseId, isrc } of ids) trackIds.set(`${releaseId}/${isrc}`, id);
  }

  await syncLinks(
    tx,
    releaseArtists,
    releaseArtists.releaseId,
    [...releaseIds.values()],
    batch.flatMap((r) =>
      credits({ primary: r.artists, featured: [], remixer: [] }).map((c) => ({
        ...c,
        ownerId: releaseIds.get(r.upc) as string,
      })),
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
    [...new Set(trackLinks.map((l) => l.ownerId))],
    trackLinks,
  );
}

/**
 * Writes a read export in ONE transaction (a failure anywhere leaves the database as it was), in
 * batches of releases so that progress can be reported between them; importing it again changes nothing.
 */
export async function importParsedCatalog(db: Db, parsed: ParsedCatalog, options: WriteOptions = {}): Promise<ImportReport> {
  const created: ImportCounts = { releases: 0, tracks: 0, artists: 0 };
  const updated: ImportCounts = { releases: 0, tracks: 0, artists: 0 };
  const report: ImportReport = {
    rows: parsed.rows,
    totalReleasesImported: parsed.releases.length,
    totalTracksImported: parsed.releases.reduce((n, r) => n + r.tracks.length, 0),
    totalArtistsImported: collectArtistNames(parsed.releases).size,
    created,
    updated,
    rejected: parsed.rejected,
    warnings: parsed.warnings,
    skipped: parsed.skipped,
  };
  let done = parsed.rejected.length + parsed.skipped;
  await db.transaction(async (tx) => {
    options.onProgress?.(done, parsed.rows);
    for (const batch of chunks(parsed.releases, releasesPerBatch)) {
      options.signal?.throwIfAborted();
      await writeBatch(tx, batch, created, updated);
      done += batch.reduce((n, r) => n + r.tracks.length, 0);
      options.onProgress?.(done, parsed.rows);
      // PGlite runs on this thread and resolves its queries without leaving the microtask queue: let
      // the event loop answer waiting requests (progress polls) between batches.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    options.signal?.throwIfAborted();
    await options.beforeCommit?.(tx, report);
  });
  return report;
}

/** Reads a distributor inventory export and imports it (see importParsedCatalog). */
export async function importCatalog(db: Db, csvText: string, options: ImportOptions & WriteOptions = {}): Promise<ImportReport> {
  return importParsedCatalog(db, parseDistributorCsv(csvText, options), options);
}
