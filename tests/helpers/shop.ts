import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AdminReleaseDetail } from '../../src/shared/api/admin-releases.js';
import { queryRows } from '../../src/server/db/client.js';
import { folderMediaStore } from '../../src/server/modules/media/index.js';
import { createStripePayments, type PaymentProvider } from '../../src/server/modules/membership/index.js';
import { startFakeStripe, type FakeStripe, type FakeStripeEvent } from '../fakes/fake-stripe.js';
import { createAdminTestApp, type AdminTestApp } from './admin-test-app.js';
import { aSineWav } from './audio.js';
import type { TestAppOptions } from './test-app.js';
import type { TestDatabaseKind } from './test-database.js';

// The shop's API tests (issue 36): releases made in admin with their masters, bought through the fake
// Stripe's Checkout in payment mode, and its events delivered to the webhook.

/** Where the master every track of `aRelease` has is in the media store. */
const masterKey = 'audio/shop-master.wav';

/** The origin the shop's test apps give their links from. */
export const shopPublicUrl = 'https://records.example';

/** An object that is `get()`'s, read when used: what a describe starts in `beforeAll`, named before it. */
function startedLater<T extends object>(get: () => T): T {
  return new Proxy({} as T, { get: (_, key) => Reflect.get(get(), key) });
}

export interface ShopTestAppOptions {
  /** What every track's master is (the media store holds it under `masterKey`); a 1-second sine WAV unless told. */
  master?: Buffer;
  /** More dependencies, or others, given the payments through the fake Stripe (the real SDK). */
  deps?: (payments: PaymentProvider) => NonNullable<Parameters<typeof createAdminTestApp>[1]>['deps'];
  seed?: TestAppOptions['seed'];
  /** The snapshot the database is a copy of ('migrated' unless told; 'distributor-catalog': the real export imported). */
  from?: TestAppOptions['from'];
}

/**
 * The shop's API tests' app, in a describe: on a fresh database of `kind`, a fake Stripe in payment mode reached
 * through the real SDK, a media store in a temporary folder holding the master, links from `shopPublicUrl`,
 * and a shop limit no test meets; started before the describe's tests and closed after them. `t` and
 * `stripe` are the app and the fake once started; the rest is `shopTestKit`'s.
 */
export function useShopTestApp(kind: TestDatabaseKind, options: ShopTestAppOptions = {}) {
  const started = {} as { t: AdminTestApp; stripe: FakeStripe };
  let mediaDir: string | undefined;
  beforeAll(async () => {
    started.stripe = await startFakeStripe();
    mediaDir = mkdtempSync(join(tmpdir(), 'shop-media-'));
    const mediaStore = folderMediaStore(mediaDir);
    await mediaStore.put(masterKey, options.master ?? aSineWav({ seconds: 1 }), 'audio/wav');
    const payments = createStripePayments({ secretKey: started.stripe.secretKey, webhookSecret: started.stripe.webhookSecret, apiUrl: started.stripe.url });
    started.t = await createAdminTestApp(kind, {
      from: options.from,
      seed: options.seed,
      deps: { payments, publicUrl: shopPublicUrl, mediaStore, rateLimits: { shop: { max: 10_000, timeWindowMs: 60_000 } }, ...options.deps?.(payments) },
    });
  });
  afterAll(async () => {
    await started.t?.close();
    await started.stripe?.close();
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });
  return {
    t: startedLater(() => started.t),
    stripe: startedLater(() => started.stripe),
    ...shopTestKit(() => started.t, () => started.stripe),
  };
}

/** Releases made in admin with their masters, bought, paid and delivered: what the shop's tests do. */
function shopTestKit(getApp: () => AdminTestApp, getStripe: () => FakeStripe) {
  let serial = 0;
  async function uploadMaster(trackId: string) {
    const t = getApp();
    const [audio] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into track_audio (file_name, original_key, status, actor) values ('Master.wav', ${masterKey}, 'ready', 'admin') returning id`,
    );
    await queryRows(t.database.db, sql`update tracks set audio_id = ${audio?.id} where id = ${trackId}`);
  }
  const kit = {
    uploadMaster,
    /** A release of two tracks made in admin, dated `releaseDate`; with their masters uploaded unless told. */
    async aRelease(options: { releaseDate?: string; masters?: boolean } = {}): Promise<AdminReleaseDetail> {
      const t = getApp();
      serial += 1;
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/admin/releases',
        headers: t.auth,
        payload: {
          title: `Shop EP ${serial}`,
          type: 'ep',
          label_id: 'buildit-tech',
          catalog_number: `SHOP${serial}`,
          release_date: options.releaseDate ?? '2026-10-02',
          artists: ['Kay Vo'],
          tracks: [{ title: `Side A ${serial}` }, { title: `Side B ${serial}` }],
        },
      });
      expect(made.statusCode, made.body).toBe(201);
      const release = made.json<{ data: AdminReleaseDetail }>().data;
      if (options.masters !== false) for (const track of release.tracks) await uploadMaster(track.id);
      return release;
    },
    setPrice: (id: string, price: unknown) => getApp().app.inject({ method: 'PATCH', url: `/api/admin/releases/${id}`, headers: getApp().auth, payload: { price } }),
    buy: (payload: Record<string, unknown>) => getApp().app.inject({ method: 'POST', url: '/api/orders', payload }),
    /** Signs each event as Stripe does and posts it to the webhook. */
    async deliver(events: FakeStripeEvent[]) {
      for (const event of events) {
        const { body, signature } = getStripe().sign(event);
        const res = await getApp().app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload: body });
        expect(res.statusCode, res.body).toBe(200);
      }
    },
    emailsTo: (email: string) =>
      queryRows<{ kind: string; subject: string; text: string }>(getApp().database.db, sql`select kind, subject, text_body as text from outbox_emails where ${email} = any(to_addresses) order by created_at, id`),
    /** Buys the release (or its track `trackId`) at its price (or `amount`) and pays on the fake Checkout: the session and Stripe's events, not delivered. */
    async buyAndPay(releaseId: string, email: string, amount?: number, trackId?: string) {
      const res = await kit.buy({ release_id: releaseId, email, ...(amount === undefined ? {} : { amount }), ...(trackId === undefined ? {} : { track_id: trackId }) });
      expect(res.statusCode, res.body).toBe(200);
      const session = getStripe().sessions.find((s) => s.url === res.json<{ data: { checkoutUrl: string } }>().data.checkoutUrl);
      if (!session) throw new Error('no session');
      return { session, ...getStripe().completePayment(session.id) };
    },
    /** The order token of an emailed order page link. */
    tokenOf: (text: string) => new RegExp(`${shopPublicUrl}/orders/([A-Za-z0-9_-]+)`).exec(text)?.[1] as string,
  };
  return kit;
}
