import { randomInt } from 'node:crypto';
import { shopMessages, type DownloadCode } from '../../../shared/api/shop.js';
import { dayEnd, localDate } from '../../../shared/domain/release-day.js';
import { currentSiteSettings } from '../../../shared/site-settings.js';
import { isUuid } from '../../../shared/uuid.js';
import type { Db } from '../../db/client.js';
import { AppError, ConflictError, NotFoundError } from '../../errors.js';
import { toCsv } from '../../lib/csv.js';
import { recordActivity } from '../staff/index.js';
import { giveOrder, saleBlockersOf, type ShopContext } from './orders.service.js';
import { findCode, findReleaseForSale, insertCodes, listCodes, lockCode, markCodeRedeemed, type ShopOrderRow } from './shop.repo.js';

// Download codes (issue 36): staff make them for a release (a count, an optional expiry, a note); each
// gives one order of the release, once.

/** No 0/O, 1/I/L: read aloud or typed from a card without doubt. */
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('')).join('-');
/** A code as typed: any case, spaces or dashes anywhere. */
const normalized = (code: string) => {
  const bare = code.toUpperCase().replace(/[\s-]/g, '');
  return bare.length === 12 ? `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8)}` : bare;
};

/**
 * When codes stop working: a last day (YYYY-MM-DD) works to its end in the labels' time zone, as staff
 * mean it wherever their browser is; a time is taken as sent.
 */
function expiryOf(expires: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(expires) ? dayEnd(expires, currentSiteSettings().timeZone) : expires);
}

export async function makeCodes(db: Db, releaseId: string, request: { count: number; expires_at?: string | null; note?: string }, change: { actor: string; now: Date }): Promise<string[]> {
  const release = isUuid(releaseId) ? await findReleaseForSale(db, releaseId) : undefined;
  if (!release) throw new NotFoundError(`Release not found: ${releaseId}`);
  const codes = [...new Set(Array.from({ length: request.count }, newCode))];
  const note = request.note ? request.note : null;
  await db.transaction(async (tx) => {
    await insertCodes(
      tx,
      codes.map((code) => ({ code, releaseId, note, expiresAt: request.expires_at ? expiryOf(request.expires_at) : null, createdBy: change.actor, createdAt: change.now })),
    );
    await recordActivity(tx, { kind: 'release.edit', actor: change.actor, summary: `Made ${codes.length} download codes for "${release.title}"${note ? ` (${note})` : ''}`, subjectId: releaseId, at: change.now });
  });
  return codes;
}

/** A release's download codes, oldest first, with the address each was redeemed for. */
export async function getCodes(db: Db, releaseId: string): Promise<{ title: string; codes: DownloadCode[] }> {
  const release = isUuid(releaseId) ? await findReleaseForSale(db, releaseId) : undefined;
  if (!release) throw new NotFoundError(`Release not found: ${releaseId}`);
  const rows = await listCodes(db, releaseId);
  return {
    title: release.title,
    codes: rows.map((row) => ({
      code: row.code,
      note: row.note,
      expires_at: row.expiresAt?.toISOString() ?? null,
      // Its last working moment's day: the day staff chose.
      last_day: row.expiresAt ? localDate(new Date(row.expiresAt.getTime() - 1), currentSiteSettings().timeZone) : null,
      created_at: row.createdAt.toISOString(),
      redeemed_at: row.redeemedAt?.toISOString() ?? null,
      redeemed_by: row.email,
    })),
  };
}

/** The codes as a spreadsheet, one row each, to hand out by mail merge or print on cards. */
export function codesCsv(codes: DownloadCode[]): string {
  return toCsv([
    ['Code', 'Note', 'Last day', 'Created', 'Redeemed', 'Redeemed by'],
    ...codes.map((c) => [c.code, c.note ?? '', c.last_day ?? '', c.created_at, c.redeemed_at ?? '', c.redeemed_by ?? '']),
  ]);
}

/**
 * Redeems a code for the address: an order of its release, with its download email. A code works once,
 * and only for a release out of draft with every track's master uploaded (409 otherwise, the code kept).
 */
export async function redeemCode(context: ShopContext, request: { code: string; email: string }, now: Date): Promise<ShopOrderRow> {
  const code = normalized(request.code);
  const found = await findCode(context.db, code);
  if (!found) throw new NotFoundError(shopMessages.unknownCode);
  const release = await findReleaseForSale(context.db, found.releaseId);
  if (!release) throw new NotFoundError(shopMessages.unknownCode);
  // The sale's rule but the price (a promo of a release not sold works, as Bandcamp's codes): a draft's
  // code, made before the release day, gives nothing until it is published with every master uploaded.
  if (saleBlockersOf(release).some((blocker) => blocker.kind !== 'price')) throw new ConflictError(shopMessages.codeNotReady, 'code');
  return giveOrder(
    context,
    {
      release,
      email: request.email.toLowerCase(),
      source: 'code',
      currency: release.price?.currency ?? 'EUR',
      inTransaction: async (tx, order) => {
        const locked = await lockCode(tx, code);
        if (!locked) throw new NotFoundError(shopMessages.unknownCode);
        if (locked.redeemedAt) throw new ConflictError(shopMessages.usedCode, 'code');
        if (locked.expiresAt && locked.expiresAt <= now) throw new AppError(410, shopMessages.expiredCode, 'code');
        await markCodeRedeemed(tx, locked.id, order.id, now);
      },
    },
    now,
  );
}
