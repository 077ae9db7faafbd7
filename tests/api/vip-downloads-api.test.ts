import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTrack } from '../../src/shared/api/admin-catalog.js';
import { vipDownloadLinkUnusableMessage, vipDownloadMembersOnlyMessage, type VipDownloadLink } from '../../src/shared/api/vip-account.js';
import { queryRows } from '../../src/server/db/client.js';
import { folderMediaStore } from '../../src/server/modules/catalog/index.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { seedFixture, testNow } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// VIP-only downloads (issue 26 part 4, docs/decisions/0064): staff mark a track's uploaded audio as a
// member download; an active member gets a signed, expiring link of their own; everyone else a 403.

const original = Buffer.from('fLaC\0\0\0\x22 the uploaded original, byte for byte \u00e9', 'latin1');
const fileName = 'Día de Sol (Extended Mix).flac';

describe.each(testDatabaseKinds)('VIP downloads on $name', (kind) => {
  let t: AdminTestApp;
  let mediaDir: string;
  let trackId: string;
  let otherTrackId: string;

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'vip-downloads-'));
    const mediaStore = folderMediaStore(mediaDir);
    await mediaStore.put('audio/0123456789abcdef.flac', original, 'audio/flac');
    t = await createAdminTestApp(kind, { seed: seedFixture, deps: { mediaStore, rateLimits: { vip: { max: 10_000, timeWindowMs: 60_000 } } } });
    const [first, second] = await queryRows<{ id: string }>(t.database.db, sql`select id from tracks order by id limit 2`);
    trackId = first!.id;
    otherTrackId = second!.id;
    const [audio] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into track_audio (file_name, original_key, status, actor) values (${fileName}, 'audio/0123456789abcdef.flac', 'ready', 'admin') returning id`,
    );
    await t.database.db.execute(sql`update tracks set audio_id = ${audio!.id} where id in (${trackId}, ${otherTrackId})`);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  /** A member with the given status, signed in through the emailed link: their session cookie and id. */
  async function signedInMember(email: string, status: 'active' | 'past_due' | 'canceled' | 'pending_payment') {
    expect((await t.app.inject({ method: 'POST', url: '/api/subscribe-vip', payload: { name: 'Fan', email, plan: 'monthly' } })).statusCode).toBe(201);
    await t.database.db.execute(sql`update vip_members set status = ${status} where email = ${email}`);
    expect((await t.app.inject({ method: 'POST', url: '/api/vip/sign-in', payload: { email } })).statusCode).toBe(202);
    const [mail] = await queryRows<{ text: string }>(
      t.database.db,
      sql`select text_body as text from outbox_emails where ${email} = any(to_addresses) and kind = 'vip_sign_in' order by created_at desc limit 1`,
    );
    const token = /\/vip\/account\/sign-in\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    const signedIn = await t.app.inject({ method: 'POST', url: `/api/vip/sign-in/${token}` });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const [member] = await queryRows<{ id: string }>(t.database.db, sql`select id from vip_members where email = ${email}`);
    return { cookie: String(signedIn.headers['set-cookie']).split(';')[0] as string, id: member!.id };
  }
  const askLink = (id: string, cookie?: string) => t.app.inject({ method: 'POST', url: `/api/vip/downloads/${id}`, headers: cookie ? { cookie } : {} });
  const download = (url: string) => t.app.inject({ method: 'GET', url });
  const markForMembers = async (id: string, on: boolean) => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/admin/tracks/${id}`, headers: t.auth, payload: { member_download: on } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: AdminTrack }>().data.member_download).toBe(on);
  };

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

    const file = await download(link.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(original)).toBe(true);
    expect(file.headers['content-type']).toBe('audio/flac');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="D_a de Sol (Extended Mix).flac"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
    expect(file.headers['cache-control']).toBe('private, no-store');

    // The same audio on a track staff did not mark is no member download.
    expect((await askLink(otherTrackId, member.cookie)).statusCode).toBe(404);
  });

  it('refuses a link with 403 and a clear message to a stranger and to members who are not active', async () => {
    await markForMembers(trackId, true);
    const stranger = await askLink(trackId);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ error: vipDownloadMembersOnlyMessage });
    expect((await askLink(trackId, 'vip_session=not-a-session')).statusCode).toBe(403);
    for (const status of ['past_due', 'canceled', 'pending_payment'] as const) {
      const member = await signedInMember(`${status}@example.com`, status);
      const res = await askLink(trackId, member.cookie);
      expect(res.statusCode, status).toBe(403);
      expect(res.json()).toMatchObject({ error: vipDownloadMembersOnlyMessage });
    }
  });

  it('a link stops working when it expires, when any part is changed, and when its member lapses', async () => {
    await markForMembers(trackId, true);
    const member = await signedInMember('lapsing@example.com', 'active');
    const other = await signedInMember('other@example.com', 'active');
    const { url } = (await askLink(trackId, member.cookie)).json<{ data: VipDownloadLink }>().data;
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
      const res = await download(forged);
      expect(res.statusCode, forged).toBe(403);
      expect(res.json()).toMatchObject({ error: vipDownloadLinkUnusableMessage });
    }

    try {
      t.setNow(new Date(testNow.getTime() + 10 * 60 * 1000 - 1000));
      expect((await download(url)).statusCode).toBe(200);
      t.setNow(new Date(testNow.getTime() + 10 * 60 * 1000));
      const expired = await download(url);
      expect(expired.statusCode).toBe(403);
      expect(expired.json()).toMatchObject({ error: vipDownloadLinkUnusableMessage });
    } finally {
      t.setNow(testNow);
    }

    await t.database.db.execute(sql`update vip_members set status = 'past_due' where id = ${member.id}`);
    const lapsed = await download(url);
    expect(lapsed.statusCode).toBe(403);
    expect(lapsed.json()).toMatchObject({ error: vipDownloadMembersOnlyMessage });
  });

  it('staff unmarking a track ends its downloads; the flag is refused when not a boolean', async () => {
    await markForMembers(trackId, true);
    const member = await signedInMember('unmark@example.com', 'active');
    const { url } = (await askLink(trackId, member.cookie)).json<{ data: VipDownloadLink }>().data;
    await markForMembers(trackId, false);
    expect((await download(url)).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'PATCH', url: `/api/admin/tracks/${trackId}`, headers: t.auth, payload: { member_download: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Member download must be true or false');
  });
});
