import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { findVipMemberById, type VipMemberRow } from './vip.repo.js';

// VIP-only downloads (docs/decisions/0064): a link signed with the app's secret (HMAC-SHA256), for one
// track and one member, that expires. It serves only that member's own session (docs/decisions/0096),
// and only while they are active.

/** How long a download link works. */
export const memberDownloadLinkMs = 10 * 60 * 1000;

export interface DownloadGrant {
  trackId: string;
  memberId: string;
  /** Unix seconds. */
  expires: number;
}

function signatureOf(secret: Uint8Array, grant: DownloadGrant): Buffer {
  return createHmac('sha256', secret).update(`vip-download\n${grant.trackId}\n${grant.memberId}\n${grant.expires}`).digest();
}

/** The link's query string for a member and a track, expiring `memberDownloadLinkMs` after `now`. */
export function signDownload(secret: Uint8Array, trackId: string, memberId: string, now: Date): { query: string; expiresAt: Date } {
  const grant = { trackId, memberId, expires: Math.floor((now.getTime() + memberDownloadLinkMs) / 1000) };
  const query = new URLSearchParams({ member: memberId, expires: String(grant.expires), signature: signatureOf(secret, grant).toString('base64url') });
  return { query: query.toString(), expiresAt: new Date(grant.expires * 1000) };
}

/** Whether the signature is the app's for this grant and the link has not expired. */
function isDownloadSigned(secret: Uint8Array, grant: DownloadGrant, signature: string, now: Date): boolean {
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(secret, grant);
  return given.length === expected.length && timingSafeEqual(given, expected) && grant.expires * 1000 > now.getTime();
}

/** The member a download link names, when its signature holds and it has not expired; 'unsigned' otherwise. */
export async function memberOfDownloadLink(db: Db, secret: Uint8Array, grant: DownloadGrant, signature: string, now: Date): Promise<VipMemberRow | 'unsigned' | undefined> {
  if (!isDownloadSigned(secret, grant, signature, now)) return 'unsigned';
  return findVipMemberById(db, grant.memberId);
}
