import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseMoment } from '../../src/shared/domain/release-day.js';
import { siteConfig } from '../../src/shared/site-config.js';
import { vipDownloadMembersOnlyMessage, vipDownloadOtherMemberMessage, vipDownloadSignInMessage, type VipDownloadLink } from '../../src/shared/api/vip-account.js';
import { queryRows } from '../../src/server/db/client.js';
import { folderMediaStore } from '../../src/server/modules/media/index.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { testNow } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';
import { signedInMember } from '../helpers/vip-member.js';

// Issue 33, rows 10 and 11 (docs/decisions/0096). A member's download link worked for anyone holding it;
// now it needs that member's own session. An early-access preview cut from uploaded audio was also
// served to anyone at /media/audio/{sha256}.mp3, cached for a year; now that name answers 404 until a
// released track has it, and members hear it through GET /api/vip/early-access/{trackId}.

const original = Buffer.from('fLaC\0\0\0\x22 the member download as uploaded');
const upcomingPreview = `${'a1'.repeat(32)}.mp3`;
const releasedPreview = `${'b2'.repeat(32)}.mp3`;
/** Stored, named by no track (a replaced preview waiting for the sweep). */
const orphanPreview = `${'c3'.repeat(32)}.mp3`;
const previewBytes = Buffer.from('ID3 a preview cut from uploaded audio, for members first');
/** Within early access (7 days) of testNow. */
const upcomingDate = '2026-11-25';

describe.each(testDatabaseKinds)("Members' downloads and early access are theirs alone, on $name", (kind) => {
  let t: AdminTestApp;
  let mediaDir: string;
  let downloadTrack: string;
  let upcoming: { releaseId: string; trackId: string };
  let released: { trackId: string };

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'vip-private-'));
    const mediaStore = folderMediaStore(mediaDir);
    await mediaStore.put('audio/00112233445566778899.flac', original, 'audio/flac');
    for (const file of [upcomingPreview, releasedPreview, orphanPreview]) await mediaStore.put(`previews/${file}`, previewBytes, 'audio/mpeg');
    t = await createAdminTestApp(kind, { from: 'distributor-catalog', deps: { mediaStore, rateLimits: { vip: { max: 10_000, timeWindowMs: 60_000 } } } });
    const rows = await queryRows<{ id: string; release_id: string }>(t.database.db, sql`select distinct on (release_id) id, release_id from tracks order by release_id, id limit 3`);
    const [a, b, c] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    downloadTrack = a.id;
    const [audio] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into track_audio (file_name, original_key, status, actor) values ('Mine.flac', 'audio/00112233445566778899.flac', 'ready', 'admin') returning id`,
    );
    await t.database.db.execute(sql`update tracks set audio_id = ${audio!.id}, member_download = true where id = ${a.id}`);
    upcoming = { releaseId: b.release_id, trackId: b.id };
    released = { trackId: c.id };
    await t.database.db.execute(sql`update releases set release_date = ${upcomingDate} where id = ${b.release_id}`);
    await t.database.db.execute(sql`update tracks set preview_url = ${`/media/audio/${upcomingPreview}`} where id = ${b.id}`);
    await t.database.db.execute(sql`update tracks set preview_url = ${`/media/audio/${releasedPreview}`} where id = ${c.id}`);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  describe('a download link needs its own member signed in', () => {
    it("answers the member's own session (whole and by Range), 401 to no session and 403 to another member's, each saying why", async () => {
      const member = await signedInMember(t, 'owner@example.com', 'active');
      const other = await signedInMember(t, 'other-member@example.com', 'active');
      const asked = await t.app.inject({ method: 'POST', url: `/api/vip/downloads/${downloadTrack}`, headers: { cookie: member.cookie } });
      expect(asked.statusCode, asked.body).toBe(200);
      const { url } = asked.json<{ data: VipDownloadLink }>().data;

      const stranger = await get(url);
      expect(stranger.statusCode).toBe(401);
      expect(stranger.json()).toMatchObject({ success: false, error: vipDownloadSignInMessage });
      expect(stranger.headers['cache-control']).toBe('private, no-store');
      const otherMember = await get(url, { cookie: other.cookie });
      expect(otherMember.statusCode).toBe(403);
      expect(otherMember.json()).toMatchObject({ success: false, error: vipDownloadOtherMemberMessage });
      expect((await get(url, { cookie: 'vip_session=not-a-session' })).statusCode).toBe(401);

      const own = await get(url, { cookie: member.cookie });
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.equals(original)).toBe(true);
      expect(own.headers['cache-control']).toBe('private, no-store');
      const part = await get(url, { cookie: member.cookie, range: 'bytes=4-9' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 4-9/${original.length}`);
      expect(part.rawPayload.equals(original.subarray(4, 10))).toBe(true);

      // Their own session, paused (Stripe's pause, docs/decisions/0093): the link stops with why.
      await t.database.db.execute(sql`update vip_members set status = 'paused' where id = ${member.id}`);
      const paused = await get(url, { cookie: member.cookie });
      expect(paused.statusCode).toBe(403);
      expect(paused.json()).toMatchObject({ error: vipDownloadMembersOnlyMessage });
    });

    it('ends with its release set back to draft: neither a new link nor one already made serves the file (decision 0101)', async () => {
      const member = await signedInMember(t, 'drafted@example.com', 'active');
      const asked = await t.app.inject({ method: 'POST', url: `/api/vip/downloads/${downloadTrack}`, headers: { cookie: member.cookie } });
      expect(asked.statusCode, asked.body).toBe(200);
      const { url } = asked.json<{ data: VipDownloadLink }>().data;
      await t.database.db.execute(sql`update releases set status = 'draft' where id = (select release_id from tracks where id = ${downloadTrack})`);
      try {
        const again = await t.app.inject({ method: 'POST', url: `/api/vip/downloads/${downloadTrack}`, headers: { cookie: member.cookie } });
        expect(again.statusCode).toBe(404);
        const made = await get(url, { cookie: member.cookie });
        expect(made.statusCode).toBe(404);
        expect(made.rawPayload.includes(original.subarray(0, 10))).toBe(false);
      } finally {
        await t.database.db.execute(sql`update releases set status = 'published' where id = (select release_id from tracks where id = ${downloadTrack})`);
      }
    });
  });

  describe("an upcoming release's preview is not public before its moment, under any name", () => {
    const moment = releaseMoment(upcomingDate, siteConfig.timeZone);

    it('/media/audio answers 404, never kept, for a preview only upcoming tracks have or none has; members stream it privately', async () => {
      for (const file of [upcomingPreview, orphanPreview]) {
        for (const headers of [{}, { range: 'bytes=0-9' }] as Record<string, string>[]) {
          const res = await get(`/media/audio/${file}`, headers);
          expect(res.statusCode, file).toBe(404);
          expect(res.headers['cache-control']).toBe('no-store');
          expect(res.rawPayload.includes(previewBytes.subarray(0, 10))).toBe(false);
        }
      }
      const member = await signedInMember(t, 'early@example.com', 'active');
      const early = await get(`/api/vip/early-access/${upcoming.trackId}`, { cookie: member.cookie });
      expect(early.statusCode, early.body).toBe(200);
      expect(early.rawPayload.equals(previewBytes)).toBe(true);
      expect(early.headers['cache-control']).toBe('private, no-store');

      const out = await get(`/media/audio/${releasedPreview}`);
      expect(out.statusCode).toBe(200);
      expect(out.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it("is public from the release's moment, as every preview; a released track with the same audio makes it public at once", async () => {
      try {
        t.setNow(new Date(moment - 1000));
        expect((await get(`/media/audio/${upcomingPreview}`)).statusCode).toBe(404);
        t.setNow(new Date(moment));
        const res = await get(`/media/audio/${upcomingPreview}`);
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(previewBytes)).toBe(true);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      } finally {
        t.setNow(testNow);
      }
      expect((await get(`/media/audio/${upcomingPreview}`)).statusCode).toBe(404);
      // The same cut on a released track (the single before the album): public, since it already is.
      await t.database.db.execute(sql`update tracks set preview_url = ${`/media/audio/${upcomingPreview}`} where id = ${released.trackId}`);
      try {
        expect((await get(`/media/audio/${upcomingPreview}`)).statusCode).toBe(200);
      } finally {
        await t.database.db.execute(sql`update tracks set preview_url = ${`/media/audio/${releasedPreview}`} where id = ${released.trackId}`);
      }
    });
  });
});
