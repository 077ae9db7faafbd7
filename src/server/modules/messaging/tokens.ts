import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mailingLists, type MailingList } from '../../../shared/api/messaging.js';

/** The secret of a demo's status link: 192 random bits, URL-safe. */
export function newStatusToken(): string {
  return randomBytes(24).toString('base64url');
}

const macLength = 43;

function macOf(secret: Uint8Array, payload: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');
}

/** An unsubscribe link's token: the list and address, signed, so no table of tokens is needed. */
export function unsubscribeToken(secret: Uint8Array, list: MailingList, email: string): string {
  const payload = Buffer.from(`${list}:${email.toLowerCase()}`).toString('base64url');
  return macOf(secret, payload) + payload;
}

/** The list and address of a genuine token; undefined for anything else. */
export function readUnsubscribeToken(secret: Uint8Array, token: string): { list: MailingList; email: string } | undefined {
  const mac = Buffer.from(token.slice(0, macLength));
  const payload = token.slice(macLength);
  const expected = Buffer.from(macOf(secret, payload));
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) return undefined;
  const decoded = Buffer.from(payload, 'base64url').toString();
  const split = decoded.indexOf(':');
  const list = decoded.slice(0, split) as MailingList;
  if (split < 0 || !mailingLists.includes(list)) return undefined;
  return { list, email: decoded.slice(split + 1) };
}

/** An address as a page behind an emailed link shows it: "ma**@example.com". */
export function hideAddress(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}${'*'.repeat(Math.max(1, name.length - 2))}@${domain}`;
}
