import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vipDownloadOtherMemberMessage, vipDownloadSignInMessage, type VipDownloadLink } from '../../src/shared/api/vip-account.js';
import { queryRows } from '../../src/server/db/client.js';
import { attachment, downloadMessages, folderMediaStore } from '../../src/server/modules/media/index.js';
import { audioRefusals } from '../../src/server/modules/media/audio/audio-format.js';
import { aSineFlac, aSineWav } from '../helpers/audio.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';
import { signedInMember } from '../helpers/vip-member.js';

// Issue 36, part 3 (docs/decisions/0103): members' downloads come in the download formats (`?format=`), each
// made once per track from its uploaded master, with decision 0096's checks as before.

const tone = { seconds: 2, sampleRate: 44_100, channels: 2 } as const;

describe.each(testDatabaseKinds)('Download formats of member downloads, on $name', (kind) => {
  let t: AdminTestApp;
  let mediaDir: string;
  let track: { id: string; title: string };
  let corrupt: string;

  /** A track of its own release, with `bytes` as its uploaded master, made a member download. */
  async function withMaster(trackId: string, key: string, fileName: string, bytes: Buffer): Promise<void> {
    await folderMediaStore(mediaDir).put(key, bytes, 'audio/wav');
    const [audio] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into track_audio (file_name, original_key, status, actor) values (${fileName}, ${key}, 'ready', 'admin') returning id`,
    );
    await t.database.db.execute(sql`update tracks set audio_id = ${audio!.id}, member_download = true where id = ${trackId}`);
  }

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'download-formats-'));
    t = await createAdminTestApp(kind, { from: 'distributor-catalog', deps: { mediaStore: folderMediaStore(mediaDir), rateLimits: { vip: { max: 10_000, timeWindowMs: 60_000 } } } });
    // "Can't Wait (feat. Alicia Moore)", UPTWN's, in Tonally's remix (the distributor fixture).
    const rows = await queryRows<{ id: string; title: string }>(
      t.database.db,
      sql`(select id, title from tracks where isrc = 'USLZJ1606586' limit 1) union all (select id, title from tracks where isrc <> 'USLZJ1606586' order by id limit 1)`,
    );
    track = rows[0]!;
    corrupt = rows[1]!.id;
    await withMaster(track.id, 'audio/0a0b0c0d.wav', 'Master.wav', aSineWav(tone));
    const broken = aSineFlac(tone);
    for (let i = 200; i < broken.length; i++) broken[i] = (i * 7919) % 251;
    await withMaster(corrupt, 'audio/0e0f.flac', 'Broken.flac', broken);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  async function linkFor(cookie: string, trackId: string, format: string): Promise<string> {
    const asked = await t.app.inject({ method: 'POST', url: `/api/vip/downloads/${trackId}?format=${format}`, headers: { cookie } });
    expect(asked.statusCode, asked.body).toBe(200);
    return asked.json<{ data: VipDownloadLink }>().data.url;
  }

  it('serves a member the FLAC made from the master, tagged and named "Artist - Title.flac", by Range too; two requests at once make one file', async () => {
    const member = await signedInMember(t, 'flac-fan@example.com', 'active');
    const url = await linkFor(member.cookie, track.id, 'flac');
    expect(url).toMatch(/&format=flac$/);
    const [first, second] = await Promise.all([get(url, { cookie: member.cookie }), get(url, { cookie: member.cookie })]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(first.headers['cache-control']).toBe('private, no-store');
    // The remixer in the title's mix, not among the artists; the featured artist the title names, named once.
    expect(first.headers['content-disposition']).toBe(attachment("UPTWN - Can't Wait (feat. Alicia Moore) (Tonally Remix).flac"));
    const { format, common } = await parseBuffer(first.rawPayload, { mimeType: 'audio/flac' });
    expect(format.container).toBe('FLAC');
    expect(format.duration).toBeCloseTo(tone.seconds, 2);
    expect(common.title).toContain(track.title);
    expect(common.picture?.[0]?.format).toBe('image/jpeg');
    const part = await get(url, { cookie: member.cookie, range: 'bytes=0-3' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString('latin1')).toBe('fLaC');
    // One row, made by one run, and one file in the store.
    const made = await queryRows<{ status: string; attempts: number }>(t.database.db, sql`select status, attempts from download_files where track_id = ${track.id}`);
    expect(made).toEqual([{ status: 'ready', attempts: 1 }]);
    expect(readdirSync(join(mediaDir, 'downloads')).filter((f) => f.endsWith('.flac'))).toHaveLength(1);
  });

  it("keeps decision 0096's checks for a format: no session 401, another member's 403, the master as uploaded without a format", async () => {
    const member = await signedInMember(t, 'mp3-fan@example.com', 'active');
    const other = await signedInMember(t, 'mp3-other@example.com', 'active');
    const url = await linkFor(member.cookie, track.id, 'mp3-320');
    const stranger = await get(url);
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json()).toMatchObject({ error: vipDownloadSignInMessage });
    const otherMember = await get(url, { cookie: other.cookie });
    expect(otherMember.statusCode).toBe(403);
    expect(otherMember.json()).toMatchObject({ error: vipDownloadOtherMemberMessage });
    const own = await get(url, { cookie: member.cookie });
    expect(own.statusCode, own.body).toBe(200);
    expect((await parseBuffer(own.rawPayload, { mimeType: 'audio/mpeg' })).format.bitrate).toBe(320_000);
    const bad = await get(url.replace('format=mp3-320', 'format=ogg'), { cookie: member.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field?: string; message: string }>().message).toMatch(/format/);
    const asUploaded = await get(url.replace('&format=mp3-320', ''), { cookie: member.cookie });
    expect(asUploaded.statusCode).toBe(200);
    expect(asUploaded.rawPayload.equals(aSineWav(tone))).toBe(true);
  });

  it('answers no HEAD on a member download (404), so a HEAD (curl -I, a link checker) makes no format', async () => {
    const member = await signedInMember(t, 'head-fan@example.com', 'active');
    const url = await linkFor(member.cookie, track.id, 'mp3-v0');
    const head = await t.app.inject({ method: 'HEAD', url, headers: { cookie: member.cookie } });
    expect(head.statusCode).toBe(404);
    const made = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from download_files where track_id = ${track.id} and format = 'mp3-v0'`);
    expect(made[0]?.n).toBe(0);
  });

  it('fails the job of a corrupt master with the reason staff read, and tells the member to choose another format', async () => {
    const member = await signedInMember(t, 'corrupt-fan@example.com', 'active');
    const res = await get(await linkFor(member.cookie, corrupt, 'wav'), { cookie: member.cookie });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: downloadMessages.failed('wav') });
    const [row] = await queryRows<{ status: string; message: string }>(t.database.db, sql`select status, message from download_files where track_id = ${corrupt}`);
    expect(row).toEqual({ status: 'failed', message: `Broken.flac ${audioRefusals.unreadable}: its WAV download could not be made` });
  });
});
