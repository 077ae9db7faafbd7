import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isChargeable, leastCharge, shopMessages, toMinorUnits, type Order, type OrderRequest } from '../../../shared/api/shop.js';
import type { DownloadFormat } from '../../../shared/download-formats.js';
import { saleBlockers, trackSaleBlockers } from '../../../shared/domain/for-sale.js';
import { isUpcoming, localDate } from '../../../shared/domain/release-day.js';
import { releaseArtists, releaseDay, releaseTitle } from '../../../shared/domain/release-display.js';
import type { VipMemberStatus } from '../../../shared/api/vip.js';
import { memberDiscountOf, memberPrice } from '../../../shared/domain/vip-price.js';
import { defaultLabel, findLabel } from '../../../shared/labels.js';
import { currentSiteSettings } from '../../../shared/site-settings.js';
import { isUuid } from '../../../shared/uuid.js';
import type { Db } from '../../db/client.js';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../errors.js';
import type { PaymentCheckoutState, PaymentEvent, PaymentProvider } from '../membership/index.js';
import type { Mailroom, PreparedEmail } from '../messaging/index.js';
import {
  findOrderById,
  findOrderByPaymentIntent,
  findOrderBySession,
  findFreeOrder,
  findOrderByToken,
  findReleaseForSale,
  insertOrder,
  lockOrder,
  ordersAwaitingRelease,
  paidOrdersOf,
  setOrderSession,
  updateOrder,
  type OrderChange,
  type ReleaseForSale,
  type ShopOrderRow,
} from './shop.repo.js';

// Orders (issue 36, docs/decisions/0105): a Checkout Session in payment mode per order; Stripe's state is
// the truth (docs/decisions/0093): every event about an order reads its session from Stripe and applies
// what it finds under the order's row lock, so events out of order or repeated change nothing more.
// An order only moves forward: pending → paid → refunded (a refund ends its downloads for good; a dispute
// ends them until the label wins it, when the order is paid again).

export interface ShopContext {
  db: Db;
  mailroom: Mailroom;
  payments?: PaymentProvider;
  log: FastifyBaseLogger;
}

const newOrderToken = () => randomBytes(24).toString('base64url');
const inWords = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} & ${names.at(-1)}`);
/** Who the release, or its track sold alone, is by in words ("A, B & C"): a compilation is by "Various Artists", as the catalog shows it, its track by its own artists. */
const artistsOf = (release: ReleaseForSale, track?: TrackForSale) => inWords(releaseArtists(release, track).map((artist) => artist.name));
const labelOf = (release: ReleaseForSale) => findLabel(release.labelId) ?? defaultLabel;
export const isPreOrder = (release: ReleaseForSale, now: Date) => isUpcoming(release.releaseDate, now, currentSiteSettings().timeZone);

/** What stands between the release and its sale now (src/shared/domain/for-sale.ts). */
export const saleBlockersOf = (release: ReleaseForSale) =>
  saleBlockers({
    price: release.price,
    status: release.status,
    trackCount: release.tracks.length,
    tracksWithoutMaster: release.tracks.filter((track) => track.masterKey === null).length,
  });

/** Why a release cannot be sold now; undefined when it can. */
export function whyNotForSale(release: ReleaseForSale): string | undefined {
  const [first] = saleBlockersOf(release);
  if (!first) return undefined;
  return first.kind === 'masters' ? shopMessages.missingMasters(first.count) : shopMessages.notForSale;
}

type TrackForSale = ReleaseForSale['tracks'][number];
type Price = NonNullable<ReleaseForSale['price']>;

/** Why a track cannot be sold alone now (src/shared/domain/for-sale.ts); undefined when it can. */
function whyTrackNotForSale(release: ReleaseForSale, track: TrackForSale): string | undefined {
  const [first] = trackSaleBlockers({ price: track.price, releaseStatus: release.status, hasMaster: track.masterKey !== null });
  if (!first) return undefined;
  return first.kind === 'price' ? shopMessages.trackNotSoldAlone : first.kind === 'masters' ? shopMessages.trackWithoutMaster : shopMessages.notForSale;
}

/** What is bought: the release, or one of its tracks sold alone (404 for no such track of the release), and its price; 409 when not for sale. */
async function itemForSale(db: Db, releaseId: string, trackId: string | undefined): Promise<{ release: ReleaseForSale; track?: TrackForSale; price: Price }> {
  const release = isUuid(releaseId) ? await findReleaseForSale(db, releaseId) : undefined;
  if (!release) throw new NotFoundError(`Release not found: ${releaseId}`);
  if (trackId === undefined) {
    const why = whyNotForSale(release);
    if (why) throw new ConflictError(why);
    return { release, price: release.price as Price };
  }
  const track = release.tracks.find((t) => t.id === trackId);
  if (!track) throw new NotFoundError(`Track not found on this release: ${trackId}`);
  const why = whyTrackNotForSale(release, track);
  if (why) throw new ConflictError(why, 'track_id');
  return { release, track, price: track.price as Price };
}

const trackTitleOf = (track: Pick<TrackForSale, 'title' | 'mixVersion'>) => releaseTitle({ title: track.title, version: track.mixVersion });
/** An order's tracks: the one it bought alone, or all of its release's. */
const tracksOf = (release: ReleaseForSale, order: { trackId: string | null }) => (order.trackId ? release.tracks.filter((t) => t.id === order.trackId) : release.tracks);
/** What an order's emails name: its release and, for a track's order, its track. */
const boughtNames = (release: ReleaseForSale, order: { trackId: string | null }) => {
  const [track] = order.trackId ? tracksOf(release, order) : [];
  return { releaseTitle: releaseTitle(release), artistNames: artistsOf(release, track), ...(track ? { trackTitle: trackTitleOf(track) } : {}) };
};

/**
 * What the buyer pays, in the currency's minor unit (compared in cents, so that no fraction of a cent
 * slips past): the price, or for pay-what-you-want what they chose, at least the price and 0 or what
 * Stripe can charge. A VIP member's discount (`percent`) takes off the price, or the least they may
 * pay (`memberPrice`: never below what Stripe charges).
 */
function amountToPay(price: Price, chosen: number | undefined, percent: number): number {
  const least = memberPrice(price, percent);
  if (!price.pay_what_you_want || chosen === undefined) return toMinorUnits(least);
  if (toMinorUnits(chosen) < toMinorUnits(least)) throw new BadRequestError(shopMessages.belowMinimum(`${price.currency} ${least.toFixed(2)}`), 'amount');
  if (!isChargeable(chosen, price.currency)) throw new BadRequestError(shopMessages.belowLeastCharge(`${price.currency} ${leastCharge[price.currency].toFixed(2)}`), 'amount');
  return toMinorUnits(chosen);
}

/**
 * `POST /api/orders`: an order of a release, or of one of its tracks sold alone, and its Checkout Session;
 * its URL. Nothing to pay (free, or pay-what-you-want at 0) needs no Checkout: the order is given at once
 * and the URL is its page. `member`: the VIP member signed in (`POST /api/vip/orders`), whose plan's
 * discount applies while active.
 */
export async function startOrder(context: ShopContext, request: OrderRequest, now: Date, member?: { plan: string; status: VipMemberStatus }): Promise<string> {
  const { db, mailroom, payments } = context;
  const { release, track, price } = await itemForSale(db, request.release_id, request.track_id);
  // A price of 0 has nothing to take off: the order records no discount.
  const percent = price.amount > 0 ? memberDiscountOf(member) : 0;
  const amount = amountToPay(price, request.amount, percent);
  const email = request.email.toLowerCase();
  if (amount === 0) {
    // The address's free order of the release (or of the track) again, without another email: asking again and again
    // neither fills the address's inbox (anyone may type it) nor the orders.
    const order = (await findFreeOrder(db, release.id, track?.id ?? null, email)) ?? (await giveOrder(context, { release, track, email, source: 'free', currency: price.currency }, now));
    return mailroom.link(`/orders/${order.token}`);
  }
  if (!payments) throw new ConflictError(shopMessages.paymentsOff);
  const order = await insertOrder(db, {
    token: newOrderToken(),
    releaseId: release.id,
    trackId: track?.id ?? null,
    email,
    source: 'checkout',
    status: 'pending',
    amountMinor: amount,
    currency: price.currency,
    discountPercent: percent > 0 ? percent : null,
    createdAt: now,
    updatedAt: now,
  });
  const label = labelOf(release);
  // Named as its emails name it: "Track by Artists (from Release)", or "Release by Artists".
  const bought = boughtNames(release, order);
  const session = await payments.startPaymentCheckout({
    orderId: order.id,
    email,
    name: `${bought.trackTitle ?? bought.releaseTitle}${bought.artistNames ? ` by ${bought.artistNames}` : ''}${bought.trackTitle ? ` (from ${bought.releaseTitle})` : ''}${isPreOrder(release, now) ? ' (pre-order)' : ''}`,
    amountMinor: order.amountMinor,
    currency: price.currency,
    automaticTax: currentSiteSettings().shop.automaticTax,
    taxInclusive: currentSiteSettings().shop.pricesIncludeTax,
    urls: { success: mailroom.link(`/orders/${order.token}`), cancel: mailroom.link(`/${label.short}/releases/${release.slug}`) },
  });
  await setOrderSession(db, order.id, session.sessionId);
  return session.url;
}

/**
 * An order given without payment (a redeemed code, a free release), in the caller's transaction or its
 * own; its download email goes at once, or for an upcoming release on its release day.
 */
export async function giveOrder(
  { db, mailroom }: ShopContext,
  given: { release: ReleaseForSale; track?: TrackForSale; email: string; source: 'code' | 'free'; currency: string; inTransaction?: (tx: Db, order: ShopOrderRow) => Promise<void> },
  now: Date,
): Promise<ShopOrderRow> {
  const token = newOrderToken();
  const trackId = given.track?.id ?? null;
  const isWaiting = isPreOrder(given.release, now);
  const email = isWaiting ? undefined : await prepareDownloadsEmail(mailroom, given.release, { email: given.email, token, trackId }, now);
  const order = await db.transaction(async (tx) => {
    const inserted = await insertOrder(tx, {
      token,
      releaseId: given.release.id,
      trackId,
      email: given.email,
      source: given.source,
      status: 'paid',
      amountMinor: 0,
      currency: given.currency,
      paidAt: now,
      downloadEmailAt: isWaiting ? null : now,
      createdAt: now,
      updatedAt: now,
    });
    await given.inTransaction?.(tx, inserted);
    if (email) await mailroom.write(tx, { ...email, subjectId: inserted.id, dedupeKey: `order-downloads:${inserted.id}` });
    return inserted;
  });
  mailroom.nudge();
  return order;
}

export function prepareDownloadsEmail(mailroom: Mailroom, release: ReleaseForSale, order: { email: string; token: string; trackId: string | null }, now: Date): Promise<PreparedEmail> {
  return mailroom.prepareOrderDownloads({ label: labelOf(release), email: order.email, token: order.token, ...boughtNames(release, order) }, now);
}

/**
 * What Stripe's state makes of the order: it moves forward (pending → paid → refunded), but for a dispute
 * the label won: its order, ended while the dispute lasted, is paid again.
 */
function decide(order: ShopOrderRow, state: PaymentCheckoutState, now: Date): OrderChange {
  if (order.status === 'refunded') {
    // Paid, and neither refunded nor disputed now: only a dispute closed for the label ended it.
    const isRestored = state.isPaid && !state.isRefunded && !state.isDisputed;
    return isRestored ? { status: 'paid', refundedAt: null } : {};
  }
  const change: OrderChange = {};
  if (state.paymentIntentId && !order.stripePaymentIntentId) change.stripePaymentIntentId = state.paymentIntentId;
  if (state.isPaid && order.status !== 'paid') {
    change.status = 'paid';
    change.paidAt = now;
    if (state.amountTotal !== null) change.amountMinor = state.amountTotal;
    if (state.currency) change.currency = state.currency;
  }
  // A dispute ends the downloads as a refund does: the money is gone from the label, or held until the dispute ends.
  if (state.isRefunded || state.isDisputed) {
    change.status = 'refunded';
    change.refundedAt = now;
  } else if (!state.isPaid && (state.status === 'expired' || state.isFailed) && order.status === 'pending') {
    change.status = 'expired';
  }
  return change;
}

/** Paid for the first time: the receipt, the downloads. A dispute won gives back an order paid before, which had both. */
const isFirstPaid = (order: ShopOrderRow, change: OrderChange) => change.status === 'paid' && order.status !== 'refunded';

/**
 * Applies the order's Checkout Session as Stripe has it now: paid writes the receipt (once: its
 * outbox key is the order's), refunded ends the downloads. Answers whether the order changed.
 */
export async function applyOrderState(context: ShopContext, orderId: string, now: Date): Promise<boolean> {
  const { db, mailroom, payments } = context;
  const read = await findOrderById(db, orderId);
  if (!read?.stripeSessionId || !payments) return false;
  // Stripe refusing or unreachable throws: the webhook answers 500 and Stripe sends the event again.
  const state = await payments.paymentCheckout(read.stripeSessionId);
  if (!state) return false;
  const release = (await findReleaseForSale(db, read.releaseId)) as ReleaseForSale;
  const planned = decide(read, state, now);
  // Rendered before the transaction (the embedded database has one connection); written only if the locked order still calls for it.
  const receipt = isFirstPaid(read, planned) ? await prepareReceipt(mailroom, release, { ...read, ...planned }, state, now) : undefined;
  const changed = await db.transaction(async (tx) => {
    const order = (await lockOrder(tx, orderId)) as ShopOrderRow;
    const change = decide(order, state, now);
    if (Object.keys(change).length === 0) return false;
    const isWaiting = isPreOrder(release, now);
    const isPaying = isFirstPaid(order, change);
    if (isPaying && !isWaiting) change.downloadEmailAt = now;
    await updateOrder(tx, order.id, change, now);
    if (isPaying && receipt) await mailroom.write(tx, { ...receipt, subjectId: order.id, dedupeKey: `order-receipt:${order.id}` });
    return true;
  });
  if (changed) mailroom.nudge();
  return changed;
}

function prepareReceipt(
  mailroom: Mailroom,
  release: ReleaseForSale,
  order: Pick<ShopOrderRow, 'email' | 'token' | 'amountMinor' | 'currency' | 'discountPercent' | 'trackId'>,
  state: PaymentCheckoutState,
  now: Date,
): Promise<PreparedEmail> {
  const waiting = isPreOrder(release, now) && release.releaseDate ? releaseDay(release.releaseDate) : undefined;
  const instantGrats = waiting ? downloadableNow(release, order, now).map(trackTitleOf) : [];
  return mailroom.prepareOrderReceipt(
    {
      label: labelOf(release),
      email: order.email,
      token: order.token,
      ...boughtNames(release, order),
      ...(waiting ? { preOrderDay: waiting } : {}),
      instantGrats,
      receipt: { amount: order.amountMinor / 100, currency: order.currency, paidAt: now, reference: state.sessionId, vipDiscountPercent: order.discountPercent },
    },
    now,
  );
}

const asRecord = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const idOf = (value: unknown) => (typeof value === 'string' ? value : typeof asRecord(value).id === 'string' ? (asRecord(value).id as string) : undefined);

/** The events about a payment-mode Checkout Session: paid (at once, or by a delayed method when it settles), failed, expired. */
const orderSessionEvents = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed', 'checkout.session.expired']);

/** The events about a paid order's charge: a refund, a dispute opened or closed (won: the order is paid again). Each names its PaymentIntent. */
const orderChargeEvents = new Set(['charge.refunded', 'charge.dispute.created', 'charge.dispute.closed']);

/** The shop's part of a verified Stripe event: its payment-mode Checkouts, their refunds and disputes. Any other event changes no order. */
export async function applyShopStripeEvent(context: ShopContext, event: PaymentEvent, now: Date): Promise<void> {
  const object = asRecord(event.data.object);
  if (orderSessionEvents.has(event.type) && object.mode === 'payment') {
    const order = await findOrderBySession(context.db, String(object.id));
    if (order) await applyOrderState(context, order.id, now);
    return;
  }
  if (orderChargeEvents.has(event.type)) {
    const intent = idOf(object.payment_intent);
    if (!intent) return;
    // Known once its payment was applied; a refund or dispute that comes first finds it by the PaymentIntent's metadata.
    const known = await findOrderByPaymentIntent(context.db, intent);
    const orderId = known?.id ?? (await context.payments?.orderOfPaymentIntent(intent));
    if (orderId && isUuid(orderId)) await applyOrderState(context, orderId, now);
  }
}

async function orderOf(db: Db, token: string): Promise<{ order: ShopOrderRow; release: ReleaseForSale }> {
  const order = await findOrderByToken(db, token);
  if (!order) throw new NotFoundError(shopMessages.unknownOrder);
  if (order.status === 'pending') throw new ConflictError(shopMessages.pending);
  if (order.status === 'expired') throw new AppError(410, shopMessages.unpaid);
  if (order.status === 'refunded') throw new AppError(410, shopMessages.refunded);
  return { order, release: (await findReleaseForSale(db, order.releaseId)) as ReleaseForSale };
}

/** The tracks of an order (all of its release's, or the one bought alone) it may download now: those with their master, or before a pre-order's release day its instant grats. */
const downloadableNow = (release: ReleaseForSale, order: { trackId: string | null }, now: Date) => {
  const isWaiting = isPreOrder(release, now);
  return tracksOf(release, order).filter((track) => track.masterKey !== null && (!isWaiting || track.instantGrat));
};

/** `GET /api/orders/{token}`: what the buyer may download; a pre-order's instant grats at once, the rest from its release day. */
export async function getOrder(db: Db, token: string, formats: DownloadFormat[], now: Date): Promise<Order> {
  const { order, release } = await orderOf(db, token);
  const downloads = downloadableNow(release, order, now).map((track) => ({ track_id: track.id, title: trackTitleOf(track), formats }));
  const bought = boughtNames(release, order);
  return {
    email: order.email,
    items: [{ release_id: release.id, track_id: order.trackId, title: bought.releaseTitle, artists: bought.artistNames, artwork_url: release.artworkUrl, release_date: release.releaseDate, downloads }],
  };
}

/** The order and the track of a download, when the order may download it now. */
export async function downloadableTrack(db: Db, token: string, trackId: string, now: Date) {
  const { order, release } = await orderOf(db, token);
  const track = tracksOf(release, order).find((t) => t.id === trackId && t.masterKey !== null);
  if (!track) throw new NotFoundError(`No track ${trackId} in this order`);
  if (!downloadableNow(release, order, now).includes(track)) throw new ConflictError(release.tracks.some((t) => t.instantGrat) ? shopMessages.trackNotYetOut : shopMessages.notYetOut);
  return { order, release, track };
}

const batch = 50;

/**
 * The release day of pre-orders (issue 36): each paid order of a release now out whose download email
 * waits gets it, once (its outbox key), whichever instance sweeps first. Answers how many were written.
 */
export async function writeReleaseDayDownloads(db: Db, mailroom: Mailroom, now: Date): Promise<number> {
  const today = localDate(now, currentSiteSettings().timeZone);
  let written = 0;
  for (;;) {
    const due = await ordersAwaitingRelease(db, today, batch);
    for (const order of due) {
      const release = (await findReleaseForSale(db, order.releaseId)) as ReleaseForSale;
      const prepared = await prepareDownloadsEmail(mailroom, release, order, now);
      const isWritten = await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, order.id);
        if (locked?.status !== 'paid' || locked.downloadEmailAt) return false;
        await updateOrder(tx, order.id, { downloadEmailAt: now }, now);
        return mailroom.write(tx, { ...prepared, subjectId: order.id, dedupeKey: `order-downloads:${order.id}` });
      });
      if (isWritten) written += 1;
    }
    if (due.length < batch) break;
  }
  if (written > 0) mailroom.nudge();
  return written;
}

/**
 * `POST /api/orders/resend` ("Lost your link?"): one email to the address with a link to each of its
 * paid orders, through the outbox; at most one an hour per address (its outbox key), so that a stranger
 * cannot fill someone's inbox. Says nothing of whether the address bought anything: the route answers
 * the same either way.
 */
export async function resendOrderLinks({ db, mailroom }: ShopContext, address: string, now: Date): Promise<void> {
  const email = address.toLowerCase();
  const orders = await paidOrdersOf(db, email);
  if (orders.length === 0) return;
  const bought = await Promise.all(orders.map(async (order) => ({ order, release: (await findReleaseForSale(db, order.releaseId)) as ReleaseForSale })));
  const prepared = await mailroom.prepareOrderLinks(
    {
      label: labelOf((bought.at(-1) as (typeof bought)[number]).release),
      email,
      orders: bought.map(({ order, release }) => ({
        token: order.token,
        ...boughtNames(release, order),
        labelName: labelOf(release).name,
        ...(!order.downloadEmailAt && release.releaseDate ? { preOrderDay: releaseDay(release.releaseDate) } : {}),
      })),
    },
    now,
  );
  const hour = now.toISOString().slice(0, 13);
  if (await db.transaction((tx) => mailroom.write(tx, { ...prepared, dedupeKey: `order-links:${email}:${hour}` }))) mailroom.nudge();
}
