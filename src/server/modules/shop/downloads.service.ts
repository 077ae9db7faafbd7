import { createHmac, timingSafeEqual } from 'node:crypto';
import { downloadLinkHours, downloadsPerOrder, shopMessages } from '../../../shared/api/shop.js';
import type { Db } from '../../db/client.js';
import { AppError, NotFoundError } from '../../errors.js';
import { downloadableTrack } from './orders.service.js';
import { findOrderById, takeDownload } from './shop.repo.js';

// The buyer's download links (issue 36, docs/decisions/0105): signed with the app's secret (HMAC-SHA256)
// for one order, track and format, working for `downloadLinkMs`; an order gives out at most
// `downloadsPerOrder` of them. Each is checked against the order when used: a refund ends them all.

const downloadLinkMs = downloadLinkHours * 60 * 60 * 1000;

export interface DownloadGrant {
  orderId: string;
  trackId: string;
  format: string;
  /** Unix seconds. */
  expires: number;
}

const signatureOf = (secret: Uint8Array, grant: DownloadGrant) =>
  createHmac('sha256', secret).update(`shop-download\n${grant.orderId}\n${grant.trackId}\n${grant.format}\n${grant.expires}`).digest();

/** The link's path and query for the grant, expiring `downloadLinkMs` after `now`. */
function signDownloadLink(secret: Uint8Array, grant: Omit<DownloadGrant, 'expires'>, now: Date): string {
  const signed = { ...grant, expires: Math.floor((now.getTime() + downloadLinkMs) / 1000) };
  const query = new URLSearchParams({ expires: String(signed.expires), signature: signatureOf(secret, signed).toString('base64url') });
  return `/api/downloads/${grant.orderId}/${grant.trackId}/${grant.format}?${query.toString()}`;
}

/** Whether the signature is the app's for this grant and the link has not expired. */
function isDownloadLinkValid(secret: Uint8Array, grant: DownloadGrant, signature: string, now: Date): boolean {
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(secret, grant);
  return given.length === expected.length && timingSafeEqual(given, expected) && grant.expires * 1000 > now.getTime();
}

/** A fresh link for a track of the order in a format, counted against the order's links (429 past them). */
export async function giveDownloadLink(db: Db, secret: Uint8Array, asked: { token: string; trackId: string; format: string }, now: Date): Promise<string> {
  const { order } = await downloadableTrack(db, asked.token, asked.trackId, now);
  if (!(await takeDownload(db, order.id, downloadsPerOrder))) throw new AppError(429, shopMessages.tooManyDownloads);
  return signDownloadLink(secret, { orderId: order.id, trackId: asked.trackId, format: asked.format }, now);
}

/** What a signed link serves: the order's track, while the link holds and the order may download it (a refund ends it). */
export async function openDownloadLink(db: Db, secret: Uint8Array, grant: DownloadGrant, signature: string, now: Date) {
  if (!isDownloadLinkValid(secret, grant, signature, now)) throw new AppError(403, 'This download link has expired: open your order page for a fresh one.');
  const order = await findOrderById(db, grant.orderId);
  if (!order) throw new NotFoundError(shopMessages.unknownOrder);
  return downloadableTrack(db, order.token, grant.trackId, now);
}
