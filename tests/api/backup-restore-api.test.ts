import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labels } from '../../src/shared/labels.js';
import { buildApp, type App } from '../../src/server/app.js';
import { syncLabels } from '../../src/server/modules/catalog/index.js';
import { openPglite, openPostgres, queryRows, type Database } from '../../src/server/db/client.js';
import { isListedArtist, isPublicRelease } from '../../src/server/db/public-releases.js';
import { projectRoot } from '../../src/server/paths.js';
import { createOrResetAdmin } from '../../src/server/modules/staff/admin-auth.service.js';
import { signAdminToken } from '../../src/server/modules/staff/admin-tokens.js';
import { archiveFormat, DamagedArchiveError, NewerArchiveError, readArchive, writeArchive } from '../../src/server/modules/operations/archive.js';
import { backupFileName, backupToDirectory, prepareBackup, type BackupSource } from '../../src/server/modules/operations/backup.js';
import { scheduleBackups } from '../../src/server/modules/operations/backup-schedule.js';
import { listenForCommands } from '../../src/server/modules/operations/command-socket.js';
import { knownMigrations } from '../../src/server/modules/operations/database-copy.js';
import { RestoreFailedError, restoreArchive, TargetNotEmptyError } from '../../src/server/modules/operations/restore.js';
import type { SnapshotName } from '../helpers/database-snapshots.js';
import { createScratchDatabase } from '../helpers/scratch-postgres.js';
import { createPostgresTestDatabase, testDatabaseKinds } from '../helpers/test-database.js';
import { aDemoArtist, aDemoTrack } from '../helpers/demo-builders.js';
import { testNow } from '../helpers/test-app.js';

// Backups and restores (docs/decisions/0073) on PGlite and PostgreSQL: a round trip gives a site that
// answers the same, byte for byte; a backup under load loses no acknowledged write; a damaged, newer
// or unexpected archive and a non-empty target are refused, changing nothing.

const execFileAsync = promisify(execFile);
const jwtSecret = randomBytes(32);
const highLimits = { demos: { max: 100_000, timeWindowMs: 60_000 }, vip: { max: 100_000, timeWindowMs: 60_000 }, reads: { max: 1_000_000, timeWindowMs: 60_000 } };

interface Opened {
  database: Database;
  /** PostgreSQL: its URL (pg_dump, pg_restore). */
  url: string | undefined;
}

/**
 * A fresh database, a copy of a snapshot (the migrated one unless told): PGlite in memory, or on disk
 * in `dataDir` as a server keeps it; or a PostgreSQL database of its own.
 */
async function openSourceDatabase(kind: 'pglite' | 'postgres', from: SnapshotName = 'migrated', dataDir?: string): Promise<Opened> {
  if (kind === 'pglite') return { database: await testDatabaseKinds[0]!.open({ from, dataDir }), url: undefined };
  const created = await createPostgresTestDatabase(from);
  const opened = await openPostgres(created.url);
  return {
    database: {
      ...opened,
      close: async () => {
        await opened.close();
        await created.drop();
      },
    },
    url: created.url,
  };
}

/** An empty PostgreSQL database of its own (no tables: a restore's target). */
async function emptyPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  return createScratchDatabase(process.env.TEST_DATABASE_URL as string, { prefix: 'bir_test' });
}

function appOn(database: Database): Promise<App> {
  return buildApp({ db: database.db, databaseKind: database.kind, clock: () => testNow, jwtSecret, rateLimits: highLimits }, { logger: false });
}

async function post(app: App, url: string, payload: object): Promise<void> {
  const res = await app.inject({ method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(201);
}

/** Beside the distributor's catalog: a demo, a member and an admin, written through the app as visitors and staff would. */
async function seedSite(database: Database): Promise<void> {
  await createOrResetAdmin(database.db, 'alice', 'correct horse battery', testNow);
  const app = await appOn(database);
  await post(app, '/api/submit-demo', {
    label: 'deep',
    artist: aDemoArtist(),
    track: aDemoTrack(),
    termsAccepted: true,
  });
  await post(app, '/api/subscribe-vip', { name: 'Sam Rivers', email: 'sam@example.com', plan: 'annual' });
  await app.close();
}

async function writeMedia(dir: string): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {
    'artwork/release-1.jpg': randomBytes(70_000),
    'audio/previews/track-1.mp3': randomBytes(130_000),
    'empty.txt': Buffer.alloc(0),
  };
  for (const [name, bytes] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), bytes);
  }
  return files;
}

/** The answers compared after a restore: public pages of the API and the admin's lists (with a token valid on both). */
async function answers(app: App, database: Database): Promise<Record<string, string>> {
  // A release and an artist the public sees (the export leaves drafts, whose 404s carry each request's id).
  const [release] = await queryRows<{ id: string }>(database.db, sql`select id from releases where ${isPublicRelease} order by id limit 1`);
  const [artist] = await queryRows<{ id: string }>(database.db, sql`select id from artists where ${isListedArtist()} order by id limit 1`);
  const [admin] = await queryRows<{ id: string }>(database.db, sql`select id from admin_users where username = 'alice'`);
  const token = await signAdminToken(jwtSecret, admin!.id, testNow);
  const urls = [
    '/api/labels',
    '/api/releases?limit=100',
    `/api/releases/${release!.id}`,
    '/api/artists?limit=100',
    `/api/artists/${artist!.id}`,
    '/api/tracks?limit=100',
    '/api/playlists',
    '/sitemap.xml',
    '/api/admin/stats',
    '/api/admin/activity?limit=50',
    '/api/admin/demos',
    '/api/admin/members',
    '/api/admin/members/export.csv',
    '/api/admin/artists',
    '/api/admin/tracks',
    '/api/admin/outbox',
  ];
  const result: Record<string, string> = {};
  for (const url of urls) {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, host: 'records.example' } });
    result[url] = `${res.statusCode} ${res.body}`;
  }
  return result;
}

const kinds = testDatabaseKinds.map((kind) => kind.name);

describe.each(kinds)('backup and restore on %s', (kindName) => {
  let work: string;
  let source: Opened;
  let mediaFiles: Record<string, Buffer>;
  let backupSource: BackupSource;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'bir-backup-'));
    source = await openSourceDatabase(kindName, 'distributor-catalog');
    await seedSite(source.database);
    mediaFiles = await writeMedia(join(work, 'media'));
    backupSource = { database: source.database, databaseUrl: source.url, mediaDir: join(work, 'media') };
  });
  afterAll(async () => {
    await source?.database.close();
    await rm(work, { recursive: true, force: true });
  });

  /** Restores `file` into a new target of this kind and opens it. */
  async function restoreIntoNew(file: string, name: string): Promise<{ database: Database; mediaDir: string; close(): Promise<void> }> {
    const dataDir = join(work, name);
    const mediaDir = join(dataDir, 'media');
    if (kindName === 'pglite') {
      await restoreArchive(file, { databaseUrl: undefined, dataDir, mediaDir }, { replace: false });
      const database = await openPglite(join(dataDir, 'pgdata'));
      return { database, mediaDir, close: () => database.close() };
    }
    const target = await emptyPostgres();
    await restoreArchive(file, { databaseUrl: target.url, dataDir, mediaDir }, { replace: false });
    const database = await openPostgres(target.url);
    return {
      database,
      mediaDir,
      close: async () => {
        await database.close();
        await target.drop();
      },
    };
  }

  it('restores a site that answers the same public and admin requests, byte for byte, with the same media files', { timeout: 60_000 }, async () => {
    const made = await backupToDirectory(backupSource, join(work, 'backups'), 'command', () => testNow);
    expect(made.fileName).toMatch(/^backup-.*\.tar$/);
    const manifest = await readArchive(made.path);
    expect(manifest.database.kind).toBe(kindName);
    expect(manifest.migrations.last).toBe(knownMigrations().at(-1)!.tag);
    expect(manifest.media).toEqual({ files: 3, bytes: 200_000 });

    const restored = await restoreIntoNew(made.path, 'restored');
    try {
      const [original, copy] = [await appOn(source.database), await appOn(restored.database)];
      const expected = await answers(original, source.database);
      expect(expected['/api/admin/members']).toContain('sam@example.com');
      expect(expected['/api/admin/demos']).toContain('Night Shift');
      expect(await answers(copy, restored.database)).toEqual(expected);
      await Promise.all([original.close(), copy.close()]);
      for (const [name, bytes] of Object.entries(mediaFiles)) expect((await readFile(join(restored.mediaDir, name))).equals(bytes), name).toBe(true);
      expect((await readdir(restored.mediaDir, { recursive: true })).sort()).toEqual(['artwork', 'artwork/release-1.jpg', 'audio', 'audio/previews', 'audio/previews/track-1.mp3', 'empty.txt']);
    } finally {
      await restored.close();
    }
  });

  it('shows the last backup in the admin Settings answer, and a failed one after it', async () => {
    const made = await backupToDirectory(backupSource, join(work, 'backups-shown'), 'command', () => new Date('2030-01-01T10:00:00Z'));
    await expect(
      backupToDirectory({ ...backupSource, mediaDir: join(work, 'media', 'empty.txt') }, join(work, 'backups-shown'), 'schedule', () => new Date('2030-01-01T11:00:00Z')),
    ).rejects.toThrow();
    const app = await buildApp({ db: source.database.db, clock: () => testNow, jwtSecret, backupSchedule: { everyMs: 86_400_000, keep: 7 } }, { logger: false });
    const [admin] = await queryRows<{ id: string }>(source.database.db, sql`select id from admin_users where username = 'alice'`);
    const token = await signAdminToken(jwtSecret, admin!.id, testNow);
    const res = await app.inject({ method: 'GET', url: '/api/admin/backups', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        last: { at: '2030-01-01T10:00:00.000Z', trigger: 'command', fileName: made.fileName, sizeBytes: made.bytes },
        failed: { at: '2030-01-01T11:00:00.000Z', trigger: 'schedule', error: expect.stringContaining('ENOTDIR') },
        everyHours: 24,
        keep: 7,
      },
    });
    expect((await app.inject({ method: 'GET', url: '/api/admin/backups' })).statusCode).toBe(401);
    await app.close();
  });

  it.runIf(kindName === 'pglite')('refuses to restore into a data directory that holds a database unless told to replace it, and then replaces it', { timeout: 60_000 }, async () => {
    const made = await backupToDirectory(backupSource, join(work, 'backups-twice'), 'command', () => testNow);
    const restored = await restoreIntoNew(made.path, 'twice');
    await restored.database.db.execute(sql`delete from vip_members`);
    await restored.close();
    const target = { databaseUrl: undefined, dataDir: join(work, 'twice'), mediaDir: restored.mediaDir };
    await expect(restoreArchive(made.path, target, { replace: false })).rejects.toThrow(TargetNotEmptyError);
    await expect(restoreArchive(made.path, target, { replace: false })).rejects.toThrow(/pgdata holds a database: restore into an empty one, or add --replace/);
    await restoreArchive(made.path, target, { replace: true });
    const reopened = await openPglite(join(work, 'twice', 'pgdata'));
    expect(await queryRows(reopened.db, sql`select email from vip_members`)).toEqual([{ email: 'sam@example.com' }]);
    await reopened.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('restore into PostgreSQL that holds tables', () => {
  it('is refused without --replace, and with it replaces the tables', async () => {
    const work = mkdtempSync(join(tmpdir(), 'bir-backup-'));
    const source = await openSourceDatabase('postgres');
    const target = await createPostgresTestDatabase();
    try {
      await post(await appOn(source.database), '/api/subscribe-vip', { name: 'Ada', email: 'ada@example.com', plan: 'monthly' });
      const made = await backupToDirectory({ database: source.database, databaseUrl: source.url, mediaDir: join(work, 'none') }, work, 'command', () => testNow);
      const config = { databaseUrl: target.url, dataDir: join(work, 'data'), mediaDir: join(work, 'data', 'media') };
      await expect(restoreArchive(made.path, config, { replace: false })).rejects.toThrow('the database at DATABASE_URL has tables: restore into an empty one, or add --replace');
      await restoreArchive(made.path, config, { replace: true });
      const restored = await openPostgres(target.url);
      expect(await queryRows(restored.db, sql`select email from vip_members`)).toEqual([{ email: 'ada@example.com' }]);
      await restored.close();
    } finally {
      await source.database.close();
      await target.drop();
      await rm(work, { recursive: true, force: true });
    }
  });
});

describe('archives that are refused (PGlite)', () => {
  let work: string;
  let source: Opened;
  let good: string;
  const target = () => ({ databaseUrl: undefined, dataDir: join(work, `target-${randomBytes(4).toString('hex')}`), mediaDir: join(work, 'target-media') });

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'bir-backup-'));
    source = await openSourceDatabase('pglite');
    good = (await backupToDirectory({ database: source.database, databaseUrl: undefined, mediaDir: join(work, 'none') }, work, 'command', () => testNow)).path;
  });
  afterAll(async () => {
    await source?.database.close();
    await rm(work, { recursive: true, force: true });
  });

  async function expectRefusedUntouched(file: string, error: new (...args: never[]) => Error, message: RegExp): Promise<void> {
    const into = target();
    await expect(restoreArchive(file, into, { replace: false })).rejects.toThrow(error);
    await expect(restoreArchive(file, into, { replace: false })).rejects.toThrow(message);
    expect(await readdir(work)).not.toContain(into.dataDir.split('/').at(-1));
  }

  it('refuses a cut-short archive', async () => {
    const bytes = await readFile(good);
    await writeFile(join(work, 'cut.tar'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expectRefusedUntouched(join(work, 'cut.tar'), DamagedArchiveError, /not a complete tar file|no manifest/);
  });

  it('refuses an archive with one byte changed', async () => {
    const bytes = Buffer.from(await readFile(good));
    bytes[4096] = bytes[4096]! ^ 0xff;
    await writeFile(join(work, 'flipped.tar'), bytes);
    await expectRefusedUntouched(join(work, 'flipped.tar'), DamagedArchiveError, /database\/pgdata\.tar\.gz does not match its checksum/);
  });

  it('refuses an archive made by a newer version: later migrations, or a later format', async () => {
    const prepared = await prepareBackup({ database: source.database, databaseUrl: undefined, mediaDir: join(work, 'none') }, work, testNow);
    const last = knownMigrations().at(-1)!;
    const future = { ...prepared.manifest, migrations: { count: 99, last: '0098_from_the_future', lastCreatedAt: last.when + 1 } };
    await writeArchive(createWriteStream(join(work, 'newer.tar')), prepared.entries, future);
    await expectRefusedUntouched(join(work, 'newer.tar'), NewerArchiveError, /migration 0098_from_the_future .* which this version .* does not have/);
    await writeArchive(createWriteStream(join(work, 'format.tar')), prepared.entries, { ...prepared.manifest, format: archiveFormat + 1 });
    await expectRefusedUntouched(join(work, 'format.tar'), NewerArchiveError, new RegExp(`format ${archiveFormat + 1}`));
  });

  it('refuses a manifest whose database copy is not one of its entries: a path outside the archive, or a media file', async () => {
    const prepared = await prepareBackup({ database: source.database, databaseUrl: undefined, mediaDir: join(work, 'none') }, work, testNow);
    await writeFile(join(work, 'outside.bin'), 'not for a restore to read');
    for (const [name, file] of [['outside.tar', '../../outside.bin'], ['media.tar', 'media/a.jpg']] as const) {
      const entries = [...prepared.entries, { path: 'media/a.jpg', bytes: randomBytes(100) }];
      await writeArchive(createWriteStream(join(work, name)), entries, { ...prepared.manifest, database: { ...prepared.manifest.database, file } });
      await expectRefusedUntouched(join(work, name), DamagedArchiveError, new RegExp(`names "${file.replaceAll('.', '\\.')}" as the database copy, which is not one of its entries`));
    }
  });

  // Two failed restores, the second by the command in a process of its own (tsx loading the server's modules).
  it('removes what it wrote when the restore fails after its checks, and says so', { timeout: 60_000 }, async () => {
    // Checksums that match a database copy that is no database.
    const prepared = await prepareBackup({ database: source.database, databaseUrl: undefined, mediaDir: join(work, 'none') }, work, testNow);
    const entries = prepared.entries.map((entry) => (entry.path === prepared.manifest.database.file ? { path: entry.path, bytes: randomBytes(2000) } : entry));
    await writeArchive(createWriteStream(join(work, 'not-a-database.tar')), entries, prepared.manifest);
    const into = target();
    const failure = await restoreArchive(join(work, 'not-a-database.tar'), into, { replace: false }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(RestoreFailedError);
    expect((failure as RestoreFailedError).targetEmptied).toBe(false);
    expect(await readdir(work)).not.toContain(into.dataDir.split('/').at(-1));
    // Into a data directory that was there (empty): its lock file and the half-made database go, the folder stays.
    const existing = join(work, 'existing-target');
    await mkdir(existing);
    const run = execFileAsync(process.execPath, ['--import', 'tsx', join(projectRoot, 'src/server/modules/operations/restore-cli.ts'), join(work, 'not-a-database.tar')], {
      env: { ...process.env, DATA_DIR: existing },
    });
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/^Restore failed: .*What it wrote was removed\. Nothing else was changed\.\n$/) });
    expect(await readdir(existing)).toEqual([]);
  });

  it('says why on the command line, and changes nothing', async () => {
    const bytes = await readFile(good);
    await writeFile(join(work, 'cut-cli.tar'), bytes.subarray(0, 3000));
    const dataDir = join(work, 'cli-target');
    const run = execFileAsync(process.execPath, ['--import', 'tsx', join(projectRoot, 'src/server/modules/operations/restore-cli.ts'), join(work, 'cut-cli.tar')], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/^Restore refused: the archive is damaged: .*Nothing was changed\.\n$/) });
    expect(await readdir(work)).not.toContain('cli-target');
  });
});

describe('npm run backup while the server holds the embedded database', () => {
  it('asks the server through its socket and writes a checked archive to its own BACKUP_DIR', { timeout: 60_000 }, async () => {
    const work = mkdtempSync(join(tmpdir(), 'bir-backup-'));
    const source = await openSourceDatabase('pglite');
    const app = await appOn(source.database);
    const dataDir = join(work, 'data');
    await mkdir(dataDir, { recursive: true });
    const commands = await listenForCommands(dataDir, { database: source.database, databaseUrl: undefined, mediaDir: join(work, 'media') }, () => testNow, app.log);
    try {
      await writeMedia(join(work, 'media'));
      const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', join(projectRoot, 'src/server/modules/operations/backup-cli.ts')], {
        env: { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: join(work, 'mine') },
      });
      expect(stdout).toMatch(/^Backup written: .*\/mine\/backup-2026-11-21T12-00-00-000Z\.tar \(\d+\.\d MB\)\n$/);
      const manifest = await readArchive(join(work, 'mine', 'backup-2026-11-21T12-00-00-000Z.tar'));
      expect(manifest.media).toEqual({ files: 3, bytes: 200_000 });
      const [row] = await queryRows<{ trigger: string; file_name: string }>(source.database.db, sql`select trigger, file_name from backups`);
      expect(row).toEqual({ trigger: 'command', file_name: 'backup-2026-11-21T12-00-00-000Z.tar' });
    } finally {
      await commands.close();
      await app.close();
      await source.database.close();
      await rm(work, { recursive: true, force: true });
    }
  });
});

describe.each(kinds)('a backup under load on %s', (kindName) => {
  // Heavy by design (55 connections on a small machine): a generous time limit, no timing asserted.
  it('loses no write acknowledged before it began, while 50 connections read and 5 write', { timeout: 120_000 }, async () => {
    const work = mkdtempSync(join(tmpdir(), 'bir-backup-'));
    // PGlite on disk, as a server keeps it: its files are copied while written to (docs/decisions/0073).
    const source = await openSourceDatabase(kindName, 'distributor-catalog', join(work, 'pgdata'));
    const app = await appOn(source.database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    let isRunning = true;
    const acknowledged: string[] = [];
    let enoughWritten: () => void = () => undefined;
    const hasEnough = new Promise<void>((resolve) => (enoughWritten = resolve));
    let reads = 0;
    const reader = async (n: number) => {
      for (let i = 0; isRunning; i += 1) {
        const res = await fetch(`${origin}/api/releases?limit=20&offset=${(n * 7 + i) % 200}`);
        await res.arrayBuffer();
        reads += 1;
      }
    };
    const writer = async (n: number) => {
      for (let i = 0; isRunning; i += 1) {
        const email = `writer${n}-${i}@example.com`;
        const res = await fetch(`${origin}/api/subscribe-vip`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Writer ${n}`, email, plan: 'monthly' }),
        });
        await res.arrayBuffer();
        if (res.status === 201) acknowledged.push(email);
        if (acknowledged.length >= 25) enoughWritten();
      }
    };
    const load = [...Array.from({ length: 50 }, (_, n) => reader(n)), ...Array.from({ length: 5 }, (_, n) => writer(n))];
    try {
      await hasEnough;
      const ackedBefore = [...acknowledged];
      const readsBefore = reads;
      const made = await backupToDirectory({ database: source.database, databaseUrl: source.url, mediaDir: join(work, 'none') }, work, 'command', () => testNow);
      isRunning = false;
      await Promise.all(load);
      expect(reads).toBeGreaterThan(readsBefore);
      expect(ackedBefore.length).toBeGreaterThanOrEqual(25);

      const dataDir = join(work, 'restored');
      const target = kindName === 'postgres' ? await emptyPostgres() : undefined;
      await restoreArchive(made.path, { databaseUrl: target?.url, dataDir, mediaDir: join(dataDir, 'media') }, { replace: false });
      const restored = target ? await openPostgres(target.url) : await openPglite(join(dataDir, 'pgdata'));
      const rows = await queryRows<{ email: string }>(restored.db, sql`select email from vip_members`);
      await restored.close();
      await target?.drop();
      const restoredEmails = new Set(rows.map((row) => row.email));
      expect(ackedBefore.filter((email) => !restoredEmails.has(email))).toEqual([]);
    } finally {
      isRunning = false;
      await Promise.allSettled(load);
      await app.close();
      await source.database.close();
      await rm(work, { recursive: true, force: true });
    }
  });
});

describe("the server's own schedule (PGlite)", () => {
  it('makes a backup when one is due, records it, and keeps the newest BACKUP_KEEP', { timeout: 60_000 }, async () => {
    const work = mkdtempSync(join(tmpdir(), 'bir-backup-'));
    const source = await openSourceDatabase('pglite');
    const dir = join(work, 'scheduled');
    await mkdir(dir);
    const older = ['2026-01-01', '2026-01-02', '2026-01-03'].map((day) => backupFileName(new Date(`${day}T00:00:00Z`)));
    for (const name of older) await writeFile(join(dir, name), 'old');
    let reportWritten: (fields: { fileName: string; pruned: number }) => void = () => undefined;
    const written = new Promise<{ fileName: string; pruned: number }>((resolve) => (reportWritten = resolve));
    const failures: unknown[] = [];
    const log = {
      info: (fields: { fileName: string; pruned: number }) => reportWritten(fields),
      // A failure ends the wait too, and the test with it.
      error: (fields: unknown) => {
        failures.push(fields);
        reportWritten({ fileName: '', pruned: 0 });
      },
    } as unknown as FastifyBaseLogger;
    // A period of 20 ms: with no backup yet, the first is due 20 ms after the start.
    const schedule = scheduleBackups({ database: source.database, databaseUrl: undefined, mediaDir: join(work, 'none') }, { dir, everyMs: 20, keep: 2 }, () => new Date(), log);
    try {
      const { fileName, pruned } = await written;
      await schedule.stop();
      expect(failures.map((f) => String((f as { err?: Error }).err))).toEqual([]);
      expect(pruned).toBe(2);
      expect((await readdir(dir)).sort()).toEqual([older[2], fileName].sort());
      await readArchive(join(dir, fileName));
      const rows = await queryRows<{ trigger: string; file_name: string }>(source.database.db, sql`select trigger, file_name from backups order by finished_at limit 1`);
      expect(rows).toEqual([{ trigger: 'schedule', file_name: fileName }]);
    } finally {
      await schedule.stop();
      await source.database.close();
      await rm(work, { recursive: true, force: true });
    }
  });
});

describe('the embedded database on disk, as a server has it', () => {
  it('is copied file by file between two queries and restores with what was committed', { timeout: 120_000 }, async () => {
    const work = mkdtempSync(join(tmpdir(), 'bir-backup-'));
    // Loaded from the migrated snapshot into a data directory of its own, as a server's first start leaves it.
    const { database } = await openSourceDatabase('pglite', 'migrated', join(work, 'data', 'pgdata'));
    try {
      await syncLabels(database.db, labels);
      const app = await appOn(database);
      await post(app, '/api/subscribe-vip', { name: 'Disk Writer', email: 'disk@example.com', plan: 'annual' });
      await app.close();
      const made = await backupToDirectory({ database, databaseUrl: undefined, mediaDir: join(work, 'data', 'media') }, join(work, 'backups'), 'command', () => testNow);
      expect(await readdir(join(work, 'backups'))).toEqual([made.fileName]);
      await restoreArchive(made.path, { databaseUrl: undefined, dataDir: join(work, 'copy'), mediaDir: join(work, 'copy', 'media') }, { replace: false });
      const restored = await openPglite(join(work, 'copy', 'pgdata'));
      expect(await queryRows(restored.db, sql`select email, plan from vip_members`)).toEqual([{ email: 'disk@example.com', plan: 'annual' }]);
      await restored.close();
    } finally {
      await database.close();
      await rm(work, { recursive: true, force: true });
    }
  });
});
