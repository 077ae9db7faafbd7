import { sql } from 'drizzle-orm';
import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import type { AdminOrder, AdminRevenue } from '../../src/shared/api/admin-orders.js';
import type { AdminReleaseDetail } from '../../src/shared/api/admin-releases.js';
import type { Release } from '../../src/shared/api/catalog.js';
import { shopMessages, type Order } from '../../src/shared/api/shop.js';
import { queryRows } from '../../src/server/db/client.js';
import { useShopTestApp } from '../helpers/shop.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// The shop walked on the real distributor export (tests/fixtures), as imported: its hardest releases priced
// by staff, bought by fans through the fake Stripe, downloaded, given by codes, and listed in Sales. "& Friends EP"
// holds the track "24/7"; "Best of 2016" is a Various Artists compilation of 20 tracks with featured artists;
// "Memories" has a remix whose title names two featured artists; "Querido Papá" is named beyond ASCII;
// "Groove High" the import kept as a draft without tracks. None of them has artwork.

const euro = (amount: number) => ({ amount, currency: 'EUR', pay_what_you_want: false });

/** What a strict client reads from Content-Disposition: the RFC 5987 `filename*` (attr-chars only, else percent-encoded), decoded, and the ASCII fallback. */
function savedAs(header: unknown): { name: string; fallback: string } {
  const strict = /^attachment; filename="([\x20-\x7e]*)"; filename\*=UTF-8''((?:%[0-9A-F]{2}|[A-Za-z0-9!#$&+.^_`|~-])+)$/.exec(String(header));
  if (!strict) throw new Error(`not a strict RFC 6266 attachment: ${String(header)}`);
  return { fallback: strict[1] as string, name: decodeURIComponent(strict[2] as string) };
}

describe.each(testDatabaseKinds)('the shop on the imported distributor catalog, on $name', (kind) => {
  const { t, stripe, uploadMaster, setPrice, buy, deliver, emailsTo, buyAndPay, tokenOf } = useShopTestApp(kind, { from: 'distributor-catalog' });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const asStaff = (url: string) => t.app.inject({ method: 'GET', url, headers: t.auth });
  /** The imported release of this catalog number, as the release editor opens it. */
  async function imported(catalogNumber: string): Promise<AdminReleaseDetail> {
    const [row] = await queryRows<{ id: string }>(t.database.db, sql`select id from releases where catalog_number = ${catalogNumber}`);
    const res = await asStaff(`/api/admin/releases/${row?.id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AdminReleaseDetail }>().data;
  }
  const publicRelease = async (id: string) => (await get(`/api/releases/${id}`)).json<{ data: Release }>().data;
  /** Buys and pays for it, Stripe's events delivered: the emails to the fan, and the order page's token. */
  async function bought(releaseId: string, email: string, trackId?: string) {
    await deliver((await buyAndPay(releaseId, email, undefined, trackId)).events);
    const emails = await emailsTo(email);
    return { emails, token: tokenOf(emails[0]?.text ?? '') };
  }
  const orderOf = async (token: string) => {
    const res = await get(`/api/orders/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Order }>().data;
  };
  /** Follows the order page's Download of a track in a format to the file. */
  async function download(token: string, trackId: string, format: string) {
    const link = await get(`/api/orders/${token}/downloads/${trackId}/${format}`);
    expect(link.statusCode, link.body).toBe(303);
    const file = await get(String(link.headers.location));
    expect(file.statusCode, file.body.slice(0, 300)).toBe(200);
    return file;
  }

  it('takes a price on an imported release, and sells it once every track has its master', async () => {
    const ep = await imported('BLDR043');
    expect(ep).toMatchObject({ title: '& Friends EP', status: 'published', artwork_url: null, price: null });
    const priced = await setPrice(ep.id, euro(7.99));
    expect(priced.statusCode, priced.body).toBe(200);
    const missing = await buy({ release_id: ep.id, email: 'early@example.com' });
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toMatchObject({ message: shopMessages.missingMasters(5) });
    for (const track of ep.tracks) await uploadMaster(track.id);
    // The uploads change no catalog field: staff's next edit (the price again) is what the public answer shows.
    await setPrice(ep.id, euro(7.99));
    expect(await publicRelease(ep.id)).toMatchObject({ price: euro(7.99), for_sale: true });

    // A release the import kept without tracks is a draft: priced, it is still not for sale.
    const draft = await imported('BLDR148');
    expect(draft).toMatchObject({ title: 'Groove High', status: 'draft', tracks: [] });
    expect((await setPrice(draft.id, euro(1.99))).statusCode).toBe(200);
    const refused = await buy({ release_id: draft.id, email: 'early@example.com' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: shopMessages.notForSale });
  });

  it('downloads "24/7" as a file named "24-7" that every client saves as itself, its tags keeping the real title', async () => {
    const ep = await imported('BLDR043');
    const { emails, token } = await bought(ep.id, 'slash@example.com');
    expect(emails.map((e) => [e.kind, e.subject])).toEqual([['order_receipt', 'Your receipt: “& Friends EP”']]);
    expect(emails[0]?.text).toContain('You bought “& Friends EP” by Chris Gresswell on Build It Records.');
    const order = await orderOf(token);
    expect(order.items[0]).toMatchObject({ title: '& Friends EP', artists: 'Chris Gresswell', artwork_url: null, release_date: '2015-07-13' });
    expect(order.items[0]?.downloads.map((d) => d.title)).toEqual(['Think That', 'Perfect Situation', 'Voices', 'The Summit', '24/7']);

    const track = ep.tracks.find((tr) => tr.title === '24/7') as AdminReleaseDetail['tracks'][number];
    const flac = await download(token, track.id, 'flac');
    expect(savedAs(flac.headers['content-disposition'])).toEqual({ name: 'Chris Gresswell - 24-7.flac', fallback: 'Chris Gresswell - 24-7.flac' });
    const { common } = await parseBuffer(flac.rawPayload, { mimeType: 'audio/flac' });
    expect(common).toMatchObject({ title: '24/7', artist: 'Chris Gresswell', album: '& Friends EP', label: ['Build It Records'], catalognumber: ['BLDR043'] });
    // No artwork uploaded: the cover the site draws for the release, as a JPEG.
    expect(common.picture?.map((picture) => picture.format)).toEqual(['image/jpeg']);
  });

  it('sells a Various Artists compilation of 20 tracks: Checkout, receipt and order page name "Various Artists", each file its own artists once', async () => {
    const va = await imported('BLDR113');
    expect(va).toMatchObject({ title: 'Build It Records: Best of 2016', type: 'compilation' });
    expect(va.tracks).toHaveLength(20);
    for (const track of va.tracks) await uploadMaster(track.id);
    await setPrice(va.id, euro(9.99));
    expect(await publicRelease(va.id)).toMatchObject({ for_sale: true, total_tracks: 20 });

    const { emails, token } = await bought(va.id, 'va@example.com');
    const checkout = stripe.sessions.at(-1);
    expect(checkout?.line_items[0]?.price_data?.product_data.name).toBe('Build It Records: Best of 2016 by Various Artists');
    expect(emails[0]?.subject).toBe('Your receipt: “Build It Records: Best of 2016”');
    expect(emails[0]?.text).toContain('You bought “Build It Records: Best of 2016” by Various Artists on Build It Records.');
    const order = await orderOf(token);
    expect(order.items[0]).toMatchObject({ title: 'Build It Records: Best of 2016', artists: 'Various Artists' });
    expect(order.items[0]?.downloads.map((d) => d.track_id)).toEqual(va.tracks.map((track) => track.id));
    expect(order.items[0]?.downloads.slice(0, 2).map((d) => d.title)).toEqual(["Can't Wait (feat. Alicia Moore)", 'Mistakes']);

    const mp3 = await download(token, va.tracks[0]?.id as string, 'mp3-320');
    expect(savedAs(mp3.headers['content-disposition']).name).toBe("UPTWN - Can't Wait (feat. Alicia Moore).mp3");
    const { common } = await parseBuffer(mp3.rawPayload, { mimeType: 'audio/mpeg' });
    expect(common).toMatchObject({ title: "Can't Wait (feat. Alicia Moore)", artist: 'UPTWN', album: 'Build It Records: Best of 2016', isrc: ['USLZJ1606585'] });
  });

  it('sells a remix alone, named with its featured artists once, from receipt to file', async () => {
    const memories = await imported('BLDR127R');
    for (const track of memories.tracks) await uploadMaster(track.id);
    const remix = memories.tracks.find((track) => track.mix_version === 'Gruv1 Remix') as AdminReleaseDetail['tracks'][number];
    // Priced alone in its Edit track dialog.
    const priced = await t.app.inject({ method: 'PATCH', url: `/api/admin/tracks/${remix.id}`, headers: t.auth, payload: { price: euro(1.29) } });
    expect(priced.statusCode, priced.body).toBe(200);
    expect((await publicRelease(memories.id)).tracks?.map((track) => [track.mix_version, track.for_sale])).toEqual([
      [null, false],
      ['Gruv1 Remix', true],
    ]);

    const { emails, token } = await bought(memories.id, 'remix@example.com', remix.id);
    const title = 'Memories (feat. Bella Goldwin & Mikhail Rado) (Gruv1 Remix)';
    expect(stripe.sessions.at(-1)?.line_items[0]?.price_data).toMatchObject({ unit_amount: '129', product_data: { name: `${title} by Daniels Jack (from Memories)` } });
    expect(emails[0]?.subject).toBe(`Your receipt: “${title}”`);
    expect(emails[0]?.text).toContain(`You bought “${title}” from “Memories” by Daniels Jack on Build It Records.`);
    const order = await orderOf(token);
    expect(order.items[0]).toMatchObject({ track_id: remix.id, artists: 'Daniels Jack', downloads: [{ track_id: remix.id, title }] });
    // Only the track bought: the other's link is no link.
    expect((await get(`/api/orders/${token}/downloads/${memories.tracks[0]?.id}/flac`)).statusCode).toBe(404);

    const flac = await download(token, remix.id, 'flac');
    expect(savedAs(flac.headers['content-disposition'])).toEqual({ name: `Daniels Jack - ${title}.flac`, fallback: `Daniels Jack - ${title}.flac` });
    expect((await parseBuffer(flac.rawPayload, { mimeType: 'audio/flac' })).common).toMatchObject({ title, artist: 'Daniels Jack' });
  });

  it("sells a compilation's track alone by that track's own artists, not Various Artists: Checkout, receipt and order page", async () => {
    const va = await imported('BLDR113');
    const promise = va.tracks.find((track) => track.title === 'Promise You') as AdminReleaseDetail['tracks'][number];
    await uploadMaster(promise.id);
    const priced = await t.app.inject({ method: 'PATCH', url: `/api/admin/tracks/${promise.id}`, headers: t.auth, payload: { price: euro(1.29) } });
    expect(priced.statusCode, priced.body).toBe(200);

    const { emails, token } = await bought(va.id, 'promise@example.com', promise.id);
    expect(stripe.sessions.at(-1)?.line_items[0]?.price_data?.product_data.name).toBe('Promise You by Overthinking, No Hope & MKJAY (from Build It Records: Best of 2016)');
    expect(emails[0]?.text).toContain('You bought “Promise You” from “Build It Records: Best of 2016” by Overthinking, No Hope & MKJAY on Build It Records.');
    expect((await orderOf(token)).items[0]).toMatchObject({ track_id: promise.id, artists: 'Overthinking, No Hope & MKJAY', downloads: [{ track_id: promise.id, title: 'Promise You' }] });
  });

  it('names a featured artist whose name the title holds outside its "feat." in the file: "Lazo Lingo feat. Alma - Alma"', async () => {
    const va = await imported('BLDR113');
    const alma = va.tracks.find((track) => track.title === 'Alma') as AdminReleaseDetail['tracks'][number];
    // Credited featured as the import credits a "Featuring Artists" column ("Can't Wait"'s Alicia Moore); the export credits no one on "Alma".
    await queryRows(t.database.db, sql`insert into artists (id, name) values ('featured-alma', 'Alma')`);
    await queryRows(t.database.db, sql`insert into track_artists (track_id, artist_id, role, position) values (${alma.id}, 'featured-alma', 'featured', 1)`);
    await uploadMaster(alma.id);
    const priced = await t.app.inject({ method: 'PATCH', url: `/api/admin/tracks/${alma.id}`, headers: t.auth, payload: { price: euro(0) } });
    expect(priced.statusCode, priced.body).toBe(200);
    const given = await buy({ release_id: va.id, track_id: alma.id, email: 'alma@example.com' });
    expect(given.statusCode, given.body).toBe(200);

    const flac = await download(tokenOf(given.json<{ data: { checkoutUrl: string } }>().data.checkoutUrl), alma.id, 'flac');
    expect(savedAs(flac.headers['content-disposition']).name).toBe('Lazo Lingo feat. Alma - Alma.flac');
    expect((await parseBuffer(flac.rawPayload, { mimeType: 'audio/flac' })).common).toMatchObject({ title: 'Alma', artist: 'Lazo Lingo feat. Alma' });
  });

  it('gives "Querido Papá" by a download code, its files and the codes export named in its own letters', async () => {
    const papa = await imported('BLDRT047');
    for (const track of papa.tracks) await uploadMaster(track.id);
    const made = await t.app.inject({ method: 'POST', url: `/api/admin/releases/${papa.id}/codes`, headers: t.auth, payload: { count: 2, note: '=Promo für Radio' } });
    expect(made.statusCode, made.body).toBe(200);
    const [code] = made.json<{ data: { codes: string[] } }>().data.codes;
    const redeemed = await t.app.inject({ method: 'POST', url: '/api/redeem', payload: { code, email: 'dj@example.com' } });
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const [email] = await emailsTo('dj@example.com');
    expect(email?.subject).toBe('Your downloads: “Querido Papá”');
    expect(email?.text).toContain('“Querido Papá” by Anmol Jhanb on Build It Tech is yours to download');
    const token = tokenOf(email?.text ?? '');
    expect((await orderOf(token)).items[0]?.downloads.map((d) => d.title)).toEqual(['Querido Papá (Extended Mix)', 'Querido Papá (Radio Edit)']);

    const flac = await download(token, papa.tracks[0]?.id as string, 'flac');
    expect(savedAs(flac.headers['content-disposition'])).toEqual({ name: 'Anmol Jhanb - Querido Papá (Extended Mix).flac', fallback: 'Anmol Jhanb - Querido Pap_ (Extended Mix).flac' });
    expect((await parseBuffer(flac.rawPayload, { mimeType: 'audio/flac' })).common).toMatchObject({ title: 'Querido Papá (Extended Mix)', album: 'Querido Papá' });

    const csv = await asStaff(`/api/admin/releases/${papa.id}/codes.csv`);
    expect(csv.statusCode).toBe(200);
    expect(savedAs(csv.headers['content-disposition']).name).toBe('download-codes-querido-papá.csv');
    const rows = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows).toHaveLength(3);
    // A note that would be a formula stays text in a spreadsheet; the redeemed code names its address.
    expect(rows.slice(1).every((row) => row.includes(`"'=Promo für Radio"`))).toBe(true);
    expect(rows.find((row) => row.startsWith(`"${code}"`))).toMatch(/"dj@example\.com"$/);
  });

  it("lists the catalog's orders for staff under their real titles and catalog numbers, and sums what they took", async () => {
    const orders = (await asStaff('/api/admin/orders?limit=100')).json<{ data: AdminOrder[] }>().data;
    // All made at the app's one moment: compared by address.
    expect(orders.map((o) => [o.email, o.release_title, o.track_title, o.catalog_number, o.amount, o.status, o.source]).sort()).toEqual([
      ['alma@example.com', 'Build It Records: Best of 2016', 'Alma', 'BLDR113', 0, 'paid', 'free'],
      ['dj@example.com', 'Querido Papá', null, 'BLDRT047', 0, 'paid', 'code'],
      ['promise@example.com', 'Build It Records: Best of 2016', 'Promise You', 'BLDR113', 1.29, 'paid', 'checkout'],
      ['remix@example.com', 'Memories', 'Memories (feat. Bella Goldwin & Mikhail Rado) (Gruv1 Remix)', 'BLDR127R', 1.29, 'paid', 'checkout'],
      ['slash@example.com', '& Friends EP', null, 'BLDR043', 7.99, 'paid', 'checkout'],
      ['va@example.com', 'Build It Records: Best of 2016', null, 'BLDR113', 9.99, 'paid', 'checkout'],
    ]);
    const found = await asStaff(`/api/admin/orders?q=${encodeURIComponent('papá')}`);
    expect(found.json<{ data: AdminOrder[] }>().data.map((o) => o.email)).toEqual(['dj@example.com']);
    const revenue = (await asStaff('/api/admin/orders/revenue')).json<{ data: AdminRevenue }>().data;
    expect(revenue.releases.map((r) => [r.title, r.catalog_number, r.amount])).toEqual([
      ['Build It Records: Best of 2016', 'BLDR113', 11.28],
      ['& Friends EP', 'BLDR043', 7.99],
      ['Memories', 'BLDR127R', 1.29],
    ]);
  });
});
