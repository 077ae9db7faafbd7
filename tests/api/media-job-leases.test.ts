import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../src/server/db/client.js';
import { defaultDownloadFormatsSettings, DownloadFormats, folderMediaStore, type MediaStore } from '../../src/server/modules/media/index.js';
import { defaultPreviewCutterSettings, PreviewCutter, previewFailures } from '../../src/server/modules/media/audio/preview-cutter.js';
import { formatFailures } from '../../src/server/modules/media/formats/format-maker.js';
import { aSineWav } from '../helpers/audio.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// Issue 36 (docs/decisions/0103, and 0087 for previews, which share the job runner): a format job keeps its lease from its claim to its end, however long the
// media store takes to hand over the master or to take the file made, so a second server never takes it over;
// and a store that stops answering stops the job after MEDIA_STORE_TIMEOUT_MS (its reason in its row, made
// again later), never the server's other jobs.

const log = pino({ level: 'silent' });

/** Every gate made, opened when a test ends so that no job waits on one for ever. */
const gates: (() => void)[] = [];

/** A promise and what settles it: the test decides when a store call answers. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  gates.push(open);
  return { opened, open };
}

describe.each(testDatabaseKinds)('Media jobs: leases from claim to finish, and a stalled store, on $name', (kind) => {
  let database: Database;
  let mediaDir: string;
  let store: MediaStore;
  let makers: DownloadFormats[] = [];

  /** A track of the catalog with `key` as its uploaded audio (a 1-second WAV named `fileName`), its upload `status`. */
  async function trackWithMaster(key: string, fileName: string, status: 'ready' | 'queued' = 'ready'): Promise<string> {
    await store.put(key, aSineWav({ seconds: 1 }), 'audio/wav');
    const [track] = await queryRows<{ id: string }>(
      database.db,
      sql`with audio as (insert into track_audio (file_name, original_key, status, actor) values (${fileName}, ${key}, ${status}, 'admin') returning id)
          update tracks set audio_id = (select id from audio) where id = (select id from tracks where audio_id is null order by id limit 1) returning id`,
    );
    return track!.id;
  }

  /** An instance's maker (its own owner name), reaching the store through `through`. */
  function maker(through: MediaStore, settings: Partial<typeof defaultDownloadFormatsSettings>): DownloadFormats {
    const made = new DownloadFormats({ db: database.db, store: through, clock: () => new Date(), log: () => log }, { ...defaultDownloadFormatsSettings, ...settings });
    makers.push(made);
    return made;
  }

  const rowOf = async (trackId: string) => {
    const [row] = await queryRows<{ status: string; message: string | null; attempts: number; file_key: string | null; lease_until: string | null }>(
      database.db,
      sql`select status, message, attempts, file_key, lease_until::text as lease_until from download_files where track_id = ${trackId} and format = 'wav'`,
    );
    return row!;
  };

  /** Resolves once the database's clock has passed `moment` (a lease's end as it stood). */
  const databaseClockPasses = (moment: string) =>
    expect.poll(async () => (await queryRows<{ past: boolean }>(database.db, sql`select now() > ${moment}::timestamptz as past`))[0]!.past, { timeout: 10_000, interval: 50 }).toBe(true);

  /** A second instance starts, looks for jobs once (a claimable row it takes at once) and stops. */
  async function aSecondInstanceLooks(through: MediaStore): Promise<void> {
    const other = maker(through, { leaseMs: 2_000, pollMs: 600_000 });
    other.start();
    await other.close();
  }

  beforeAll(async () => {
    database = await kind.open({ from: 'distributor-catalog' });
    mediaDir = mkdtempSync(join(tmpdir(), 'format-leases-'));
    store = folderMediaStore(mediaDir);
  });
  // Each test's instances stop with it (its gates opened first), so that none takes the next test's jobs.
  afterEach(async () => {
    for (const open of gates.splice(0)) open();
    for (const made of makers) await made.close();
    makers = [];
  });
  afterAll(async () => {
    await database?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('keeps the job while the master is copied and while the file made is stored, longer than its lease: a second server never fails it', async () => {
    const masterKey = 'audio/slow-master.wav';
    const trackId = await trackWithMaster(masterKey, 'Slow.wav');
    const masterAsked = gate();
    const masterHandedOver = gate();
    const fileStoring = gate();
    const fileTaken = gate();
    // A slow S3 or a 2 GB master: the store answers when the test says so, long after the lease (2 s) ran out.
    const slowStore: MediaStore = {
      ...store,
      read: async (key, range) => {
        if (key === masterKey && !range) {
          masterAsked.open();
          await masterHandedOver.opened;
        }
        return store.read(key, range);
      },
      putFile: async (key, path, contentType, watch) => {
        if (key.startsWith('downloads/')) {
          fileStoring.open();
          await fileTaken.opened;
        }
        return store.putFile(key, path, contentType, watch);
      },
    };
    const first = maker(slowStore, { leaseMs: 2_000, pollMs: 600_000 });
    const made = first.whenMade(trackId, 'wav', 60_000);

    await masterAsked.opened;
    const claimed = await rowOf(trackId);
    expect(claimed).toMatchObject({ status: 'making', attempts: 1 });
    await databaseClockPasses(claimed.lease_until!);
    await aSecondInstanceLooks(store);
    expect(await rowOf(trackId)).toMatchObject({ status: 'making', attempts: 1 });
    masterHandedOver.open();

    await fileStoring.opened;
    const storing = await rowOf(trackId);
    await databaseClockPasses(storing.lease_until!);
    await aSecondInstanceLooks(store);
    expect(await rowOf(trackId)).toMatchObject({ status: 'making', attempts: 1 });
    fileTaken.open();

    expect(await made).toMatchObject({ status: 'ready' });
    const ready = await rowOf(trackId);
    expect(ready).toMatchObject({ status: 'ready', attempts: 1, message: null });
    expect(await store.stat(ready.file_key!)).toMatchObject({ contentType: 'audio/wav' });
  }, 60_000);

  it('stops a job whose store call never answers after the store timeout, with its reason, queues it again and makes the next format', async () => {
    const stalledKey = 'audio/stalled-master.wav';
    const stalledTrack = await trackWithMaster(stalledKey, 'Stalled.wav');
    const nextTrack = await trackWithMaster('audio/next-master.wav', 'Next.wav');
    const stalledAsked = gate();
    // The store never answers for one master (a hung mount, an S3 endpoint that stopped answering).
    const stallingStore: MediaStore = {
      ...store,
      read: (key, range) => {
        if (key !== stalledKey) return store.read(key, range);
        stalledAsked.open();
        return new Promise(() => {});
      },
    };
    const only = maker(stallingStore, { leaseMs: 30_000, pollMs: 600_000, storeTimeoutMs: 300 });
    await only.ensure(stalledTrack, 'wav');
    await stalledAsked.opened;
    expect(await only.whenMade(nextTrack, 'wav', 10_000)).toMatchObject({ status: 'ready' });

    const stalled = await rowOf(stalledTrack);
    expect(stalled.message).toBe(formatFailures.stalled('Stalled.wav', 'wav', 'the media store did not answer for 0.3 s'));
    // Made again next, never failed for good: buyers are told to try again, not to choose another format.
    expect(['queued', 'making']).toContain(stalled.status);
    expect(stalled.attempts).toBeLessThanOrEqual(1);
    // Shutting down stops the stalled call at once and hands the job back.
    await only.close();
    expect(await rowOf(stalledTrack)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('fails a preview job whose store call never answers, with its reason, and cuts the next upload (the runner every media job shares)', async () => {
    const stalledKey = 'audio/stalled-original.wav';
    await trackWithMaster(stalledKey, 'Stalled preview.wav', 'queued');
    await trackWithMaster('audio/next-original.wav', 'Next preview.wav', 'queued');
    const stallingStore: MediaStore = { ...store, read: (key, range) => (key === stalledKey ? new Promise(() => {}) : store.read(key, range)) };
    const cutter = new PreviewCutter(
      { db: database.db, store: stallingStore, catalogChanges: { publish: () => {} }, clock: () => new Date(), log },
      { ...defaultPreviewCutterSettings, pollMs: 600_000, storeTimeoutMs: 300 },
    );
    const uploads = () =>
      queryRows<{ file_name: string; status: string; message: string | null }>(
        database.db,
        sql`select file_name, status, message from track_audio where file_name in ('Stalled preview.wav', 'Next preview.wav') order by file_name`,
      );
    cutter.kick();
    try {
      await expect.poll(async () => (await uploads()).map((u) => u.status), { timeout: 10_000, interval: 50 }).toEqual(['ready', 'failed']);
    } finally {
      await cutter.close();
    }
    expect((await uploads())[1]!.message).toBe(previewFailures.stalled('Stalled preview.wav', 'the media store did not answer for 0.3 s'));
  });
});
