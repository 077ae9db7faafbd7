import { describe, expect, it } from 'vitest';
import type { AdminOrder, AdminRevenue } from '../../src/shared/api/admin-orders.js';
import type { AdminReleaseDetail } from '../../src/shared/api/admin-releases.js';
import type { Release } from '../../src/shared/api/catalog.js';
import type { Order } from '../../src/shared/api/shop.js';
import { shopPublicUrl, useShopTestApp } from '../helpers/shop.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// Prices per track (issue 36 part 1 and 2): staff price a track in the release editor, and a fan buys that
// one track alone, through Checkout or free, with a pre-order's rules; its order holds only that track.


describe.each(testDatabaseKinds)('tracks sold alone on $name', (kind) => {
  const { t, stripe, aRelease, uploadMaster, buy, deliver, emailsTo, buyAndPay, tokenOf } = useShopTestApp(kind);

  const edit = (release: AdminReleaseDetail, payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/admin/releases/${release.id}`, headers: t.auth, payload });
  /** Each track of the release with its price (undefined: as stored), and any other extra field. */
  const priceTracks = (release: AdminReleaseDetail, prices: unknown[], extra: Record<string, unknown>[] = []) =>
    edit(release, { tracks: release.tracks.map((track, i) => ({ id: track.id, title: track.title, price: prices[i], ...extra[i] })) });
  const order = async (token: string) => (await t.app.inject({ method: 'GET', url: `/api/orders/${token}` })).json<{ data: Order }>().data;
  const link = (token: string, trackId: string) => t.app.inject({ method: 'GET', url: `/api/orders/${token}/downloads/${trackId}/original` });
  const publicTracks = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/releases/${id}` })).json<{ data: Release }>().data.tracks ?? [];
  const euro = (amount: number, payWhatYouWant = false) => ({ amount, currency: 'EUR', pay_what_you_want: payWhatYouWant });

  it('takes a price per track in the release editor, naming the field at fault, and says on the public answer which tracks are sold alone', async () => {
    const release = await aRelease({ masters: false });
    expect(release.tracks.map((track) => track.price)).toEqual([null, null]);
    const bad = await priceTracks(release, [euro(1.299)]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'tracks.0.price.amount', message: 'Price amount must have at most 2 decimals' });
    expect((await priceTracks(release, [undefined, { amount: 1, currency: 'XYZ', pay_what_you_want: false }])).json()).toMatchObject({ field: 'tracks.1.price.currency' });

    const priced = await priceTracks(release, [{ amount: 1.29, currency: 'eur', pay_what_you_want: false }, null]);
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json<{ data: AdminReleaseDetail }>().data.tracks.map((track) => track.price)).toEqual([euro(1.29), null]);
    // Without its master a priced track is not for sale yet; once uploaded it is, though its release is not priced.
    expect((await publicTracks(release.id)).map((track) => [track.price, track.for_sale])).toEqual([[euro(1.29), false], [null, false]]);
    for (const track of release.tracks) await uploadMaster(track.id);
    // The master's upload changes no catalog field: a staff edit (here the release's title) is what clears the cached answer.
    await edit(release, { title: `${release.title} (Remastered)` });
    expect((await publicTracks(release.id)).map((track) => [track.price, track.for_sale])).toEqual([[euro(1.29), true], [null, false]]);
    // An edit that does not send a track's price keeps it.
    const kept = await edit(release, { tracks: release.tracks.map((track) => ({ id: track.id, title: track.title })) });
    expect(kept.json<{ data: AdminReleaseDetail }>().data.tracks.map((track) => track.price)).toEqual([euro(1.29), null]);
  });

  it('takes a track\'s price in its Edit track dialog too (PATCH /api/admin/tracks/{id}), the same price again changing nothing', async () => {
    const release = await aRelease();
    const track = release.tracks[0] as AdminReleaseDetail['tracks'][number];
    const patch = (payload: unknown) => t.app.inject({ method: 'PATCH', url: `/api/admin/tracks/${track.id}`, headers: t.auth, payload: payload as Record<string, unknown> });
    const bad = await patch({ price: { amount: -1, currency: 'EUR', pay_what_you_want: false } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'price.amount', message: 'Price amount must be 0 or more' });
    const priced = await patch({ price: euro(0.99) });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json<{ data: { price: unknown } }>().data.price).toEqual(euro(0.99));
    expect((await publicTracks(release.id))[0]).toMatchObject({ price: euro(0.99), for_sale: true });
    // The same price sent again is no edit: nothing more in the activity log.
    const trackEdits = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/activity?limit=100', headers: t.auth }))
        .json<{ data: { kind: string; subject_id: string | null }[] }>()
        .data.filter((entry) => entry.kind === 'track.edit' && entry.subject_id === track.id);
    expect(await trackEdits()).toHaveLength(1);
    expect((await patch({ price: euro(0.99) })).statusCode).toBe(200);
    expect(await trackEdits()).toHaveLength(1);
    expect((await patch({ price: null })).json<{ data: { price: unknown } }>().data.price).toBeNull();
  });

  it('sells one track through Checkout: its price in minor units, an order page and emails of that track only, under its release in staff\'s orders and revenue', async () => {
    const release = await aRelease();
    const [sold, other] = release.tracks as [AdminReleaseDetail['tracks'][number], AdminReleaseDetail['tracks'][number]];
    expect((await priceTracks(release, [euro(1.29), null])).statusCode).toBe(200);

    const { session, events } = await buyAndPay(release.id, 'single@example.com', undefined, sold.id);
    expect(session.line_items).toMatchObject([{ quantity: '1', price_data: { currency: 'eur', unit_amount: '129', product_data: { name: `${sold.title} by Kay Vo (from ${release.title})` } } }]);
    await deliver(events);
    const [receipt, ...others] = await emailsTo('single@example.com');
    expect(others).toEqual([]);
    expect(receipt?.subject).toBe(`Your receipt: “${sold.title}”`);
    expect(receipt?.text).toContain(`You bought “${sold.title}” from “${release.title}” by Kay Vo`);
    expect(receipt?.text).toContain('Receipt: EUR 1.29 paid');
    const token = tokenOf(receipt?.text ?? '');
    expect(await order(token)).toMatchObject({ items: [{ release_id: release.id, track_id: sold.id, downloads: [{ track_id: sold.id, title: sold.title }] }] });
    expect((await order(token)).items[0]?.downloads).toHaveLength(1);
    expect((await link(token, sold.id)).statusCode).toBe(303);
    expect((await link(token, other.id)).statusCode).toBe(404);

    const orders = await t.app.inject({ method: 'GET', url: `/api/admin/orders?release=${release.id}`, headers: t.auth });
    expect(orders.json<{ data: AdminOrder[] }>().data).toMatchObject([{ email: 'single@example.com', release_title: release.title, track_title: sold.title, amount: 1.29 }]);
    const revenue = (await t.app.inject({ method: 'GET', url: '/api/admin/orders/revenue', headers: t.auth })).json<{ data: AdminRevenue }>().data;
    expect(revenue.releases.find((row) => row.release_id === release.id)).toMatchObject({ currency: 'EUR', orders: 1, amount: 1.29 });
    // The sold track stays with its order: removing it from the release is refused, naming it.
    const removed = await edit(release, { tracks: [{ id: other.id, title: other.title }] });
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toMatchObject({ message: `Track "${sold.title}" was bought alone: its order keeps it, so it cannot be removed` });
  });

  it('gives a free track at once, and charges what a fan chooses for a pay-what-you-want track', async () => {
    const release = await aRelease();
    const [free, pwyw] = release.tracks as [AdminReleaseDetail['tracks'][number], AdminReleaseDetail['tracks'][number]];
    await priceTracks(release, [euro(0), euro(0.5, true)]);
    const res = await buy({ release_id: release.id, track_id: free.id, email: 'free-track@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await emailsTo('free-track@example.com');
    expect(mail?.kind).toBe('order_downloads');
    expect(mail?.subject).toBe(`Your downloads: “${free.title}”`);
    expect(res.json<{ data: { checkoutUrl: string } }>().data.checkoutUrl).toBe(`${shopPublicUrl}/orders/${tokenOf(mail?.text ?? '')}`);
    expect((await order(tokenOf(mail?.text ?? ''))).items[0]?.downloads.map((d) => d.track_id)).toEqual([free.id]);
    // Asked again: the same order, no second email.
    expect((await buy({ release_id: release.id, track_id: free.id, email: 'free-track@example.com' })).json()).toEqual(res.json());
    expect(await emailsTo('free-track@example.com')).toHaveLength(1);

    const below = await buy({ release_id: release.id, track_id: pwyw.id, email: 'pwyw-track@example.com', amount: 0.49 });
    expect(below.json()).toMatchObject({ field: 'amount', message: 'Amount must be at least EUR 0.50' });
    const { session } = await buyAndPay(release.id, 'pwyw-track@example.com', 2, pwyw.id);
    expect(session.line_items[0]?.price_data).toMatchObject({ currency: 'eur', unit_amount: '200' });
  });

  it('refuses a track not sold alone (409), one of another release or none (404), and a priced track of a draft (409)', async () => {
    const release = await aRelease();
    const elsewhere = await aRelease();
    await priceTracks(elsewhere, [euro(1)]);
    const [unpriced] = release.tracks as [AdminReleaseDetail['tracks'][number]];
    const notAlone = await buy({ release_id: release.id, track_id: unpriced.id, email: 'fan@example.com' });
    expect(notAlone.statusCode).toBe(409);
    expect(notAlone.json()).toMatchObject({ message: 'This track is not sold alone: buy its release' });
    expect((await buy({ release_id: release.id, track_id: elsewhere.tracks[0]?.id, email: 'fan@example.com' })).statusCode).toBe(404);
    expect((await buy({ release_id: release.id, track_id: 'nope', email: 'fan@example.com' })).statusCode).toBe(404);
    expect((await buy({ release_id: elsewhere.id, track_id: '', email: 'fan@example.com' })).json()).toMatchObject({ field: 'track_id' });

    await edit(elsewhere, { status: 'draft' });
    expect((await buy({ release_id: elsewhere.id, track_id: elsewhere.tracks[0]?.id, email: 'fan@example.com' })).statusCode).toBe(409);
    expect(stripe.sessions.filter((s) => s.customer_email === 'fan@example.com')).toEqual([]);
  });

  it("pre-orders a track of an upcoming release: an instant grat's at once, another's on the release day", async () => {
    const release = await aRelease({ releaseDate: '2026-12-04' });
    const [grat, later] = release.tracks as [AdminReleaseDetail['tracks'][number], AdminReleaseDetail['tracks'][number]];
    expect((await priceTracks(release, [euro(1.5), euro(1.5)], [{ instant_grat: true }, {}])).statusCode).toBe(200);

    const first = await buyAndPay(release.id, 'grat-track@example.com', undefined, grat.id);
    expect(first.session.line_items[0]?.price_data?.product_data.name).toBe(`${grat.title} by Kay Vo (from ${release.title}) (pre-order)`);
    await deliver(first.events);
    const [receipt] = await emailsTo('grat-track@example.com');
    expect(receipt?.text).toContain(`You pre-ordered “${grat.title}” from “${release.title}” by Kay Vo`);
    expect(receipt?.text).toContain(`Download “${grat.title}” now`);
    const gratToken = tokenOf(receipt?.text ?? '');
    expect((await order(gratToken)).items[0]?.downloads.map((d) => d.track_id)).toEqual([grat.id]);
    expect((await link(gratToken, grat.id)).statusCode).toBe(303);

    await deliver((await buyAndPay(release.id, 'later-track@example.com', undefined, later.id)).events);
    const laterToken = tokenOf((await emailsTo('later-track@example.com'))[0]?.text ?? '');
    expect((await order(laterToken)).items[0]?.downloads).toEqual([]);
    expect((await link(laterToken, later.id)).statusCode).toBe(409);
  });
});
