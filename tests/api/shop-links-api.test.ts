import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminReleaseDetail } from '../../src/shared/api/admin-releases.js';
import { downloadsPerOrder, shopMessages } from '../../src/shared/api/shop.js';
import { downloadFormats } from '../../src/shared/download-formats.js';
import { queryRows } from '../../src/server/db/client.js';
import { aSineWav } from '../helpers/audio.js';
import { useShopTestApp } from '../helpers/shop.js';
import { testNow } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// A buyer's download links (issue 36, docs/decisions/0105): a HEAD gives none and makes no format, the
// same link asked again within its hour is the same link and counts once, an order gives at most 100
// however many are asked at once, and staff's "Resend" gives the buyer fresh ones.

const master = aSineWav({ seconds: 2 });
const formats = [...downloadFormats, 'original'] as const;

describe.each(testDatabaseKinds)('download links on $name', (kind) => {
  const { t, aRelease, uploadMaster, setPrice, deliver, emailsTo, buyAndPay, tokenOf } = useShopTestApp(kind, { master });


  /** A paid order of the release for the address: its token and id. */
  async function anOrder(release: AdminReleaseDetail, email: string) {
    await setPrice(release.id, { amount: 3, currency: 'EUR', pay_what_you_want: false });
    await deliver((await buyAndPay(release.id, email)).events);
    const token = tokenOf((await emailsTo(email))[0]?.text ?? '');
    const [row] = await queryRows<{ id: string }>(t.database.db, sql`select id from shop_orders where token = ${token}`);
    return { token, id: row?.id as string };
  }
  const linkOf = (token: string, trackId: string, format: string, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url: `/api/orders/${token}/downloads/${trackId}/${format}` });
  const given = async (orderId: string) =>
    (await queryRows<{ n: number }>(t.database.db, sql`select downloads_given as n from shop_orders where id = ${orderId}`))[0]?.n;

  /** A release of 25 tracks, all with their masters: 150 track and format pairs. */
  let bigRelease: AdminReleaseDetail | undefined;
  async function aBigRelease(): Promise<{ release: AdminReleaseDetail; pairs: [string, string][] }> {
    if (!bigRelease) {
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/admin/releases',
        headers: t.auth,
        payload: {
          title: 'Long Player',
          type: 'album',
          label_id: 'buildit-tech',
          catalog_number: 'LINKS1',
          release_date: '2026-10-02',
          artists: ['Kay Vo'],
          tracks: Array.from({ length: 25 }, (_, i) => ({ title: `Cut ${i + 1}` })),
        },
      });
      expect(made.statusCode, made.body).toBe(201);
      bigRelease = made.json<{ data: AdminReleaseDetail }>().data;
      for (const track of bigRelease.tracks) await uploadMaster(track.id);
    }
    const pairs = bigRelease.tracks.flatMap((track) => formats.map((format): [string, string] => [track.id, format]));
    return { release: bigRelease, pairs };
  }

  it('answers no HEAD on the link route, so a HEAD uses no link, and no HEAD on a signed link, so it makes no format; GET with Range still serves', async () => {
    const release = await aRelease();
    const { token, id } = await anOrder(release, 'head@example.com');
    const trackId = release.tracks[0]?.id as string;
    expect((await linkOf(token, trackId, 'flac', 'HEAD')).statusCode).toBe(404);
    expect(await given(id)).toBe(0);

    const link = await linkOf(token, trackId, 'mp3-v0');
    expect(link.statusCode, link.body).toBe(303);
    expect(await given(id)).toBe(1);
    const signed = String(link.headers.location);
    expect((await t.app.inject({ method: 'HEAD', url: signed })).statusCode).toBe(404);
    const jobs = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from download_files where track_id = ${trackId} and format = 'mp3-v0'`);
    expect(jobs[0]?.n).toBe(0);

    const original = String((await linkOf(token, trackId, 'original')).headers.location);
    const part = await t.app.inject({ method: 'GET', url: original, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(master.subarray(0, 100))).toBe(true);
  });

  it('gives the same link for the same track and format within its hour, counted once; the next hour a fresh one, working 24 hours', async () => {
    const release = await aRelease();
    const { token, id } = await anOrder(release, 'again@example.com');
    const trackId = release.tracks[0]?.id as string;
    const at = (minutes: number) => t.setNow(new Date(testNow.getTime() + minutes * 60 * 1000));
    at(1);
    const first = String((await linkOf(token, trackId, 'wav')).headers.location);
    // The 503 "still being made" answer's retry, or a second click, later in the same hour.
    at(59);
    const again = await linkOf(token, trackId, 'wav');
    expect(again.statusCode).toBe(303);
    expect(String(again.headers.location)).toBe(first);
    expect(await given(id)).toBe(1);

    at(61);
    const next = String((await linkOf(token, trackId, 'wav')).headers.location);
    expect(next).not.toBe(first);
    expect(await given(id)).toBe(2);
    // A link works 24 hours from when it was given, until the next full hour.
    at(24 * 60 + 59);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(200);
    at(25 * 60);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: next })).statusCode).toBe(200);
    t.setNow(testNow);
  });

  it('counts 20 requests at once for the same track and format as one link', async () => {
    const release = await aRelease();
    const { token, id } = await anOrder(release, 'twenty@example.com');
    const trackId = release.tracks[1]?.id as string;
    const answers = await Promise.all(Array.from({ length: 20 }, () => linkOf(token, trackId, 'aiff')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(303));
    expect(new Set(answers.map((a) => a.headers.location)).size).toBe(1);
    expect(await given(id)).toBe(1);
  });

  it(`gives at most ${downloadsPerOrder} links of 150 asked at once, and those it gave again without counting`, async () => {
    const { release, pairs } = await aBigRelease();
    const { token, id } = await anOrder(release, 'many@example.com');
    const answers = await Promise.all(pairs.map(([trackId, format]) => linkOf(token, trackId, format)));
    const links = answers.filter((a) => a.statusCode === 303);
    expect(links).toHaveLength(downloadsPerOrder);
    const refused = answers.filter((a) => a.statusCode !== 303);
    expect(refused.map((a) => a.statusCode)).toEqual(Array(150 - downloadsPerOrder).fill(429));
    expect(refused[0]?.json()).toMatchObject({ message: shopMessages.tooManyDownloads });
    expect(await given(id)).toBe(downloadsPerOrder);

    // The links given are still the buyer's: asked again (a retry) they come back, as they were.
    const givenPairs = pairs.filter((_, i) => answers[i]?.statusCode === 303);
    const again = [];
    for (const [trackId, format] of givenPairs) again.push((await linkOf(token, trackId, format)).headers.location);
    expect(again).toEqual(links.map((a) => a.headers.location));
  }, 60_000);

  it(`gives fresh links after ${downloadsPerOrder} once staff send the download email again`, async () => {
    const { release, pairs } = await aBigRelease();
    const { token, id } = await anOrder(release, 'more@example.com');
    for (const [trackId, format] of pairs.slice(0, downloadsPerOrder)) expect((await linkOf(token, trackId, format)).statusCode).toBe(303);
    const [trackId, format] = pairs[downloadsPerOrder] as [string, string];
    const spent = await linkOf(token, trackId, format);
    expect(spent.statusCode).toBe(429);
    expect(spent.json()).toMatchObject({ message: 'This order has used all its download links: write to us and we send fresh ones.' });

    const resend = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/resend`, headers: t.auth });
    expect(resend.statusCode, resend.body).toBe(200);
    expect((await emailsTo('more@example.com')).map((e) => e.kind).sort()).toEqual(['order_downloads', 'order_receipt']);
    expect((await linkOf(token, trackId, format)).statusCode).toBe(303);
    expect(await given(id)).toBe(1);
    // A second click within the resend window writes no email and gives no more links.
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/resend`, headers: t.auth })).statusCode).toBe(429);
    expect(await given(id)).toBe(1);
  }, 60_000);
});
