import type { Db } from '../../db/client.js';
import type { RateLimit } from '../../plugins/rate-limit.js';
import type { DownloadFormats, MediaStore } from '../media/index.js';
import type { Mailroom } from '../messaging/index.js';
import type { AdminAuthContext } from '../staff/index.js';
import type { AfterAnswer } from './after-answer.js';
import type { PaymentEvent, PaymentProvider } from './payment-provider.js';

/** What the membership context is handed (app.ts). */
export interface MembershipDeps {
  db: Db;
  clock: () => Date;
  mailroom: Mailroom;
  adminAuth: AdminAuthContext;
  /** Signs the members' session and download tokens. */
  jwtSecret: Uint8Array;
  /** Where the member downloads' originals are. */
  mediaStore: MediaStore;
  /** The member downloads' formats (docs/decisions/0103), made from the uploaded masters. */
  downloadFormats: DownloadFormats;
  /** Takes VIP payments; without one, members wait in `pending_payment` (docs/product.md §10.7). */
  payments?: PaymentProvider;
  /** The origin of the links given out; without one, each request's own Host. */
  publicUrl?: string;
  /** VIP sign-ups per client address; without one, config.ts defaultLimits. */
  rateLimits?: { vip?: RateLimit };
  /**
   * Runs the work a request leaves for after its answer (a member's sign-in link: docs/decisions/0095);
   * without one, on the next turn of the event loop, waited for when the app closes.
   */
  afterAnswer?: AfterAnswer;
  /**
   * Applies the shop's Stripe events (issue 36: payment-mode Checkouts, refunds) before the webhook
   * records the event; it reads Stripe's state each time, so a repeated or late event changes nothing.
   */
  shopStripeEvents?: (event: PaymentEvent, now: Date) => Promise<void>;
}
