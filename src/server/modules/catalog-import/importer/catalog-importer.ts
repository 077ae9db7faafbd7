import { and, count, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { looksLikeSamplePack } from '../../../../shared/domain/hygiene.js';
import { startTypeTally, tallyTrack, typeOfTally, type ReleaseType, type ReleaseTypeTally } from '../../../../shared/domain/release-type.js';
import type { Db } from '../../../db/client.js';
import { artists, releaseArtists, releases, trackArtists, tracks } from '../../../db/schema.js';
import { artistIdFor } from '../../catalog/index.js';
import { claimCatalogNumbers, withCatalogNumberRetries } from './catalog-number-claims.js';
import { keepKeysInTransaction, rememberReleases, rememberTracks, seenArtists, seenReleases, seenTracks } from './import-keys.js';
import { readDistributorCsv, type CatalogBatch, type CsvSource, type ReadOptions, type RowNote } from './parse-distributor-csv.js';
import { chunks } from './statement-chunks.js';

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
  /** Of the warnings, the rows whose catalog number another release of the label holds (docs/decisions/0088). */
  catalogNumbersNotTaken: RowNote[];
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

/** The artists a batch names (release and track credits), by id. */
function artistNames(batch: CatalogBatch): Map<string, string> {
  const names = new Map<string, string>();
  const add = (name: string) => {
    const id = artistIdFor(name);
    if (!names.has(id)) names.set(id, name);
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

/** What one import counts from batch to batch; what it must know of earlier batches is in its transaction (import-keys.ts). */
interface ChangeCounts {
  created: ImportCounts;
  updated: ImportCounts;
  catalogNumbersNotTaken: RowNote[];
}

/**
 * Writes the releases first defined in this batch and answers their ids by UPC. A release's type
 * depends on all its rows, which may come in later batches: a new release is inserted with the type
 * of this batch's rows, and an existing one keeps its type here; settleReleaseTypes sets every type
 * once the file is read. A catalog number another release of the label holds is not written
 * (catalog-number-claims.ts): the release keeps its own, or has none, and the batch says so in a warning.
 */
async function writeNewReleases(tx: Db, batch: CatalogBatch, counts: ChangeCounts): Promise<Map<string, string>> {
  const tallies = new Map(batch.releases.map((r) => [r.upc, startTypeTally(r.title)]));
  for (const track of batch.tracks) {
    const tally = tallies.get(track.upc);
    if (tally) tallyTrack(tally, track.title, track.artists.primary);
  }
  const changes = upsertChanges(releases, [
    releases.labelId,
    releases.catalogNumber,
    releases.title,
    releases.version,
    releases.releaseDate,
    releases.genres,
  ]);
  // Store links come from an export that has them: a file without (most exports) keeps the links staff added.
  const links = sql`case when jsonb_array_length(${excluded(releases.links)}) > 0 then ${excluded(releases.links)} else ${releases.links} end`;
  changes.set.links = links;
  changes.setWhere = sql`(${changes.setWhere}) or ${releases.links} is distinct from ${links}`;
  // The claims and the writes in a savepoint: again, should a release made meanwhile take a number (catalog-number-claims.ts).
  const written = await withCatalogNumberRetries(tx, async (sp) => {
    const claims = await claimCatalogNumbers(sp, batch.releases);
    const ids = new Map<string, string>();
    const counted = new Set<string>();
    const made = { created: 0, updated: 0 };
    for (const part of chunks(batch.releases)) {
      const rows = await sp
        .insert(releases)
        .values(
          part.map((r) => ({
            labelId: r.labelId,
            upc: r.upc,
            catalogNumber: claims.numberOf.get(r.upc) ?? null,
            title: r.title,
            version: r.version,
            releaseDate: r.releaseDate,
            type: r.type ?? typeOfTally(tallies.get(r.upc) as ReleaseTypeTally),
            genres: r.genres,
            links: r.links,
          })),
        )
        .onConflictDoUpdate({ target: releases.upc, ...changes })
        .returning({ id: releases.id, upc: releases.upc, inserted: wasInserted });
      for (const w of rows) made[w.inserted ? 'created' : 'updated'] += 1;
      for (const { id, upc } of rows) {
        ids.set(upc as string, id);
        counted.add(upc as string);
      }
      // The upsert answers the rows it inserted or changed; the unchanged ones are looked up.
      const unchanged = part.filter((r) => !ids.has(r.upc)).map((r) => r.upc);
      for (const [upc, id] of await releaseIdsOf(sp, unchanged)) ids.set(upc, id);
    }
    return { ids, counted, made, warnings: claims.warnings };
  });
  counts.created.releases += written.made.created;
  counts.updated.releases += written.made.updated;
  if (written.warnings.length > 0) {
    counts.catalogNumbersNotTaken.push(...written.warnings);
    batch.warnings.push(...written.warnings);
    batch.warnings.sort((a, b) => a.line - b.line);
  }
  await rememberReleases(tx, batch.releases, written.counted);
  return written.ids;
}

/** The ids of releases in the database, by UPC. */
async function releaseIdsOf(tx: Db, upcs: string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const part of chunks(upcs)) {
    const found = await tx.select({ id: releases.id, upc: releases.upc }).from(releases).where(inArray(releases.upc, part));
    for (const { id, upc } of found) ids.set(upc as string, id);
  }
  return ids;
}

/** Writes one batch: its new artists and releases, its tracks and the credits of both; remembers its keys for the batches after it. */
async function writeBatch(tx: Db, batch: CatalogBatch, counts: ChangeCounts): Promise<void> {
  // Artists first: an artist of several batches is created by the first and left alone after.
  for (const part of chunks([...artistNames(batch)])) {
    const fresh = await tx
      .insert(seenArtists)
      .values(part.map(([id]) => ({ id })))
      .onConflictDoNothing()
      .returning({ id: seenArtists.id });
    if (fresh.length === 0) continue;
    const freshIds = new Set(fresh.map((f) => f.id));
    const inserted = await tx
      .insert(artists)
      .values(
        part
          .filter(([id]) => freshIds.has(id))
          .map(([id, name]) => ({
            id,
            name,
            looksLikeSamplePack: looksLikeSamplePack(name),
          })),
      )
      .onConflictDoNothing({ target: artists.id })
      .returning({ id: artists.id });
    counts.created.artists += inserted.length;
  }

  const releaseIds = await writeNewReleases(tx, batch, counts);
  // Tracks of releases defined in an earlier batch.
  const earlier = [...new Set(batch.tracks.map((t) => t.upc))].filter((upc) => !releaseIds.has(upc));
  for (const [upc, id] of await releaseIdsOf(tx, earlier)) releaseIds.set(upc, id);
  const releaseIdOf = (upc: string) => releaseIds.get(upc) as string;

  await rememberTracks(tx, batch.tracks);
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
    counts.created.tracks += written.filter((w) => w.inserted).length;
    counts.updated.tracks += written.filter((w) => !w.inserted).length;
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

async function countRows(tx: Db, table: typeof seenReleases | typeof seenArtists): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/** Releases settled per step at the end: their tracks' primary artists are read at once. */
const releasesPerStep = 500;

/**
 * Gives each release of the file the type of all its rows, where the database holds another: a
 * step of releases at a time, tallied from the tracks the file gave them.
 */
async function settleReleaseTypes(tx: Db, counts: ChangeCounts): Promise<void> {
  for (let after = ''; ; ) {
    const step = await tx
      .select({
        upc: seenReleases.upc,
        title: seenReleases.title,
        ownType: seenReleases.type,
        isCounted: seenReleases.isCounted,
        id: releases.id,
        type: releases.type,
      })
      .from(seenReleases)
      .innerJoin(releases, eq(releases.upc, seenReleases.upc))
      .where(gt(seenReleases.upc, after))
      .orderBy(seenReleases.upc)
      .limit(releasesPerStep);
    if (step.length === 0) return;
    after = step[step.length - 1]?.upc as string;
    const tallies = new Map(step.map((r) => [r.upc, startTypeTally(r.title)]));
    const trackArtistLists = await tx
      .select({ upc: seenTracks.upc, title: seenTracks.title, primaryArtists: seenTracks.primaryArtists })
      .from(seenTracks)
      .where(
        inArray(
          seenTracks.upc,
          step.map((r) => r.upc),
        ),
      );
    for (const { upc, title, primaryArtists } of trackArtistLists) tallyTrack(tallies.get(upc) as ReleaseTypeTally, title, primaryArtists);
    const retyped = new Map<ReleaseType, typeof step>();
    for (const release of step) {
      const type = release.ownType ?? typeOfTally(tallies.get(release.upc) as ReleaseTypeTally);
      if (type !== release.type) retyped.set(type, [...(retyped.get(type) ?? []), release]);
    }
    for (const [type, written] of retyped) {
      await tx
        .update(releases)
        .set({ type, updatedAt: sql`now()` })
        .where(
          inArray(
            releases.id,
            written.map((r) => r.id),
          ),
        );
      counts.updated.releases += written.filter((r) => !r.isCounted).length;
    }
  }
}

/**
 * A release of the file left without tracks (its rows all rejected) becomes a draft: no public page shows
 * a track that does not exist (docs/decisions/0101); staff publish it once it has its tracks.
 */
async function draftTracklessReleases(tx: Db): Promise<void> {
  await tx
    .update(releases)
    .set({ status: 'draft', updatedAt: sql`now()` })
    .where(and(eq(releases.trackCount, 0), sql`${releases.status} <> 'draft'`, inArray(releases.upc, tx.select({ upc: seenReleases.upc }).from(seenReleases))));
}

/**
 * Imports a distributor inventory export as it is read (readDistributorCsv), in ONE transaction (a
 * failure anywhere, a format error included, leaves the database as it was), a batch of rows at a
 * time so that progress can be reported between batches; importing it again changes nothing.
 */
export async function importCatalog(db: Db, source: CsvSource, options: ImportOptions = {}): Promise<ImportReport> {
  const counts: ChangeCounts = {
    created: { releases: 0, tracks: 0, artists: 0 },
    updated: { releases: 0, tracks: 0, artists: 0 },
    catalogNumbersNotTaken: [],
  };
  const report: ImportReport = {
    rows: 0,
    totalReleasesImported: 0,
    totalTracksImported: 0,
    totalArtistsImported: 0,
    created: counts.created,
    updated: counts.updated,
    rejected: [],
    warnings: [],
    catalogNumbersNotTaken: counts.catalogNumbersNotTaken,
    skipped: 0,
  };
  await db.transaction(async (tx) => {
    const recall = await keepKeysInTransaction(tx);
    options.onProgress?.({ rows: 0, bytes: 0 });
    for await (const batch of readDistributorCsv(source, options, recall)) {
      options.signal?.throwIfAborted();
      await writeBatch(tx, batch, counts);
      report.rows += batch.rows;
      report.totalTracksImported += batch.tracks.length;
      report.rejected.push(...batch.rejected);
      report.warnings.push(...batch.warnings);
      report.skipped += batch.skipped;
      options.onProgress?.({ rows: report.rows, bytes: batch.bytes });
    }
    options.signal?.throwIfAborted();
    await settleReleaseTypes(tx, counts);
    await draftTracklessReleases(tx);
    report.totalReleasesImported = await countRows(tx, seenReleases);
    report.totalArtistsImported = await countRows(tx, seenArtists);
    await options.beforeCommit?.(tx, report);
  });
  return report;
}
