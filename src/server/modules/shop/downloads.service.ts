import { createHmac, timingSafeEqual } from 'node:crypto';
import { downloadLinkHours, downloadsPerOrder, shopMessages } from '../../../shared/api/shop.js';
import type { Db } from '../../db/client.js';
import { AppError, NotFoundError } from '../../errors.js';
import { downloadableTrack } from './orders.service.js';
import { findOrderById, rememberDownloadLink, takeDownload } from './shop.repo.js';

// The buyer's download links (issue 36, docs/decisions/0105): signed with the app's secret (HMAC-SHA256)
// for one order, track and format, working from `downloadLinkMs` to an hour more: a link expires on the
// hour, so the same order, track and format asked again within the hour is the same link, counted once
// (the order remembers the links it gave); an order gives out at most `downloadsPerOrder` of them. Each
// is checked against the order when used: a refund ends them all.

const hourMs = 60 * 60 * 1000;
const downloadLinkMs = downloadLinkHours * hourMs;

export interface DownloadGrant {
  orderId: string;
  trackId: string;
  format: string;
  /** Unix seconds. */
  expires: number;
}

const signatureOf = (secret: Uint8Array, grant: DownloadGrant) =>
  createHmac('sha256', secret).update(`shop-download\n${grant.orderId}\n${grant.trackId}\n${grant.format}\n${grant.expires}`).digest();

/** A link given at `now` expires `downloadLinkMs` later, rounded up to the hour. */
const linkExpiry = (now: Date) => new Date(Math.ceil((now.getTime() + downloadLinkMs) / hourMs) * hourMs);

/** The link's path and query for the grant. */
function signDownloadLink(secret: Uint8Array, grant: DownloadGrant): string {
  const query = new URLSearchParams({ expires: String(grant.expires), signature: signatureOf(secret, grant).toString('base64url') });
  return `/api/downloads/${grant.orderId}/${grant.trackId}/${grant.format}?${query.toString()}`;
}

/** Whether the signature is the app's for this grant and the link has not expired. */
function isDownloadLinkValid(secret: Uint8Array, grant: DownloadGrant, signature: string, now: Date): boolean {
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(secret, grant);
  return given.length === expected.length && timingSafeEqual(given, expected) && grant.expires * 1000 > now.getTime();
}

/**
 * The link for a track of the order in a format: the one given already this hour, else a fresh one, counted
 * against the order's links (429 past them, and the link is not remembered). The count's update holds the
 * order's row lock to the commit, so links asked at once count one after another, and the same link asked at
 * once is inserted by one of them (the others wait on its key, then find it).
 */
export async function giveDownloadLink(db: Db, secret: Uint8Array, asked: { token: string; trackId: string; format: string }, now: Date): Promise<string> {
  const { order, track } = await downloadableTrack(db, asked.token, asked.trackId, now);
  const expiresAt = linkExpiry(now);
  await db.transaction(async (tx) => {
    const isNew = await rememberDownloadLink(tx, { orderId: order.id, trackId: track.id, format: asked.format, expiresAt });
    if (isNew && !(await takeDownload(tx, order.id, downloadsPerOrder))) throw new AppError(429, shopMessages.tooManyDownloads);
  });
  return signDownloadLink(secret, { orderId: order.id, trackId: track.id, format: asked.format, expires: expiresAt.getTime() / 1000 });
}

/** What a signed link serves: the order's track, while the link holds and the order may download it (a refund ends it). */
export async function openDownloadLink(db: Db, secret: Uint8Array, grant: DownloadGrant, signature: string, now: Date) {
  if (!isDownloadLinkValid(secret, grant, signature, now)) throw new AppError(403, 'This download link has expired: open your order page for a fresh one.');
  const order = await findOrderById(db, grant.orderId);
  if (!order) throw new NotFoundError(shopMessages.unknownOrder);
  return downloadableTrack(db, order.token, grant.trackId, now);
}
