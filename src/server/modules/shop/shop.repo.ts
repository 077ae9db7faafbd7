import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { ReleasePrice, ShopOrderStatus } from '../../../shared/api/shop.js';
import { queryRows, type Db } from '../../db/client.js';
import { containsPattern } from '../../db/contains-pattern.js';
import { downloadCodes, releaseArtists, artists, releases, shopDownloadLinks, shopOrders, trackArtists, trackAudio, tracks } from '../../db/schema.js';

// The shop's tables (issue 36): orders and download codes, and what it reads of a release it sells.

export type ShopOrderRow = typeof shopOrders.$inferSelect;
export type DownloadCodeRow = typeof downloadCodes.$inferSelect;

/** A release as the shop sells it: its price, date, status and tracks with their masters. */
export interface ReleaseForSale {
  id: string;
  /** Its public address under its label, `/{label}/releases/{slug}`. */
  slug: string;
  title: string;
  version: string | null;
  /** A compilation's artists are its tracks': the shop names it by "Various Artists", as the catalog does, and a track of it sold alone by its own. */
  type: string;
  labelId: string;
  status: string;
  releaseDate: string | null;
  artworkUrl: string | null;
  catalogNumber: string | null;
  price: ReleasePrice | null;
  artists: { name: string }[];
  /**
   * `instantGrat`: a pre-order's buyer downloads it at once, the rest on the release day; `price`: sold alone for it;
   * `artists`: its primary artists, in order (who a compilation's track sold alone is by).
   */
  tracks: {
    id: string;
    title: string;
    mixVersion: string | null;
    masterKey: string | null;
    masterName: string | null;
    instantGrat: boolean;
    price: ReleasePrice | null;
    artists: { name: string }[];
  }[];
}

export async function findReleaseForSale(db: Db, id: string): Promise<ReleaseForSale | undefined> {
  const [row] = await db.select().from(releases).where(eq(releases.id, id));
  if (!row) return undefined;
  const [credited, trackRows, trackCredits] = await Promise.all([
    db
      .select({ name: artists.name })
      .from(releaseArtists)
      .innerJoin(artists, eq(artists.id, releaseArtists.artistId))
      .where(eq(releaseArtists.releaseId, id))
      .orderBy(asc(releaseArtists.position)),
    db
      .select({ id: tracks.id, title: tracks.title, mixVersion: tracks.mixVersion, masterKey: trackAudio.originalKey, masterName: trackAudio.fileName, instantGrat: tracks.instantGrat, price: tracks.price })
      .from(tracks)
      .leftJoin(trackAudio, eq(trackAudio.id, tracks.audioId))
      .where(eq(tracks.releaseId, id))
      .orderBy(asc(tracks.discNumber), asc(tracks.trackNumber)),
    db
      .select({ trackId: trackArtists.trackId, name: artists.name })
      .from(trackArtists)
      .innerJoin(tracks, eq(tracks.id, trackArtists.trackId))
      .innerJoin(artists, eq(artists.id, trackArtists.artistId))
      .where(and(eq(tracks.releaseId, id), eq(trackArtists.role, 'primary')))
      .orderBy(asc(trackArtists.position)),
  ]);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    version: row.version,
    type: row.type,
    labelId: row.labelId,
    status: row.status,
    releaseDate: row.releaseDate,
    artworkUrl: row.artworkUrl,
    catalogNumber: row.catalogNumber,
    price: row.price,
    artists: credited,
    tracks: trackRows.map((track) => ({ ...track, artists: trackCredits.filter((credit) => credit.trackId === track.id).map(({ name }) => ({ name })) })),
  };
}

export async function insertOrder(db: Db, order: typeof shopOrders.$inferInsert): Promise<ShopOrderRow> {
  const [row] = await db.insert(shopOrders).values(order).returning();
  return row as ShopOrderRow;
}

export async function setOrderSession(db: Db, id: string, sessionId: string): Promise<void> {
  await db.update(shopOrders).set({ stripeSessionId: sessionId }).where(eq(shopOrders.id, id));
}

export async function findOrderByToken(db: Db, token: string): Promise<ShopOrderRow | undefined> {
  const [row] = await db.select().from(shopOrders).where(eq(shopOrders.token, token));
  return row;
}

export async function findOrderById(db: Db, id: string): Promise<ShopOrderRow | undefined> {
  const [row] = await db.select().from(shopOrders).where(eq(shopOrders.id, id));
  return row;
}

export async function findOrderBySession(db: Db, sessionId: string): Promise<ShopOrderRow | undefined> {
  const [row] = await db.select().from(shopOrders).where(eq(shopOrders.stripeSessionId, sessionId));
  return row;
}

export async function findOrderByPaymentIntent(db: Db, paymentIntentId: string): Promise<ShopOrderRow | undefined> {
  const [row] = await db.select().from(shopOrders).where(eq(shopOrders.stripePaymentIntentId, paymentIntentId));
  return row;
}

/** The order, locked for the transaction (`FOR UPDATE`): two events about it apply one after the other. */
export async function lockOrder(tx: Db, id: string): Promise<ShopOrderRow | undefined> {
  const [row] = await tx.select().from(shopOrders).where(eq(shopOrders.id, id)).for('update');
  return row;
}

export interface OrderChange {
  status?: ShopOrderStatus;
  stripePaymentIntentId?: string;
  amountMinor?: number;
  currency?: string;
  paidAt?: Date;
  /** null: a dispute the label won gave the order back. */
  refundedAt?: Date | null;
  downloadEmailAt?: Date;
}

export async function updateOrder(tx: Db, id: string, change: OrderChange, now: Date): Promise<void> {
  await tx
    .update(shopOrders)
    .set({ ...change, updatedAt: now })
    .where(eq(shopOrders.id, id));
}

/** The paid orders of an address (stored lowercased), oldest first. */
export async function paidOrdersOf(db: Db, email: string): Promise<ShopOrderRow[]> {
  return db
    .select()
    .from(shopOrders)
    .where(and(eq(shopOrders.email, email), eq(shopOrders.status, 'paid')))
    .orderBy(asc(shopOrders.createdAt));
}

/** The address's free order of the release, or of its track `trackId` (free, or pay-what-you-want at 0), if it has one. */
export async function findFreeOrder(db: Db, releaseId: string, trackId: string | null, email: string): Promise<ShopOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(shopOrders)
    .where(
      and(
        eq(shopOrders.releaseId, releaseId),
        trackId === null ? isNull(shopOrders.trackId) : eq(shopOrders.trackId, trackId),
        eq(shopOrders.email, email),
        eq(shopOrders.source, 'free'),
      ),
    )
    .orderBy(asc(shopOrders.createdAt))
    .limit(1);
  return row;
}

/** Counts one download link given for the order, unless it has given `max`: whether it may. */
export async function takeDownload(db: Db, id: string, max: number): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update ${shopOrders} set downloads_given = downloads_given + 1 where id = ${id} and downloads_given < ${max} returning id`,
  );
  return rows.length > 0;
}

/** Remembers a download link the order gives: whether it is new, else it was given already. */
export async function rememberDownloadLink(tx: Db, link: typeof shopDownloadLinks.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(shopDownloadLinks).values(link).onConflictDoNothing().returning({ orderId: shopDownloadLinks.orderId });
  return rows.length > 0;
}

/** The order gives its links afresh: none counted, none remembered. */
export async function resetDownloads(tx: Db, id: string): Promise<void> {
  await tx.delete(shopDownloadLinks).where(eq(shopDownloadLinks.orderId, id));
  await tx.update(shopOrders).set({ downloadsGiven: 0 }).where(eq(shopOrders.id, id));
}

/** Paid orders of releases whose download email waits for their release day (pre-orders), of releases dated on or before `day`. */
export async function ordersAwaitingRelease(db: Db, day: string, limit: number): Promise<ShopOrderRow[]> {
  return db
    .select({ order: shopOrders })
    .from(shopOrders)
    .innerJoin(releases, eq(releases.id, shopOrders.releaseId))
    .where(and(eq(shopOrders.status, 'paid'), isNull(shopOrders.downloadEmailAt), sql`${releases.releaseDate} <= ${day}`))
    .orderBy(asc(shopOrders.createdAt))
    .limit(limit)
    .then((rows) => rows.map((r) => r.order));
}

export async function insertCodes(db: Db, codes: (typeof downloadCodes.$inferInsert)[]): Promise<void> {
  await db.insert(downloadCodes).values(codes);
}

export async function findCode(db: Db, code: string): Promise<DownloadCodeRow | undefined> {
  const [row] = await db.select().from(downloadCodes).where(eq(downloadCodes.code, code));
  return row;
}

/** The code, locked for the transaction: one redemption at a time. */
export async function lockCode(tx: Db, code: string): Promise<DownloadCodeRow | undefined> {
  const [row] = await tx.select().from(downloadCodes).where(eq(downloadCodes.code, code)).for('update');
  return row;
}

export async function markCodeRedeemed(tx: Db, id: string, orderId: string, now: Date): Promise<void> {
  await tx.update(downloadCodes).set({ orderId, redeemedAt: now }).where(eq(downloadCodes.id, id));
}

export async function listCodes(db: Db, releaseId: string): Promise<(DownloadCodeRow & { email: string | null })[]> {
  const rows = await db
    .select({ code: downloadCodes, email: shopOrders.email })
    .from(downloadCodes)
    .leftJoin(shopOrders, eq(shopOrders.id, downloadCodes.orderId))
    .where(eq(downloadCodes.releaseId, releaseId))
    .orderBy(asc(downloadCodes.createdAt), asc(downloadCodes.code));
  return rows.map((r) => ({ ...r.code, email: r.email }));
}

export interface OrdersFilter {
  q?: string;
  releaseId?: string;
  status?: ShopOrderStatus;
}

/** An order as staff list it: what it is, its release's title and catalog number, and the track of a track's order. */
export interface StaffOrderRow {
  id: string;
  email: string;
  release_id: string;
  title: string;
  version: string | null;
  track_title: string | null;
  track_mix_version: string | null;
  catalog_number: string | null;
  amount_minor: number;
  currency: string;
  status: ShopOrderStatus;
  source: ShopOrderRow['source'];
  created_at: Date;
  paid_at: Date | null;
  refunded_at: Date | null;
}

function ordersWhere(filter: OrdersFilter) {
  const conditions = [sql`true`];
  if (filter.releaseId) conditions.push(sql`o.release_id = ${filter.releaseId}`);
  if (filter.status) conditions.push(sql`o.status = ${filter.status}`);
  const term = filter.q?.trim();
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(sql`(o.email ilike ${pattern} or r.title ilike ${pattern} or r.catalog_number ilike ${pattern} or t.title ilike ${pattern})`);
  }
  return sql.join(conditions, sql` and `);
}

/** Orders, newest first, with their release's title and catalog number, and a track order's track. */
export async function listOrders(db: Db, filter: OrdersFilter, page: { offset: number; limit: number }): Promise<{ rows: StaffOrderRow[]; total: number }> {
  const where = ordersWhere(filter);
  const from = sql`${shopOrders} o join ${releases} r on r.id = o.release_id left join ${tracks} t on t.id = o.track_id`;
  const [rows, totals] = await Promise.all([
    queryRows<StaffOrderRow>(db, sql`
      select o.id, o.email, o.release_id, r.title, r.version, t.title as track_title, t.mix_version as track_mix_version, r.catalog_number, o.amount_minor, o.currency, o.status, o.source, o.created_at, o.paid_at, o.refunded_at
        from ${from}
       where ${where}
       order by o.created_at desc, o.id desc
       offset ${page.offset} limit ${page.limit}`),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from ${from} where ${where}`),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Money taken: paid Checkout orders (not refunded), per release and currency. */
export async function revenueByRelease(db: Db) {
  return queryRows<{ release_id: string; title: string; version: string | null; catalog_number: string | null; currency: string; orders: number; amount_minor: number | string }>(db, sql`
    select o.release_id, r.title, r.version, r.catalog_number, o.currency, count(*)::int as orders, sum(o.amount_minor)::bigint as amount_minor
      from ${shopOrders} o join ${releases} r on r.id = o.release_id
     where o.status = 'paid' and o.source = 'checkout'
     group by o.release_id, r.title, r.version, r.catalog_number, o.currency
     order by sum(o.amount_minor) desc, r.title, o.currency`);
}

/** The same per month of payment in `timeZone` ("2026-11"), newest first. */
export async function revenueByMonth(db: Db, timeZone: string) {
  return queryRows<{ month: string; currency: string; orders: number; amount_minor: number | string }>(db, sql`
    select to_char(o.paid_at at time zone ${timeZone}, 'YYYY-MM') as month, o.currency, count(*)::int as orders, sum(o.amount_minor)::bigint as amount_minor
      from ${shopOrders} o
     where o.status = 'paid' and o.source = 'checkout'
     group by 1, o.currency
     order by 1 desc, o.currency`);
}
