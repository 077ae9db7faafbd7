import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Release } from '../../src/shared/api/catalog.js';
import type { VipAccount } from '../../src/shared/api/vip-account.js';
import type { AdminMemberDiscount, EarlyAccessTrack, MemberTrack } from '../../src/shared/api/vip-perks.js';
import { memberPerksUnavailableMessages } from '../../src/shared/domain/member-perks.js';
import { queryRows } from '../../src/server/db/client.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { testNow } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';
import { signedInMember } from '../helpers/vip-member.js';

// What members see (issue 26 part 4, docs/decisions/0066): their page's lists of member downloads and
// early-access previews, the discount code staff set for their plan, and the public flag that shows
// which tracks are member downloads.

/** Three and a half days after testNow: early access (7 days) is open. */
const soonDate = '2026-11-25';
/** Thirty days after testNow: early access opens 7 days before. */
const laterDate = '2026-12-22';
const day = 24 * 60 * 60 * 1000;

type List<T> = { data: T[]; total: number; offset: number; limit: number };

describe.each(testDatabaseKinds)('What VIP members see on $name', (kind) => {
  let t: AdminTestApp;
  /** Two tracks with uploaded audio (member downloads once marked) and one without. */
  let withAudio: [string, string];
  let withoutAudio: string;
  let releaseOfFirst: string;
  let soon: { releaseId: string; trackId: string };
  let later: { releaseId: string; trackId: string };
  let active: { cookie: string };

  beforeAll(async () => {
    t = await createAdminTestApp(kind, { from: 'distributor-catalog', deps: { rateLimits: { vip: { max: 10_000, timeWindowMs: 60_000 } } } });
    const rows = await queryRows<{ id: string; release_id: string }>(
      t.database.db,
      sql`select distinct on (release_id) id, release_id from tracks order by release_id, id limit 5`,
    );
    const [a, b, c, d, e] = rows as [typeof rows[0], typeof rows[0], typeof rows[0], typeof rows[0], typeof rows[0]];
    withAudio = [a.id, b.id];
    withoutAudio = c.id;
    releaseOfFirst = a.release_id;
    const [audio] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into track_audio (file_name, original_key, status, actor) values ('Original.flac', 'audio/0123456789abcdef.flac', 'ready', 'admin') returning id`,
    );
    await t.database.db.execute(sql`update tracks set audio_id = ${audio!.id} where id in (${a.id}, ${b.id})`);
    soon = { releaseId: d.release_id, trackId: d.id };
    later = { releaseId: e.release_id, trackId: e.id };
    await t.database.db.execute(sql`update releases set release_date = ${soonDate} where id = ${soon.releaseId}`);
    await t.database.db.execute(sql`update releases set release_date = ${laterDate} where id = ${later.releaseId}`);
    // Only our own previews play early: the generated loop of each track of the two releases.
    await t.database.db.execute(sql`update tracks set preview_url = '/media/previews/' || id || '.wav' where release_id in (${soon.releaseId}, ${later.releaseId})`);
    active = await signedInMember(t, 'active@example.com', 'active', 'monthly');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const mark = async (id: string, on: boolean) => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/admin/tracks/${id}`, headers: t.auth, payload: { member_download: on } });
    expect(res.statusCode, res.body).toBe(200);
  };

  describe('the lists on the member page', () => {
    it('401 signed out, and 403 saying why and the way back for a member who is not active', async () => {
      for (const url of ['/api/vip/downloads', '/api/vip/early-access']) {
        const stranger = await get(url);
        expect(stranger.statusCode).toBe(401);
        expect(stranger.json()).toMatchObject({ error: 'Sign in with the link we email you' });
        expect((await get(url, 'vip_session=not-a-session')).statusCode).toBe(401);
      }
      for (const status of ['past_due', 'paused', 'canceled', 'pending_payment'] as const) {
        const member = await signedInMember(t, `lists-${status}@example.com`, status);
        for (const url of ['/api/vip/downloads', '/api/vip/early-access']) {
          const res = await get(url, member.cookie);
          expect(res.statusCode, `${status} ${url}`).toBe(403);
          expect(res.json()).toMatchObject({ error: memberPerksUnavailableMessages[status] });
        }
      }
    });

    it('an active member sees the marked tracks that have uploaded audio, newest release first, paged and privately', async () => {
      expect((await get('/api/vip/downloads', active.cookie)).json<List<MemberTrack>>()).toMatchObject({ data: [], total: 0 });
      await mark(withAudio[0], true);
      await mark(withAudio[1], true);
      await mark(withoutAudio, true);

      const res = await get('/api/vip/downloads', active.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const list = res.json<List<MemberTrack>>();
      expect(list.total).toBe(2);
      expect(list.data.map((track) => track.id).sort()).toEqual([...withAudio].sort());
      const [titles] = await queryRows<{ title: string; release_title: string }>(
        t.database.db,
        sql`select t.title, r.title as release_title from tracks t join releases r on r.id = t.release_id where t.id = ${withAudio[0]}`,
      );
      expect(list.data.find((track) => track.id === withAudio[0])).toMatchObject({ title: titles!.title, release: { id: releaseOfFirst, title: titles!.release_title } });
      expect(list.data.every((track) => track.artists.length > 0)).toBe(true);
      const dates = list.data.map((track) => track.release.release_date ?? '');
      expect(dates).toEqual([...dates].sort().reverse());

      const page = (await get('/api/vip/downloads?limit=1&offset=1', active.cookie)).json<List<MemberTrack>>();
      expect(page).toMatchObject({ total: 2, offset: 1, limit: 1 });
      expect(page.data.map((track) => track.id)).toEqual([list.data[1]!.id]);
      const bad = await get('/api/vip/downloads?limit=500', active.cookie);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ field: 'limit', error: 'limit must be a whole number from 1 to 100' });

      await mark(withAudio[1], false);
      expect((await get('/api/vip/downloads', active.cookie)).json<List<MemberTrack>>().data.map((track) => track.id)).toEqual([withAudio[0]]);
    });

    it("early access lists upcoming releases' previews, soonest first: playable within the window, else when it opens", async () => {
      const res = await get('/api/vip/early-access', active.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const list = res.json<List<EarlyAccessTrack>>();
      const releaseIds = [...new Set(list.data.map((track) => track.release.id))];
      expect(releaseIds).toEqual([soon.releaseId, later.releaseId]);
      const soonTrack = list.data.find((track) => track.id === soon.trackId);
      expect(soonTrack).toMatchObject({
        preview_url: `/api/vip/early-access/${soon.trackId}`,
        opens_at: new Date(Date.parse(`${soonDate}T00:00:00Z`) - 7 * day).toISOString(),
        release: { release_date: soonDate, public_at: `${soonDate}T00:00:00.000Z` },
      });
      expect(list.data.find((track) => track.id === later.trackId)).toMatchObject({
        preview_url: null,
        opens_at: new Date(Date.parse(`${laterDate}T00:00:00Z`) - 7 * day).toISOString(),
      });
      // The list's link plays: the same member streams it.
      expect((await get(soonTrack!.preview_url!, active.cookie)).statusCode).toBe(200);

      try {
        t.setNow(new Date(Date.parse(`${laterDate}T00:00:00Z`) - 7 * day));
        const opened = (await get('/api/vip/early-access', active.cookie)).json<List<EarlyAccessTrack>>();
        expect(opened.data.map((track) => track.release.id).every((id) => id === later.releaseId)).toBe(true);
        expect(opened.data.find((track) => track.id === later.trackId)?.preview_url).toBe(`/api/vip/early-access/${later.trackId}`);
      } finally {
        t.setNow(testNow);
      }
    });
  });

  describe('the public member_download flag', () => {
    const publicTrack = async (releaseId: string, trackId: string) => {
      const res = await get(`/api/releases/${releaseId}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: Release }>().data.tracks?.find((track) => track.id === trackId);
    };

    it('says which tracks members download, as soon as staff mark one (the cached answers go), and not without audio', async () => {
      await mark(withAudio[0], false);
      expect(await publicTrack(releaseOfFirst, withAudio[0])).toMatchObject({ member_download: false });
      await mark(withAudio[0], true);
      expect(await publicTrack(releaseOfFirst, withAudio[0])).toMatchObject({ member_download: true });
      const tracks = await get(`/api/tracks?release_id=${releaseOfFirst}`);
      expect(tracks.json<{ data: { id: string; member_download: boolean }[] }>().data.find((track) => track.id === withAudio[0])?.member_download).toBe(true);

      await mark(withoutAudio, true);
      const [ofWithout] = await queryRows<{ release_id: string }>(t.database.db, sql`select release_id from tracks where id = ${withoutAudio}`);
      expect(await publicTrack(ofWithout!.release_id, withoutAudio)).toMatchObject({ member_download: false });
    });
  });

  describe('the public early_access flag', () => {
    const publicTrack = async (releaseId: string, trackId: string) => {
      const res = await get(`/api/releases/${releaseId}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: Release }>().data.tracks?.find((track) => track.id === trackId);
    };
    const setPreview = async (id: string, previewUrl: string) => {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/admin/tracks/${id}`, headers: t.auth, payload: { preview_url: previewUrl } });
      expect(res.statusCode, res.body).toBe(200);
    };

    it('marks exactly the upcoming tracks early access streams: not one without a preview of ours, not one that is out', async () => {
      const stream = (id: string) => get(`/api/vip/early-access/${id}`, active.cookie);
      expect(await publicTrack(soon.releaseId, soon.trackId)).toMatchObject({ preview_url: null, early_access: true });
      expect((await stream(soon.trackId)).statusCode).toBe(200);

      // A preview that is not the label's own (Spotify's): nothing to stream early, and the flag says so at once.
      await setPreview(soon.trackId, 'https://p.scdn.co/mp3-preview/abc123');
      try {
        expect(await publicTrack(soon.releaseId, soon.trackId)).toMatchObject({ preview_url: null, early_access: false });
        expect((await stream(soon.trackId)).statusCode).toBe(404);
      } finally {
        await setPreview(soon.trackId, `/media/previews/${soon.trackId}.wav`);
      }
      expect(await publicTrack(soon.releaseId, soon.trackId)).toMatchObject({ early_access: true });

      // Out already: its preview is public, and early access has nothing to do with it.
      const [out] = await queryRows<{ id: string; release_id: string }>(t.database.db, sql`select id, release_id from tracks where id = ${withoutAudio}`);
      await setPreview(out!.id, `/media/previews/${out!.id}.wav`);
      expect(await publicTrack(out!.release_id, out!.id)).toMatchObject({ preview_url: `/media/previews/${out!.id}.wav`, early_access: false });
    });
  });

  describe("the members' discount code", () => {
    const put = (payload: unknown, headers: Record<string, string> = t.auth) => t.app.inject({ method: 'PUT', url: '/api/admin/members/discount', headers, payload: payload as object });
    const saved = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/members/discount', headers: t.auth })).json<{ data: AdminMemberDiscount }>().data;
    const accountOf = async (cookie: string) => (await get('/api/vip/account', cookie)).json<{ data: VipAccount }>().data;
    const discountLog = () => queryRows<{ summary: string; actor: string }>(t.database.db, sql`select summary, actor from activity_log where kind = 'member.discount'`);
    const good = { code: 'VIP15', note: '15% off at the merch store', plans: ['monthly', 'annual'] };

    it('refuses bad input with 400 naming the field, and changes nothing', async () => {
      const cases: [unknown, string, RegExp][] = [
        [{ ...good, code: undefined }, 'code', /code is required/],
        [{ ...good, code: '  ' }, 'code', /code is required/],
        [{ ...good, code: 'VIP 15' }, 'code', /code may hold only letters, digits, - and _/],
        [{ ...good, code: 'X'.repeat(41) }, 'code', /code must be at most 40 characters/],
        [{ ...good, note: '' }, 'note', /note is required/],
        [{ ...good, note: 'n'.repeat(201) }, 'note', /note must be at most 200 characters/],
        [{ ...good, plans: [] }, 'plans', /plans must name at least one plan/],
        [{ ...good, plans: ['gold'] }, 'plans.0', /plans may hold only monthly, annual, premium/],
        [{ ...good, plans: ['monthly', 'monthly'] }, 'plans', /plans must not repeat a plan/],
        [{ ...good, plans: 'monthly' }, 'plans', /plans must be a list of plan ids/],
      ];
      for (const [payload, field, message] of cases) {
        const res = await put(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json<{ field: string; error: string }>().field, JSON.stringify(payload)).toBe(field);
        expect(res.json<{ error: string }>().error).toMatch(message);
      }
      expect(await saved()).toBeNull();
      expect((await put(good, {})).statusCode).toBe(401);
      expect(await saved()).toBeNull();
    });

    it('staff set it, recorded in the activity log; only active members of the plans it names see it', async () => {
      const annual = await signedInMember(t, 'annual@example.com', 'active', 'annual');
      const premium = await signedInMember(t, 'premium@example.com', 'active', 'premium');
      const lapsed = await signedInMember(t, 'lapsed-monthly@example.com', 'past_due', 'monthly');
      expect((await accountOf(active.cookie)).discount).toBeNull();

      const res = await put({ ...good, code: ' VIP15 ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: AdminMemberDiscount }>().data).toEqual({ ...good, updated_at: testNow.toISOString(), updated_by: 'alice' });
      expect(await saved()).toMatchObject(good);
      expect(await discountLog()).toEqual([{ summary: "Set the members' discount code VIP15 for monthly, annual", actor: 'alice' }]);

      expect((await accountOf(active.cookie)).discount).toEqual({ code: 'VIP15', note: good.note });
      expect((await accountOf(annual.cookie)).discount).toEqual({ code: 'VIP15', note: good.note });
      expect((await accountOf(premium.cookie)).discount).toBeNull();
      expect((await accountOf(lapsed.cookie)).discount).toBeNull();

      // A second save replaces the first whole, however often it is sent.
      const premiumOnly = { code: 'GUEST-LIST', note: 'Guest list: email us the code', plans: ['premium'] };
      await Promise.all([put(premiumOnly), put(premiumOnly)]);
      expect(await saved()).toMatchObject(premiumOnly);
      expect((await accountOf(active.cookie)).discount).toBeNull();
      expect((await accountOf(premium.cookie)).discount).toEqual({ code: 'GUEST-LIST', note: premiumOnly.note });

      const removed = await t.app.inject({ method: 'DELETE', url: '/api/admin/members/discount', headers: t.auth });
      expect(removed.statusCode).toBe(200);
      expect(await saved()).toBeNull();
      expect((await accountOf(premium.cookie)).discount).toBeNull();
      expect(await discountLog()).toContainEqual({ summary: "Removed the members' discount code GUEST-LIST", actor: 'alice' });
    });
  });
});
