import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminRevenue } from '../../src/shared/api/admin-orders.js';
import { queryRows } from '../../src/server/db/client.js';
import { createOrResetAdmin } from '../../src/server/modules/staff/admin-auth.service.js';
import { signAdminToken } from '../../src/server/modules/staff/admin-tokens.js';
import { shopPublicUrl, useShopTestApp } from '../helpers/shop.js';
import { testNow } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// Staff's side of the shop (issue 36 part 2): the orders, the revenue per release and per month, a download
// email sent again; owners' alone (decision 0098).

const at = (iso: string) => new Date(iso);

describe.each(testDatabaseKinds)("the shop's orders for staff on $name", (kind) => {
  const { t, stripe, aRelease, setPrice, buy, deliver, emailsTo, buyAndPay } = useShopTestApp(kind, {
    seed: async (database) => {
      for (const role of ['editor', 'a&r'] as const) {
        await createOrResetAdmin(database.db, `orders-${role}`, 'orders password', testNow);
        await database.db.execute(sql`update admin_users set role = ${role} where username = ${`orders-${role}`}`);
      }
    },
  });
  const roleAuth = {} as Record<'editor' | 'a&r', { authorization: string }>;

  beforeAll(async () => {
    for (const role of ['editor', 'a&r'] as const) {
      const [row] = await queryRows<{ id: string }>(t.database.db, sql`select id from admin_users where username = ${`orders-${role}`}`);
      roleAuth[role] = { authorization: `Bearer ${await signAdminToken(t.jwtSecret, row?.id as string, testNow)}` };
    }
  });
  // A test that stopped while at another moment leaves the next one at the tokens' own.
  afterEach(() => t.setNow(testNow));

  const get = (url: string, headers = t.auth) => t.app.inject({ method: 'GET', url, headers });
  const resend = (id: string, headers = t.auth) => t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/resend`, headers });
  const listed = async (query = '') => {
    const res = await get(`/api/admin/orders${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AdminOrder[]; total: number; offset: number; limit: number }>();
  };
  /** Pays at `when` (Stripe's events applied then): the order's paid day and month. */
  async function paidAt(when: string, releaseId: string, email: string, amount?: number) {
    t.setNow(at(when));
    const paid = await buyAndPay(releaseId, email, amount);
    await deliver(paid.events);
    t.setNow(testNow);
    return paid;
  }

  it('lists the orders newest first, searched and filtered on the server, and sums what was taken per release and per month', async () => {
    const ep = await aRelease();
    await setPrice(ep.id, { amount: 7.99, currency: 'EUR', pay_what_you_want: false });
    const single = await aRelease();
    await setPrice(single.id, { amount: 5, currency: 'USD', pay_what_you_want: true });
    await paidAt('2026-10-05T10:00:00Z', ep.id, 'ana@example.com');
    await paidAt('2026-11-02T10:00:00Z', ep.id, 'ben@example.com');
    await paidAt('2026-11-03T10:00:00Z', single.id, 'cy@example.com', 12.5);
    const refunded = await paidAt('2026-11-04T10:00:00Z', ep.id, 'dee@example.com');
    await deliver(stripe.refundPayment(refunded.session.id).events);
    // A code gives an order at 0.
    const made = await t.app.inject({ method: 'POST', url: `/api/admin/releases/${single.id}/codes`, headers: t.auth, payload: { count: 1 } });
    // Never paid: listed, but no money.
    t.setNow(at('2026-11-05T10:00:00Z'));
    expect((await buy({ release_id: ep.id, email: 'eve@example.com' })).statusCode).toBe(200);
    t.setNow(at('2026-11-06T10:00:00Z'));
    const redeemed = await t.app.inject({ method: 'POST', url: '/api/redeem', payload: { code: made.json<{ data: { codes: string[] } }>().data.codes[0], email: 'dj@example.com' } });
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    t.setNow(testNow);

    const all = await listed();
    expect(all).toMatchObject({ total: 6, offset: 0, limit: 25 });
    expect(all.data.map((o) => [o.email, o.release_title, o.amount, o.currency, o.status, o.source])).toEqual([
      ['dj@example.com', single.title, 0, 'USD', 'paid', 'code'],
      ['eve@example.com', ep.title, 7.99, 'EUR', 'pending', 'checkout'],
      ['dee@example.com', ep.title, 7.99, 'EUR', 'refunded', 'checkout'],
      ['cy@example.com', single.title, 12.5, 'USD', 'paid', 'checkout'],
      ['ben@example.com', ep.title, 7.99, 'EUR', 'paid', 'checkout'],
      ['ana@example.com', ep.title, 7.99, 'EUR', 'paid', 'checkout'],
    ]);
    expect(all.data[2]).toMatchObject({ catalog_number: ep.catalog_number, created_at: '2026-11-04T10:00:00.000Z', paid_at: '2026-11-04T10:00:00.000Z', refunded_at: testNow.toISOString() });
    expect((await listed('?q=BEN@')).data.map((o) => o.email)).toEqual(['ben@example.com']);
    expect((await listed(`?q=${ep.catalog_number}&status=paid`)).data.map((o) => o.email)).toEqual(['ben@example.com', 'ana@example.com']);
    expect((await listed(`?release=${single.id}`)).data.map((o) => o.email)).toEqual(['dj@example.com', 'cy@example.com']);
    expect(await listed('?limit=2&offset=2')).toMatchObject({ total: 6, offset: 2, limit: 2, data: [{ email: 'dee@example.com' }, { email: 'cy@example.com' }] });

    const revenue = await get('/api/admin/orders/revenue');
    expect(revenue.statusCode, revenue.body).toBe(200);
    // Paid Checkouts only: the refund, the unpaid order and the code take nothing.
    expect(revenue.json<{ data: AdminRevenue }>().data).toEqual({
      releases: [
        { release_id: ep.id, title: ep.title, catalog_number: ep.catalog_number, currency: 'EUR', orders: 2, amount: 15.98 },
        { release_id: single.id, title: single.title, catalog_number: single.catalog_number, currency: 'USD', orders: 1, amount: 12.5 },
      ],
      months: [
        { month: '2026-11', currency: 'EUR', orders: 1, amount: 7.99 },
        { month: '2026-11', currency: 'USD', orders: 1, amount: 12.5 },
        { month: '2026-10', currency: 'EUR', orders: 1, amount: 7.99 },
      ],
    });
  });

  it('refuses a filter it does not know, naming the field', async () => {
    for (const [query, field] of [
      ['?status=lost', 'status'],
      ['?release=BLDR192', 'release'],
      ['?limit=0', 'limit'],
      ['?offset=-1', 'offset'],
    ] as const) {
      const res = await get(`/api/admin/orders${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ success: false, field });
    }
  });

  it("sends a paid order's download email again, once per window, and refuses an order that has nothing to download", async () => {
    const release = await aRelease();
    await setPrice(release.id, { amount: 3, currency: 'GBP', pay_what_you_want: false });
    await paidAt('2026-11-20T10:00:00Z', release.id, 'again@example.com');
    const [order] = (await listed('?q=again@')).data as [AdminOrder];
    const first = await resend(order.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, message: 'Download email sent again to again@example.com' });
    expect((await emailsTo('again@example.com')).map((e) => e.kind)).toEqual(['order_receipt', 'order_downloads']);
    const soon = await resend(order.id);
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ message: 'The download email of this order was just sent again: give it a few minutes to arrive' });
    t.setNow(new Date(testNow.getTime() + 10 * 60_000));
    expect((await resend(order.id)).statusCode).toBe(200);
    t.setNow(testNow);
    const emails = await emailsTo('again@example.com');
    expect(emails.map((e) => e.kind)).toEqual(['order_receipt', 'order_downloads', 'order_downloads']);
    expect(emails[1]?.text).toContain(`${shopPublicUrl}/orders/`);

    const refunded = await paidAt('2026-11-20T11:00:00Z', release.id, 'refunded@example.com');
    await deliver(stripe.refundPayment(refunded.session.id).events);
    const unpaid = await buy({ release_id: release.id, email: 'unpaid@example.com' });
    expect(unpaid.statusCode).toBe(200);
    const preOrdered = await aRelease({ releaseDate: '2026-12-04' });
    await setPrice(preOrdered.id, { amount: 3, currency: 'GBP', pay_what_you_want: false });
    await paidAt('2026-11-20T12:00:00Z', preOrdered.id, 'early@example.com');
    const idOf = async (email: string) => ((await listed(`?q=${email}`)).data[0] as AdminOrder).id;
    for (const [email, message] of [
      ['refunded@example.com', 'This order was refunded: its downloads have ended'],
      ['unpaid@example.com', 'This order is not paid: there is nothing to download'],
      ['early@example.com', 'This is a pre-order: its download email goes on the release day'],
    ] as const) {
      const res = await resend(await idOf(email));
      expect(res.statusCode, email).toBe(409);
      expect(res.json(), email).toMatchObject({ message });
    }
    expect((await emailsTo('refunded@example.com')).map((e) => e.kind)).toEqual(['order_receipt']);
    expect((await resend('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await resend('not-an-order')).statusCode).toBe(404);
  });

  it('keeps orders and money the owners\': 403 for an editor and an A&R, who still make codes as they edit releases', async () => {
    const release = await aRelease();
    for (const role of ['editor', 'a&r'] as const) {
      for (const res of [await get('/api/admin/orders', roleAuth[role]), await get('/api/admin/orders/revenue', roleAuth[role]), await resend('00000000-0000-4000-8000-000000000000', roleAuth[role])]) {
        expect(res.statusCode, role).toBe(403);
        expect(res.json<{ error: string }>().error).toMatch(/cannot do this: it is for Owner\. Ask an owner\.$/);
      }
    }
    const codes = await t.app.inject({ method: 'POST', url: `/api/admin/releases/${release.id}/codes`, headers: roleAuth.editor, payload: { count: 2 } });
    expect(codes.statusCode, codes.body).toBe(200);
    expect((await get('/api/admin/orders', {} as { authorization: string })).statusCode).toBe(401);
  });
});
