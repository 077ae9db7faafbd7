import { adminOrderMessages, resendWindowMinutes, type AdminOrder, type AdminOrdersQuery, type AdminRevenue } from '../../../shared/api/admin-orders.js';
import { releaseTitle } from '../../../shared/domain/release-display.js';
import { currentSiteSettings } from '../../../shared/site-settings.js';
import { isUuid } from '../../../shared/uuid.js';
import type { Db } from '../../db/client.js';
import { AppError, ConflictError, NotFoundError } from '../../errors.js';
import type { Mailroom } from '../messaging/index.js';
import { isPreOrder, prepareDownloadsEmail } from './orders.service.js';
import { findOrderById, findReleaseForSale, listOrders, resetDownloads, revenueByMonth, revenueByRelease, type ReleaseForSale } from './shop.repo.js';

// Staff's view of the shop (issue 36 part 2): orders, revenue, and a download email sent again.

const majorUnits = (minor: number | string) => Number(minor) / 100;
const isoOf = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

export async function getOrders(db: Db, query: AdminOrdersQuery): Promise<{ orders: AdminOrder[]; total: number }> {
  const { rows, total } = await listOrders(db, { q: query.q, releaseId: query.release, status: query.status }, query);
  return {
    total,
    orders: rows.map((row) => ({
      id: row.id,
      email: row.email,
      release_id: row.release_id,
      release_title: releaseTitle({ title: row.title, version: row.version }),
      track_title: row.track_title === null ? null : releaseTitle({ title: row.track_title, version: row.track_mix_version }),
      catalog_number: row.catalog_number,
      amount: majorUnits(row.amount_minor),
      currency: row.currency,
      status: row.status,
      source: row.source,
      created_at: isoOf(row.created_at) as string,
      paid_at: isoOf(row.paid_at),
      refunded_at: isoOf(row.refunded_at),
    })),
  };
}

export async function getRevenue(db: Db): Promise<AdminRevenue> {
  const [releases, months] = await Promise.all([revenueByRelease(db), revenueByMonth(db, currentSiteSettings().timeZone)]);
  return {
    releases: releases.map((row) => ({
      release_id: row.release_id,
      title: releaseTitle({ title: row.title, version: row.version }),
      catalog_number: row.catalog_number,
      currency: row.currency,
      orders: row.orders,
      amount: majorUnits(row.amount_minor),
    })),
    months: months.map((row) => ({ month: row.month, currency: row.currency, orders: row.orders, amount: majorUnits(row.amount_minor) })),
  };
}

/**
 * Writes a paid order's download email again, under an outbox key of its own per window of
 * `resendWindowMinutes`: a second click in the window writes nothing more (429). The order gives its download
 * links afresh (the 429 past them tells the buyer to write to the label for this). Answers the address.
 */
export async function resendDownloads(db: Db, mailroom: Mailroom, orderId: string, now: Date): Promise<string> {
  const order = isUuid(orderId) ? await findOrderById(db, orderId) : undefined;
  if (!order) throw new NotFoundError(adminOrderMessages.notFound);
  if (order.status === 'refunded') throw new ConflictError(adminOrderMessages.refunded);
  if (order.status !== 'paid') throw new ConflictError(adminOrderMessages.notPaid);
  const release = (await findReleaseForSale(db, order.releaseId)) as ReleaseForSale;
  if (isPreOrder(release, now)) throw new ConflictError(adminOrderMessages.notYetOut);
  const email = await prepareDownloadsEmail(mailroom, release, order, now);
  const window = Math.floor(now.getTime() / (resendWindowMinutes * 60_000));
  const isWritten = await db.transaction(async (tx) => {
    const wrote = await mailroom.write(tx, { ...email, subjectId: order.id, dedupeKey: `order-resend:${order.id}:${window}` });
    if (wrote) await resetDownloads(tx, order.id);
    return wrote;
  });
  if (!isWritten) throw new AppError(429, adminOrderMessages.tooSoon);
  mailroom.nudge();
  return order.email;
}
