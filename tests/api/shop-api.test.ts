import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '../../src/shared/api/admin-orders.js';
import type { AdminReleaseDetail } from '../../src/shared/api/admin-releases.js';
import type { Release } from '../../src/shared/api/catalog.js';
import { shopMessages, type DownloadCode, type Order } from '../../src/shared/api/shop.js';
import { localDate } from '../../src/shared/domain/release-day.js';
import { applySiteSettings, currentSiteSettings } from '../../src/shared/site-settings.js';
import { downloadFormats } from '../../src/shared/download-formats.js';
import { queryRows } from '../../src/server/db/client.js';
import { writeReleaseDayDownloads } from '../../src/server/modules/shop/index.js';
import { aSineWav } from '../helpers/audio.js';
import { testMailroom } from '../helpers/mail.js';
import { shopPublicUrl, useShopTestApp } from '../helpers/shop.js';
import { testNow } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// Selling the music (issue 36): prices, Checkout in payment mode through the real SDK against the fake
// Stripe, Stripe's state as the truth (events out of order, repeated, a refund), the buyer's page and its
// signed download links, download codes, and a pre-order's download email on its release day.

const master = aSineWav({ seconds: 2 });

describe.each(testDatabaseKinds)('the shop on $name', (kind) => {
  const { t, stripe, aRelease, uploadMaster, setPrice, buy, deliver, emailsTo, buyAndPay, tokenOf } = useShopTestApp(kind, { master });

  const order = (token: string) => t.app.inject({ method: 'GET', url: `/api/orders/${token}` });

  it('takes a price in the release editor, naming the field at fault, and sells a release only when every track has its master', async () => {
    const release = await aRelease({ masters: false });
    expect(release.price).toBeNull();
    expect(release.tracks_without_master).toBe(2);
    const bad = await setPrice(release.id, { amount: 7.999, currency: 'EUR', pay_what_you_want: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'price.amount', message: 'Price amount must have at most 2 decimals' });
    expect((await setPrice(release.id, { amount: 7, currency: 'XYZ', pay_what_you_want: false })).json()).toMatchObject({ field: 'price.currency' });
    expect((await buy({ release_id: release.id, email: 'fan@example.com' })).statusCode).toBe(409);

    const priced = await setPrice(release.id, { amount: 7.99, currency: 'eur', pay_what_you_want: false });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json<{ data: AdminReleaseDetail }>().data.price).toEqual({ amount: 7.99, currency: 'EUR', pay_what_you_want: false });
    const missing = await buy({ release_id: release.id, email: 'fan@example.com' });
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toMatchObject({ message: 'This release is not for sale until every track has its master uploaded: 2 tracks have none' });
    expect(stripe.sessions.filter((s) => s.mode === 'payment')).toHaveLength(0);

    for (const track of release.tracks) await uploadMaster(track.id);
    const sold = await buy({ release_id: release.id, email: 'Fan@Example.com' });
    expect(sold.statusCode, sold.body).toBe(200);
    const session = stripe.sessions.at(-1);
    expect(sold.json()).toEqual({ success: true, data: { checkoutUrl: session?.url } });
    expect(session).toMatchObject({ mode: 'payment', customer_email: 'fan@example.com', line_items: [{ quantity: '1', price_data: { currency: 'eur', unit_amount: '799' } }] });
    // Leaving Checkout without paying comes back to the release's public page, under its label.
    expect(release.slug).toMatch(/^shop(\d+)-shop-ep-\1$/);
    expect(session?.cancel_url).toBe(`${shopPublicUrl}/tech/releases/${release.slug}`);
    expect((await setPrice(release.id, null)).json<{ data: AdminReleaseDetail }>().data.price).toBeNull();
    expect((await buy({ release_id: release.id, email: 'fan@example.com' })).statusCode).toBe(409);
  });

  it('charges what a fan chooses for a pay-what-you-want release, never below its minimum', async () => {
    const release = await aRelease();
    await setPrice(release.id, { amount: 5, currency: 'USD', pay_what_you_want: true });
    const below = await buy({ release_id: release.id, email: 'pwyw@example.com', amount: 4.99 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ field: 'amount', message: 'Amount must be at least USD 5.00' });
    const { session } = await buyAndPay(release.id, 'pwyw@example.com', 12.5);
    expect(session.line_items[0]?.price_data).toMatchObject({ currency: 'usd', unit_amount: '1250' });
  });

  it("records a paid order once whatever the order of Stripe's events and however often they come, with one receipt linking the order page", async () => {
    const release = await aRelease();
    await setPrice(release.id, { amount: 7.99, currency: 'EUR', pay_what_you_want: false });
    const { events } = await buyAndPay(release.id, 'buyer@example.com');
    // Before Stripe's word the order is nobody's to download.
    expect(await emailsTo('buyer@example.com')).toEqual([]);
    await deliver([...events].reverse());
    await deliver(events);
    const emails = await emailsTo('buyer@example.com');
    expect(emails.map((e) => e.kind)).toEqual(['order_receipt']);
    expect(emails[0]?.subject).toBe(`Your receipt: “${release.title}”`);
    expect(emails[0]?.text).toContain('Receipt: EUR 7.99 paid on 21 November 2026');
    const token = tokenOf(emails[0]?.text ?? '');
    const res = await order(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Order }>().data).toMatchObject({
      items: [{ release_id: release.id, downloads: release.tracks.map((track) => ({ track_id: track.id, formats: [...downloadFormats] })) }],
    });
    expect((await order(`${token}x`)).statusCode).toBe(404);
  });

  it('gives signed, expiring download links that serve the master, and a refund ends the order and its links', async () => {
    const release = await aRelease();
    await setPrice(release.id, { amount: 3, currency: 'EUR', pay_what_you_want: false });
    const { session, events } = await buyAndPay(release.id, 'refund@example.com');
    await deliver(events);
    const token = tokenOf((await emailsTo('refund@example.com'))[0]?.text ?? '');
    const trackId = release.tracks[0]?.id as string;
    const link = await t.app.inject({ method: 'GET', url: `/api/orders/${token}/downloads/${trackId}/original` });
    expect(link.statusCode, link.body).toBe(303);
    const signed = String(link.headers.location);
    expect(signed).toMatch(/^\/api\/downloads\/[0-9a-f-]+\/[0-9a-f-]+\/original\?expires=\d+&signature=[A-Za-z0-9_-]+$/);
    const file = await t.app.inject({ method: 'GET', url: signed });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(master)).toBe(true);
    expect(String(file.headers['content-disposition'])).toContain('attachment');
    // A format is made from the master by the media context's job, and streamed through the same kind of link.
    const mp3 = await t.app.inject({ method: 'GET', url: String((await t.app.inject({ method: 'GET', url: `/api/orders/${token}/downloads/${trackId}/mp3-320` })).headers.location) });
    expect(mp3.statusCode, mp3.body.slice(0, 200)).toBe(200);
    expect(String(mp3.headers['content-disposition'])).toMatch(/\.mp3"/);
    expect(mp3.rawPayload.subarray(0, 3).toString()).toBe('ID3');
    expect((await t.app.inject({ method: 'GET', url: `${signed}A` })).statusCode).toBe(403);
    // A day later the link has expired; the order page gives fresh ones.
    t.setNow(new Date(testNow.getTime() + 24 * 60 * 60 * 1000 + 1000));
    expect((await t.app.inject({ method: 'GET', url: signed })).statusCode).toBe(403);
    t.setNow(testNow);

    await deliver(stripe.refundPayment(session.id).events);
    expect((await order(token)).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'GET', url: signed })).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${token}/downloads/${trackId}/original` })).statusCode).toBe(410);
  });

  it("a dispute ends the order and its links as a refund does, and staff's Sales show it refunded", async () => {
    const release = await aRelease();
    await setPrice(release.id, { amount: 3, currency: 'EUR', pay_what_you_want: false });
    const { session, events } = await buyAndPay(release.id, 'dispute@example.com');
    await deliver(events);
    const token = tokenOf((await emailsTo('dispute@example.com'))[0]?.text ?? '');
    const trackId = release.tracks[0]?.id as string;
    const signed = String((await t.app.inject({ method: 'GET', url: `/api/orders/${token}/downloads/${trackId}/original` })).headers.location);
    expect((await t.app.inject({ method: 'GET', url: signed })).statusCode).toBe(200);

    await deliver(stripe.disputePayment(session.id).events);
    const page = await order(token);
    expect(page.statusCode).toBe(410);
    expect(page.json()).toMatchObject({ message: shopMessages.refunded });
    expect((await t.app.inject({ method: 'GET', url: signed })).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${token}/downloads/${trackId}/original` })).statusCode).toBe(410);
    const sales = await t.app.inject({ method: 'GET', url: '/api/admin/orders?q=dispute@example.com', headers: t.auth });
    expect(sales.json<{ data: AdminOrder[] }>().data.map((o) => [o.status, o.refunded_at !== null])).toEqual([['refunded', true]]);
  });

  it("a dispute the label wins gives the order back (its page, its links, paid in Sales, no second receipt); one it loses keeps it ended", async () => {
    const release = await aRelease();
    await setPrice(release.id, { amount: 3, currency: 'EUR', pay_what_you_want: false });
    const trackId = release.tracks[0]?.id as string;
    const disputed = async (email: string) => {
      const { session, events } = await buyAndPay(release.id, email);
      await deliver(events);
      const token = tokenOf((await emailsTo(email))[0]?.text ?? '');
      const signed = String((await t.app.inject({ method: 'GET', url: `/api/orders/${token}/downloads/${trackId}/original` })).headers.location);
      await deliver(stripe.disputePayment(session.id).events);
      expect((await order(token)).statusCode).toBe(410);
      return { session, token, signed };
    };
    const salesOf = async (email: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/admin/orders?q=${email}`, headers: t.auth })).json<{ data: AdminOrder[] }>().data.map((o) => [o.status, o.refunded_at]);

    const won = await disputed('dispute-won@example.com');
    const closed = stripe.closeDispute(won.session.id, 'won').events;
    await deliver(closed);
    await deliver(closed);
    const page = await order(won.token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ data: Order }>().data.items[0]?.downloads.map((d) => d.track_id)).toContain(trackId);
    expect((await t.app.inject({ method: 'GET', url: won.signed })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${won.token}/downloads/${trackId}/original` })).statusCode).toBe(303);
    expect(await salesOf('dispute-won@example.com')).toEqual([['paid', null]]);
    expect(await emailsTo('dispute-won@example.com')).toHaveLength(1);

    const lost = await disputed('dispute-lost@example.com');
    await deliver(stripe.closeDispute(lost.session.id, 'lost').events);
    expect((await order(lost.token)).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'GET', url: lost.signed })).statusCode).toBe(410);
    expect((await salesOf('dispute-lost@example.com')).map(([status]) => status)).toEqual(['refunded']);
  });

  it('a refund Stripe delivers before the payment leaves the order refunded, with no receipt', async () => {
    const release = await aRelease();
    await setPrice(release.id, { amount: 3, currency: 'EUR', pay_what_you_want: false });
    const { session, events } = await buyAndPay(release.id, 'early-refund@example.com');
    await deliver(stripe.refundPayment(session.id).events);
    await deliver(events);
    expect(await emailsTo('early-refund@example.com')).toEqual([]);
    const [row] = await queryRows<{ status: string }>(t.database.db, sql`select status from shop_orders where stripe_session_id = ${session.id}`);
    expect(row?.status).toBe('refunded');
  });

  it('makes download codes that each give the release once, by email', async () => {
    const release = await aRelease();
    const made = await t.app.inject({ method: 'POST', url: `/api/admin/releases/${release.id}/codes`, headers: t.auth, payload: { count: 3, note: 'DJ promo December' } });
    expect(made.statusCode, made.body).toBe(200);
    const { codes } = made.json<{ data: { codes: string[] } }>().data;
    expect(codes).toHaveLength(3);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/releases/${release.id}/codes`, headers: t.auth, payload: { count: 0 } })).json()).toMatchObject({ field: 'count' });
    const redeem = (code: string, email: string) => t.app.inject({ method: 'POST', url: '/api/redeem', payload: { code, email } });
    const first = await redeem((codes[0] as string).toLowerCase(), 'dj@example.com');
    expect(first.statusCode, first.body).toBe(201);
    const [mail] = await emailsTo('dj@example.com');
    expect(mail?.kind).toBe('order_downloads');
    expect(first.json<{ data: { orderUrl: string } }>().data.orderUrl).toBe(`${shopPublicUrl}/orders/${tokenOf(mail?.text ?? '')}`);
    expect((await order(tokenOf(mail?.text ?? ''))).json<{ data: Order }>().data.items[0]?.downloads).toHaveLength(2);
    const again = await redeem(codes[0] as string, 'other@example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This code was used already' });
    expect(await emailsTo('other@example.com')).toEqual([]);
    expect((await redeem('NOPE-NOPE-NOPE', 'dj@example.com')).statusCode).toBe(404);

    // Staff see which were redeemed, and for whom, in the list and in its CSV.
    const listed = await t.app.inject({ method: 'GET', url: `/api/admin/releases/${release.id}/codes`, headers: t.auth });
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json<{ data: { code: string; note: string | null; redeemed_by: string | null; redeemed_at: string | null }[] }>().data;
    expect(list.map((c) => c.code).sort()).toEqual([...codes].sort());
    expect(list.every((c) => c.note === 'DJ promo December')).toBe(true);
    expect(list.filter((c) => c.redeemed_at).map((c) => [c.code, c.redeemed_by])).toEqual([[codes[0], 'dj@example.com']]);
    const csv = await t.app.inject({ method: 'GET', url: `/api/admin/releases/${release.id}/codes.csv`, headers: t.auth });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="download-codes-.+\.csv"; filename\*=UTF-8''download-codes-.+\.csv$/);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"Code","Note","Last day","Created","Redeemed","Redeemed by"');
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.startsWith(`"${codes[0]}"`))).toMatch(/"dj@example\.com"$/);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/releases/${release.id}/codes` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/releases/00000000-0000-4000-8000-000000000000/codes', headers: t.auth })).statusCode).toBe(404);
  });

  it('makes codes for a draft, which give nothing (409 on the code, kept unused) until the release is published with every master uploaded', async () => {
    const release = await aRelease({ masters: false });
    const patch = (payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/admin/releases/${release.id}`, headers: t.auth, payload });
    expect((await patch({ status: 'draft' })).statusCode).toBe(200);
    const made = await t.app.inject({ method: 'POST', url: `/api/admin/releases/${release.id}/codes`, headers: t.auth, payload: { count: 1 } });
    expect(made.statusCode, made.body).toBe(200);
    const [code] = made.json<{ data: { codes: string[] } }>().data.codes as [string];
    const redeem = () => t.app.inject({ method: 'POST', url: '/api/redeem', payload: { code, email: 'early-dj@example.com' } });
    const notReady = { field: 'code', message: shopMessages.codeNotReady };

    const [first, second] = release.tracks.map((track) => track.id) as [string, string];
    await uploadMaster(first);
    await uploadMaster(second);
    const asDraft = await redeem();
    expect(asDraft.statusCode).toBe(409);
    expect(asDraft.json()).toMatchObject(notReady);
    // Published, but a track's master was never uploaded.
    expect((await patch({ status: 'published' })).statusCode).toBe(200);
    await queryRows(t.database.db, sql`update tracks set audio_id = null where id = ${second}`);
    const withoutMaster = await redeem();
    expect(withoutMaster.statusCode).toBe(409);
    expect(withoutMaster.json()).toMatchObject(notReady);
    expect(await emailsTo('early-dj@example.com')).toEqual([]);
    const listed = (await t.app.inject({ method: 'GET', url: `/api/admin/releases/${release.id}/codes`, headers: t.auth })).json<{ data: DownloadCode[] }>().data;
    expect(listed.map((c) => [c.code, c.redeemed_at])).toEqual([[code, null]]);

    // Every master uploaded: the same code gives the release (no price: a promo all the same).
    await uploadMaster(second);
    const given = await redeem();
    expect(given.statusCode, given.body).toBe(201);
    expect((await emailsTo('early-dj@example.com')).map((e) => e.kind)).toEqual(['order_downloads']);
  });

  it("takes a code's last day to its end in the labels' time zone: it works until then, and is refused (410) after", async () => {
    const was = currentSiteSettings();
    applySiteSettings({ ...was, timeZone: 'America/New_York' });
    try {
      const release = await aRelease();
      const make = (expires: unknown) => t.app.inject({ method: 'POST', url: `/api/admin/releases/${release.id}/codes`, headers: t.auth, payload: { count: 2, expires_at: expires } });
      expect((await make('31/12/2026')).json()).toMatchObject({ field: 'expires_at', message: 'expires_at must be a day like 2026-12-31 or a time like 2026-12-31T23:59:00Z' });
      const made = await make('2026-12-31');
      expect(made.statusCode, made.body).toBe(200);
      const [early, late] = made.json<{ data: { codes: string[] } }>().data.codes as [string, string];
      const listed = (await t.app.inject({ method: 'GET', url: `/api/admin/releases/${release.id}/codes`, headers: t.auth })).json<{ data: DownloadCode[] }>().data;
      // The end of 31 December in New York (UTC−5): 05:00 UTC on 1 January.
      expect(listed.map((c) => [c.expires_at, c.last_day])).toEqual([
        ['2027-01-01T05:00:00.000Z', '2026-12-31'],
        ['2027-01-01T05:00:00.000Z', '2026-12-31'],
      ]);
      const redeemAt = (at: string, code: string, email: string) => {
        t.setNow(new Date(at));
        return t.app.inject({ method: 'POST', url: '/api/redeem', payload: { code, email } });
      };
      // Past midnight in UTC, still 31 December in New York: it works.
      expect((await redeemAt('2027-01-01T04:59:59.999Z', early, 'late-night@example.com')).statusCode).toBe(201);
      const expired = await redeemAt('2027-01-01T05:00:00.000Z', late, 'new-year@example.com');
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({ field: 'code', message: shopMessages.expiredCode });
      expect(await emailsTo('new-year@example.com')).toEqual([]);
    } finally {
      t.setNow(testNow);
      applySiteSettings(was);
    }
  });

  it("sends a pre-order's receipt at once and its download email at the release moment, once", async () => {
    const release = await aRelease({ releaseDate: '2026-12-04' });
    await setPrice(release.id, { amount: 9, currency: 'EUR', pay_what_you_want: false });
    const { events } = await buyAndPay(release.id, 'early@example.com');
    await deliver(events);
    const [receipt] = await emailsTo('early@example.com');
    expect(receipt?.text).toContain('You pre-ordered');
    expect(receipt?.text).toContain('It comes out on 4 December 2026');
    const token = tokenOf(receipt?.text ?? '');
    expect((await order(token)).json<{ data: Order }>().data.items[0]?.downloads).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${token}/downloads/${release.tracks[0]?.id}/original` })).statusCode).toBe(409);

    const mailroom = testMailroom();
    expect(await writeReleaseDayDownloads(t.database.db, mailroom, new Date('2026-12-03T23:59:00Z'))).toBe(0);
    // Midnight starting 4 December in the labels' time zone (UTC here).
    const moment = new Date('2026-12-04T00:00:00Z');
    expect(await writeReleaseDayDownloads(t.database.db, mailroom, moment)).toBe(1);
    expect(await writeReleaseDayDownloads(t.database.db, mailroom, moment)).toBe(0);
    expect((await emailsTo('early@example.com')).map((e) => e.kind)).toEqual(['order_receipt', 'order_downloads']);
    t.setNow(moment);
    expect((await order(token)).json<{ data: Order }>().data.items[0]?.downloads).toHaveLength(2);
    t.setNow(testNow);
  });

  it("writes a pre-order's download email as soon as staff move its release day to today, not at the next housekeeping", async () => {
    const release = await aRelease({ releaseDate: '2026-12-04' });
    await setPrice(release.id, { amount: 9, currency: 'EUR', pay_what_you_want: false });
    const { events } = await buyAndPay(release.id, 'moved@example.com');
    await deliver(events);
    expect((await emailsTo('moved@example.com')).map((e) => e.kind)).toEqual(['order_receipt']);
    // The app's housekeeping ran at its start and next runs a minute later: only the date's change can write it now.
    const moved = await t.app.inject({ method: 'PATCH', url: `/api/admin/releases/${release.id}`, headers: t.auth, payload: { release_date: localDate(testNow, currentSiteSettings().timeZone) } });
    expect(moved.statusCode, moved.body).toBe(200);
    // Both written at the test's fixed moment: compared as a set.
    await expect.poll(async () => (await emailsTo('moved@example.com')).map((e) => e.kind).sort(), { timeout: 10_000 }).toEqual(['order_downloads', 'order_receipt']);
  });

  it('says on the public release answer whether and for how much a release is sold', async () => {
    const publicRelease = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/releases/${id}` })).json<{ data: Release }>().data;
    const release = await aRelease();
    expect(await publicRelease(release.id)).toMatchObject({ price: null, for_sale: false });
    await setPrice(release.id, { amount: 4, currency: 'GBP', pay_what_you_want: true });
    expect(await publicRelease(release.id)).toMatchObject({ price: { amount: 4, currency: 'GBP', pay_what_you_want: true }, for_sale: true });
    // Priced, but a track without its master: not for sale yet.
    const unfinished = await aRelease({ masters: false });
    await setPrice(unfinished.id, { amount: 4, currency: 'GBP', pay_what_you_want: false });
    expect(await publicRelease(unfinished.id)).toMatchObject({ price: { amount: 4 }, for_sale: false });
  });

  it("emails a fresh link to each of an address's paid orders, once an hour at most, and answers the same for an address that bought nothing", async () => {
    const release = await aRelease();
    const upcoming = await aRelease({ releaseDate: '2026-12-04' });
    for (const sold of [release, upcoming]) await setPrice(sold.id, { amount: 2, currency: 'EUR', pay_what_you_want: false });
    await deliver((await buyAndPay(release.id, 'lost@example.com')).events);
    await deliver((await buyAndPay(upcoming.id, 'lost@example.com')).events);
    const tokens = (await emailsTo('lost@example.com')).map((e) => tokenOf(e.text));
    const resend = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/orders/resend', payload: payload as Record<string, unknown> });

    const asked = await resend({ email: 'Lost@Example.com' });
    expect(asked.statusCode, asked.body).toBe(202);
    const nobody = await resend({ email: 'nobody@example.com' });
    expect(nobody.statusCode).toBe(202);
    expect(nobody.json()).toEqual(asked.json());
    expect(asked.json()).toEqual({ success: true, data: { message: shopMessages.resent } });
    // The email is written after the answer (its time tells nobody whether the address bought here).
    await t.settled();
    expect(await emailsTo('nobody@example.com')).toEqual([]);
    const links = (await emailsTo('lost@example.com')).filter((e) => e.subject === 'Your order links');
    expect(links).toHaveLength(1);
    for (const token of tokens) expect(links[0]?.text).toContain(`${shopPublicUrl}/orders/${token}`);
    expect(links[0]?.text).toContain('pre-ordered, downloads open on 4 December 2026');

    // Asked again within the hour: the answer is the same, no second email; an hour later, one more.
    expect((await resend({ email: 'lost@example.com' })).statusCode).toBe(202);
    await t.settled();
    expect(await emailsTo('lost@example.com')).toHaveLength(3);
    t.setNow(new Date(testNow.getTime() + 60 * 60 * 1000));
    await resend({ email: 'lost@example.com' });
    t.setNow(testNow);
    await t.settled();
    expect(await emailsTo('lost@example.com')).toHaveLength(4);
    expect((await resend({ email: 'not an address' })).json()).toMatchObject({ field: 'email', message: 'Please enter a valid email address' });
    expect((await resend({})).statusCode).toBe(400);
  });
  it("gives a pre-order's instant grat at once and the other tracks at the release moment, with one receipt and one download email", async () => {
    const release = await aRelease({ releaseDate: '2026-12-04' });
    const [grat, later] = release.tracks as [AdminReleaseDetail['tracks'][number], AdminReleaseDetail['tracks'][number]];
    const tracksWith = (instant: unknown) => [
      { id: grat.id, title: grat.title, instant_grat: instant },
      { id: later.id, title: later.title },
    ];
    const edit = (payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/admin/releases/${release.id}`, headers: t.auth, payload });
    const bad = await edit({ tracks: tracksWith('yes') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'tracks.0.instant_grat', message: 'Instant grat must be true or false' });
    const marked = await edit({ tracks: tracksWith(true), price: { amount: 9, currency: 'EUR', pay_what_you_want: false } });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<{ data: AdminReleaseDetail }>().data.tracks.map((track) => track.instant_grat)).toEqual([true, false]);
    // The public release answer says which tracks come at once (its page names them), until it is out.
    const publicGrats = async () => (await t.app.inject({ method: 'GET', url: `/api/releases/${release.id}` })).json<{ data: Release }>().data.tracks?.map((track) => [track.id, track.instant_grat]);
    expect(await publicGrats()).toEqual([
      [grat.id, true],
      [later.id, false],
    ]);

    const { events } = await buyAndPay(release.id, 'grat@example.com');
    await deliver(events);
    const [receipt, ...others] = await emailsTo('grat@example.com');
    expect(others).toEqual([]);
    expect(receipt?.kind).toBe('order_receipt');
    expect(receipt?.text).toContain(`Download “${grat.title}” now, from your order page. It comes out on 4 December 2026`);
    const token = tokenOf(receipt?.text ?? '');
    const link = (trackId: string) => t.app.inject({ method: 'GET', url: `/api/orders/${token}/downloads/${trackId}/original` });
    expect((await order(token)).json<{ data: Order }>().data.items[0]?.downloads.map((d) => d.track_id)).toEqual([grat.id]);
    const file = await t.app.inject({ method: 'GET', url: String((await link(grat.id)).headers.location) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(master)).toBe(true);
    const refused = await link(later.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'This track is not out yet: it downloads from the release day. The tracks on your order page download now.' });

    const moment = new Date('2026-12-04T00:00:00Z');
    // Other tests' orders may wait too: what counts is this buyer's mail, once however often the sweep runs.
    await writeReleaseDayDownloads(t.database.db, testMailroom(), moment);
    await writeReleaseDayDownloads(t.database.db, testMailroom(), moment);
    expect((await emailsTo('grat@example.com')).map((e) => e.kind)).toEqual(['order_receipt', 'order_downloads']);
    t.setNow(moment);
    expect((await order(token)).json<{ data: Order }>().data.items[0]?.downloads.map((d) => d.track_id)).toEqual([grat.id, later.id]);
    expect(await publicGrats()).toEqual([
      [grat.id, false],
      [later.id, false],
    ]);
    expect((await link(later.id)).statusCode).toBe(303);
    t.setNow(testNow);
  });
});
