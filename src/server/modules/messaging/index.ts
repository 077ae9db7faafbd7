import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { PgBroadcast } from '../../db/pg-broadcast.js';
import { parseMailbox } from '../../lib/mailbox.js';
import { createSmtpMailer, type Mailer, type SmtpTimeouts } from './mailer.js';
import { Mailroom } from './mailroom.js';
import { adminMessagingRoutes, publicMessagingRoutes } from './messaging.routes.js';
import type { MessagingDeps } from './messaging.deps.js';
import { keepOutbox, writeReleaseDayEmails, type OutboxSweep } from './messaging.service.js';
export { chooseMailingList, isOnMailingList } from './messaging.service.js';
import { defaultOutboxSettings, OutboxWorker, type OutboxSettings } from './outbox-worker.js';

// The messaging context: the outbox, its worker, the email templates and the routes behind emailed
// links. Other contexts write email through the Mailroom, in their own transactions.

export { decisionUndoMs, Mailroom, vipAccountPath, type BulkEmail, type DemoForEmail, type PreparedEmail, type VipMemberForEmail } from './mailroom.js';
export type { VipReceipt } from './templates/vip-welcome-email.js';
export type { OrderReceipt } from './templates/order-emails.js';
export { hideAddress, newStatusToken } from './tokens.js';
export type { OutboxSettings } from './outbox-worker.js';
export { countOpenEmails, unsubscribedAmong } from './outbox.repo.js';
export type { MessagingDeps } from './messaging.deps.js';

/** Email settings of an app (start-server.ts reads SMTP_URL and MAIL_FROM). */
export interface MailSettings {
  /** Without it nothing is sent: emails wait in the outbox, shown to staff as not configured. */
  smtpUrl?: string;
  /** The sender (MAIL_FROM): an address, or `Name <address>` (lib/mailbox.ts); without one, noreply@localhost. */
  from?: string;
  outbox?: Partial<OutboxSettings>;
  smtpTimeouts?: SmtpTimeouts;
  /** With PostgreSQL: a LISTEN/NOTIFY signal, so a write on one instance wakes every instance's worker. */
  openSignals?: (onSignal: () => void) => Promise<PgBroadcast>;
}

export interface Messaging {
  mailroom: Mailroom;
  canSend: boolean;
  /** The admin and public routes, registered in an `/api` scope. */
  routes: FastifyPluginAsyncZod<MessagingDeps>;
  /** Adds work to the release day's emails (another context's emails due at a moment: a pre-order's downloads); answers how many emails it wrote. */
  alsoSweep(sweep: OutboxSweep): void;
  /** Writes the emails a release day brings now (the catalog changed: a release's day may have come), once the worker runs. */
  releaseDayNow(): void;
  start(log: FastifyBaseLogger): Promise<void>;
  close(): Promise<void>;
}

/** The origin a listening server is reached at: a wildcard host is this machine. */
export function listeningOrigin(address: string | AddressInfo | null | undefined): string {
  if (!address || typeof address === 'string') return 'http://localhost';
  const host = ['0.0.0.0', '::'].includes(address.address) ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

export function createMessaging(deps: { db: Db; clock: () => Date; jwtSecret: Uint8Array; mail?: MailSettings }, origin: () => string): Messaging {
  const mail = deps.mail ?? {};
  const settings = { ...defaultOutboxSettings, ...mail.outbox };
  const sender = parseMailbox(mail.from ?? 'noreply@localhost');
  if (!sender) throw new Error(`Not an email address: ${mail.from}`);
  const mailer: Mailer | undefined = mail.smtpUrl ? createSmtpMailer(mail.smtpUrl, mail.smtpTimeouts) : undefined;
  let worker: OutboxWorker | undefined;
  let signals: PgBroadcast | undefined;
  const sweeps: OutboxSweep[] = [];
  const mailroom = new Mailroom({
    origin,
    messageIdDomain: sender.address.slice(sender.address.lastIndexOf('@') + 1),
    secret: deps.jwtSecret,
    nudge: () => {
      worker?.nudge();
      signals?.signal();
    },
  });
  return {
    mailroom,
    canSend: mailer !== undefined,
    routes: async (api, routeDeps) => {
      const scoped = { ...routeDeps, mailroom, canSend: mailer !== undefined };
      await api.register(adminMessagingRoutes, scoped);
      await api.register(publicMessagingRoutes, scoped);
    },
    alsoSweep: (sweep) => {
      sweeps.push(sweep);
    },
    releaseDayNow: () => worker?.releaseDayNow(),
    start: async (log) => {
      worker = new OutboxWorker(deps.db, mailer, sender, deps.clock, log, settings, {
        sweep: () => keepOutbox(deps.db, mailroom, deps.clock(), sweeps),
        releaseDay: async () => {
          if ((await writeReleaseDayEmails(deps.db, mailroom, deps.clock(), sweeps)) > 0) mailroom.nudge();
        },
      });
      if (mailer && mail.openSignals) signals = await mail.openSignals(() => worker?.nudge());
      worker.start();
    },
    close: async () => {
      await worker?.close();
      await signals?.close();
    },
  };
}
