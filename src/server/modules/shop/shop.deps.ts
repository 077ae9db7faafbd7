import type { Db } from '../../db/client.js';
import type { RateLimit } from '../../plugins/rate-limit.js';
import type { DownloadFormats, MediaStore } from '../media/index.js';
import type { AfterAnswer, PaymentProvider } from '../membership/index.js';
import type { Mailroom } from '../messaging/index.js';
import type { AdminAuthContext } from '../staff/index.js';

/** What the shop context is handed (app.ts). */
export interface ShopDeps {
  db: Db;
  clock: () => Date;
  mailroom: Mailroom;
  adminAuth: AdminAuthContext;
  /** Signs the download links. */
  jwtSecret: Uint8Array;
  /** Where the masters are. */
  mediaStore: MediaStore;
  /** Makes and streams each track's download formats (the media context's). */
  downloadFormats: DownloadFormats;
  /** Takes the payments; without one, only free releases and codes give orders. */
  payments?: PaymentProvider;
  /** The origin of the links given out; without one, each request's own Host. */
  publicUrl?: string;
  /** Runs what only a buyer's address calls for after the answer (the app's; else the shop's own). */
  afterAnswer?: AfterAnswer;
  /** Orders and redemptions per client address; without one, config.ts defaultLimits.vip. */
  rateLimits?: { shop?: RateLimit };
}
