import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTrack } from '../../src/shared/api/admin-catalog.js';
import type { Release } from '../../src/shared/api/catalog.js';
import { siteConfig } from '../../src/shared/site-config.js';
import type { VipMemberStatus } from '../../src/shared/api/vip.js';
import { vipDownloadLinkUnusableMessage, vipDownloadMembersOnlyMessage, vipEarlyAccessMembersOnlyMessage, type VipDownloadLink } from '../../src/shared/api/vip-account.js';
import { queryRows } from '../../src/server/db/client.js';
import { folderMediaStore } from '../../src/server/modules/media/index.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { testNow } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';
import { signedInMember as signIn } from '../helpers/vip-member.js';

// What the VIP plans promise (issue 26 part 4, docs/decisions/0064). Downloads: staff mark a track's
// uploaded audio as a member download; an active member gets a signed, expiring link of their own;
// everyone else a 403. Early access: an upcoming release's previews for active members, privately,
// from vip.earlyAccessDays before its date; the public sees no preview until the day.

const original = Buffer.from('fLaC\0\0\0\x22 the uploaded original, byte for byte \u00e9', 'latin1');
const fileName = 'Día de Sol (Extended Mix).flac';
/** A preview cut from uploaded audio, named by its content's hash. */
const previewFile = `${'fedcba9876543210'.repeat(4)}.mp3`;
const uploadedPreview = Buffer.from('ID3 a preview cut from uploaded audio');
/** Three and a half days after testNow: within early access (7 days). */
const upcomingDate = '2026-11-25';
const day = 24 * 60 * 60 * 1000;

describe.each(testDatabaseKinds)('VIP perks on $name', (kind) => {
  let t: AdminTestApp;
  let mediaDir: string;
  let trackId: string;
  let otherTrackId: string;
  /** An upcoming release's two tracks: one with the demo's generated preview, one with a preview cut from uploaded audio. */
  let upcoming: { releaseId: string; generated: string; uploaded: string };

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'vip-downloads-'));
    const mediaStore = folderMediaStore(mediaDir);
    await mediaStore.put('audio/0123456789abcdef.flac', original, 'audio/flac');
    await mediaStore.put(`previews/${previewFile}`, uploadedPreview, 'audio/mpeg');
    t = await createAdminTestApp(kind, {
      from: 'distributor-catalog',
      deps: {
        mediaStore,
        rateLimits: { vip: { max: 10_000, timeWindowMs: 60_000 } },
      },
    });
    const [first, second] = await queryRows<{ id: string }>(t.database.db, sql`select id from tracks order by id limit 2`);
    trackId = first!.id;
    otherTrackId = second!.id;
    const [audio] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into track_audio (file_name, original_key, status, actor) values (${fileName}, 'audio/0123456789abcdef.flac', 'ready', 'admin') returning id`,
    );
    await t.database.db.execute(sql`update tracks set audio_id = ${audio!.id} where id in (${trackId}, ${otherTrackId})`);
    // Before any catalog answer is cached: a release of two tracks becomes upcoming.
    const [pair] = await queryRows<{ release_id: string; ids: string[] }>(
      t.database.db,
      sql`select release_id, array_agg(id order by id) as ids from tracks group by release_id having count(*) >= 2 order by release_id limit 1`,
    );
    upcoming = {
      releaseId: pair!.release_id,
      generated: pair!.ids[0]!,
      uploaded: pair!.ids[1]!,
    };
    await t.database.db.execute(sql`update releases set release_date = ${upcomingDate} where id = ${upcoming.releaseId}`);
    await t.database.db.execute(sql`update tracks set preview_url = '/media/previews/' || id || '.wav' where id = ${upcoming.generated}`);
    await t.database.db.execute(sql`update tracks set preview_url = ${`/media/audio/${previewFile}`} where id = ${upcoming.uploaded}`);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const signedInMember = (email: string, status: VipMemberStatus) => signIn(t, email, status);
  const askLink = (id: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/vip/downloads/${id}`,
      headers: cookie ? { cookie } : {},
    });
  /** A download link opened by the browser of the member whose session `cookie` is (their own, for the link to work: docs/decisions/0096). */
  const download = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const markForMembers = async (id: string, on: boolean) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/tracks/${id}`,
      headers: t.auth,
      payload: { member_download: on },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: AdminTrack }>().data.member_download).toBe(on);
  };

  describe('downloads', () => {
    it('staff mark a track a member download; an active member gets a signed 10-minute link that serves the original as uploaded', async () => {
      const member = await signedInMember('active@example.com', 'active');
      expect((await askLink(trackId, member.cookie)).statusCode).toBe(404);
      await markForMembers(trackId, true);

      const res = await askLink(trackId, member.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const link = res.json<{ data: VipDownloadLink }>().data;
      expect(link.expires_at).toBe(new Date(testNow.getTime() + 10 * 60 * 1000).toISOString());
      expect(new URL(link.url, 'http://x').searchParams.get('member')).toBe(member.id);

      const file = await download(link.url, member.cookie);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(original)).toBe(true);
      expect(file.headers['content-type']).toBe('audio/flac');
      expect(file.headers['content-disposition']).toBe(`attachment; filename="D_a de Sol (Extended Mix).flac"; filename*=UTF-8''D%C3%ADa%20de%20Sol%20%28Extended%20Mix%29.flac`);
      expect(file.headers['cache-control']).toBe('private, no-store');
      // A download manager resumes where it stopped: the rest, from the media store a part at a time.
      const from = Math.floor(original.length / 2);
      const rest = await t.app.inject({ method: 'GET', url: link.url, headers: { range: `bytes=${from}-`, cookie: member.cookie } });
      expect(rest.statusCode).toBe(206);
      expect(rest.headers['content-range']).toBe(`bytes ${from}-${original.length - 1}/${original.length}`);
      expect(rest.rawPayload.equals(original.subarray(from))).toBe(true);

      // The same audio on a track staff did not mark is no member download.
      expect((await askLink(otherTrackId, member.cookie)).statusCode).toBe(404);
    });

    it('refuses a link with 403 and a clear message to a stranger and to members who are not active', async () => {
      await markForMembers(trackId, true);
      const stranger = await askLink(trackId);
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json()).toMatchObject({
        error: vipDownloadMembersOnlyMessage,
      });
      expect((await askLink(trackId, 'vip_session=not-a-session')).statusCode).toBe(403);
      for (const status of ['past_due', 'canceled', 'pending_payment'] as const) {
        const member = await signedInMember(`${status}@example.com`, status);
        const res = await askLink(trackId, member.cookie);
        expect(res.statusCode, status).toBe(403);
        expect(res.json()).toMatchObject({
          error: vipDownloadMembersOnlyMessage,
        });
      }
    });

    it('a link stops working when it expires, when any part is changed, and when its member lapses', async () => {
      await markForMembers(trackId, true);
      const member = await signedInMember('lapsing@example.com', 'active');
      const other = await signedInMember('other@example.com', 'active');
      const { url } = (await askLink(trackId, member.cookie)).json<{
        data: VipDownloadLink;
      }>().data;
      const params = new URL(url, 'http://x').searchParams;

      const tampered = [
        url.replace(trackId, otherTrackId),
        url.replace(member.id, other.id),
        url.replace(`expires=${params.get('expires')}`, `expires=${Number(params.get('expires')) + 3600}`),
        url.replace(/signature=[^&]+/, `signature=${'A'.repeat(43)}`),
        url.replace(/&signature=[^&]+/, ''),
      ];
      await markForMembers(otherTrackId, true);
      for (const forged of tampered) {
        const res = await download(forged, member.cookie);
        expect(res.statusCode, forged).toBe(403);
        expect(res.json()).toMatchObject({
          error: vipDownloadLinkUnusableMessage,
        });
      }

      try {
        t.setNow(new Date(testNow.getTime() + 10 * 60 * 1000 - 1000));
        expect((await download(url, member.cookie)).statusCode).toBe(200);
        t.setNow(new Date(testNow.getTime() + 10 * 60 * 1000));
        const expired = await download(url, member.cookie);
        expect(expired.statusCode).toBe(403);
        expect(expired.json()).toMatchObject({
          error: vipDownloadLinkUnusableMessage,
        });
      } finally {
        t.setNow(testNow);
      }

      await t.database.db.execute(sql`update vip_members set status = 'past_due' where id = ${member.id}`);
      const lapsed = await download(url, member.cookie);
      expect(lapsed.statusCode).toBe(403);
      expect(lapsed.json()).toMatchObject({
        error: vipDownloadMembersOnlyMessage,
      });
    });

    it('staff unmarking a track ends its downloads; the flag is refused when not a boolean', async () => {
      await markForMembers(trackId, true);
      const member = await signedInMember('unmark@example.com', 'active');
      const { url } = (await askLink(trackId, member.cookie)).json<{
        data: VipDownloadLink;
      }>().data;
      await markForMembers(trackId, false);
      expect((await download(url, member.cookie)).statusCode).toBe(404);
      const bad = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/tracks/${trackId}`,
        headers: t.auth,
        payload: { member_download: 'yes' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Member download must be true or false');
    });
  });

  describe('early access', () => {
    const early = (id: string, cookie?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/vip/early-access/${id}`,
        headers: cookie ? { cookie } : {},
      });
    const publicTracks = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/releases/${upcoming.releaseId}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: Release }>().data;
    };

    it('the public sees the countdown and no preview of an upcoming release; its generated preview is not served', async () => {
      expect(siteConfig.vip.earlyAccessDays).toBe(7);
      const release = await publicTracks();
      expect(release).toMatchObject({
        upcoming: true,
        public_at: `${upcomingDate}T00:00:00.000Z`,
      });
      const ours = (list: { id: string; preview_url: string | null }[] = []) =>
        Object.fromEntries(list.filter((track) => [upcoming.generated, upcoming.uploaded].includes(track.id)).map((track) => [track.id, track.preview_url]));
      expect(ours(release.tracks)).toEqual({ [upcoming.generated]: null, [upcoming.uploaded]: null });
      const tracks = await t.app.inject({
        method: 'GET',
        url: `/api/tracks?release_id=${upcoming.releaseId}`,
      });
      expect(ours(tracks.json<{ data: { id: string; preview_url: string | null }[] }>().data)).toEqual({ [upcoming.generated]: null, [upcoming.uploaded]: null });
      const generated = await t.app.inject({
        method: 'GET',
        url: `/media/previews/${upcoming.generated}.wav`,
      });
      expect(generated.statusCode).toBe(404);
    });

    it('active members stream the previews privately within early access; others get a 403; a track that is out has none here', async () => {
      const member = await signedInMember('early@example.com', 'active');
      const uploaded = await early(upcoming.uploaded, member.cookie);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      expect(uploaded.rawPayload.equals(uploadedPreview)).toBe(true);
      expect(uploaded.headers['content-type']).toBe('audio/mpeg');
      expect(uploaded.headers['cache-control']).toBe('private, no-store');
      const generated = await early(upcoming.generated, member.cookie);
      expect(generated.statusCode).toBe(200);
      expect(generated.headers['content-type']).toBe('audio/wav');
      expect(generated.headers['cache-control']).toBe('private, no-store');

      for (const cookie of [undefined, (await signedInMember('early-lapsed@example.com', 'past_due')).cookie]) {
        const refused = await early(upcoming.uploaded, cookie);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({
          error: vipEarlyAccessMembersOnlyMessage,
        });
        expect(refused.headers['cache-control']).toBe('private, no-store');
      }
      // A track whose release is out: its preview is public, not here.
      const [out] = await queryRows<{ id: string }>(t.database.db, sql`select id from tracks where release_id <> ${upcoming.releaseId} limit 1`);
      expect((await early(out!.id, member.cookie)).statusCode).toBe(404);
    });

    it('early access opens earlyAccessDays before the date; on the day the previews are public with long-lived caching', async () => {
      const member = await signedInMember('countdown@example.com', 'active');
      try {
        t.setNow(new Date(Date.parse(`${upcomingDate}T00:00:00Z`) - 7 * day - 1000));
        const before = await early(upcoming.uploaded, member.cookie);
        expect(before.statusCode).toBe(403);
        expect(before.json()).toMatchObject({
          error: `Early access to this release opens 2026-11-18T00:00:00.000Z`,
        });
        t.setNow(new Date(Date.parse(`${upcomingDate}T00:00:00Z`) - 7 * day));
        expect((await early(upcoming.uploaded, member.cookie)).statusCode).toBe(200);

        t.setNow(new Date(`${upcomingDate}T00:00:00Z`));
        const release = await publicTracks();
        expect(release.upcoming).toBe(false);
        const previews = Object.fromEntries((release.tracks ?? []).map((track) => [track.id, track.preview_url]));
        expect(previews).toMatchObject({ [upcoming.generated]: `/media/previews/${upcoming.generated}.wav`, [upcoming.uploaded]: `/media/audio/${previewFile}` });
        const generated = await t.app.inject({
          method: 'GET',
          url: `/media/previews/${upcoming.generated}.wav`,
        });
        expect(generated.statusCode).toBe(200);
        expect(generated.headers['cache-control']).toBe('public, max-age=86400');
        const uploaded = await t.app.inject({
          method: 'GET',
          url: `/media/audio/${previewFile}`,
        });
        expect(uploaded.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect((await early(upcoming.uploaded, member.cookie)).statusCode).toBe(404);
      } finally {
        t.setNow(testNow);
      }
    });
  });
});
