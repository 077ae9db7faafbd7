import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { bulkEmailKinds, mailingListOf } from '../../../shared/api/messaging.js';
import { defaultLabel, findLabel } from '../../../shared/labels.js';
import type { Db } from '../../db/client.js';
import type { Mailbox } from '../../lib/mailbox.js';
import { loggableError } from '../../logging.js';
import type { Mailer } from './mailer.js';
import {
  claimOutboxEmails,
  insertSuppression,
  markOutboxCancelled,
  markOutboxFailed,
  markOutboxRetry,
  markOutboxSent,
  suppressedAmong,
  unsubscribedAmong,
  type OutboxRow,
} from './outbox.repo.js';

/** How the worker paces itself (docs/decisions/0060); tests shorten them. */
export interface OutboxSettings {
  /** How often an instance looks for due email without being nudged. */
  pollMs: number;
  /** How long a claimed email is this instance's: longer than an attempt can take (the SMTP timeouts). */
  leaseMs: number;
  /** Emails sent at once by one instance. */
  concurrency: number;
  /** Backoff after a temporary failure: doubling from base up to max, with jitter. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Temporary failures for this long since the first attempt: given up, failed. */
  giveUpAfterMs: number;
  /** How often the housekeeping runs (old bodies dropped, digests written). */
  sweepMs: number;
  /** How long shutdown waits for emails being sent before leaving them to their lease. */
  closeWaitMs: number;
}

export const defaultOutboxSettings: OutboxSettings = {
  pollMs: 2_000,
  leaseMs: 60_000,
  concurrency: 4,
  backoffBaseMs: 2_000,
  // 30 s at most between attempts (15 to 30 s, jittered): an email waiting on a dead server goes within about
  // half a minute of its return.
  backoffMaxMs: 30_000,
  giveUpAfterMs: 3 * 24 * 3600_000,
  sweepMs: 60_000,
  closeWaitMs: 5_000,
};

export const suppressedReason = 'The address was refused for good before (Outbox → Addresses that bounced)';

export function backoffMs(attempt: number, settings: Pick<OutboxSettings, 'backoffBaseMs' | 'backoffMaxMs'>): number {
  const ceiling = Math.min(settings.backoffMaxMs, settings.backoffBaseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling * (0.5 + Math.random() / 2));
}

/** A task that runs once at a time: asked again while it runs, it runs once more after. */
class OneAtATime {
  running: Promise<void> | undefined;
  private isAskedAgain = false;

  constructor(private readonly task: () => Promise<void>) {}

  run(): void {
    if (this.running) {
      this.isAskedAgain = true;
      return;
    }
    this.running = this.task().finally(() => {
      this.running = undefined;
      if (!this.isAskedAgain) return;
      this.isAskedAgain = false;
      this.run();
    });
  }
}

/**
 * Sends the outbox of one instance: claims due emails by a lease (several instances side by side),
 * sends each with its stored Message-ID, and stores what became of it. Without a mailer (no
 * SMTP_URL) it only keeps house: nothing is claimed, so nothing is sent.
 */
export class OutboxWorker {
  readonly owner = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  private running: Promise<void> | undefined;
  private isNudged = false;
  private isClosed = false;
  private timers: NodeJS.Timeout[] = [];
  private readonly housekeeping: OneAtATime;
  private readonly releaseDay: OneAtATime;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer | undefined,
    /** MAIL_FROM: without a name in it, each label names itself beside the address. */
    private readonly sender: Mailbox,
    private readonly clock: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly settings: OutboxSettings,
    tasks: { sweep: () => Promise<void>; releaseDay: () => Promise<void> },
  ) {
    const logged = (task: () => Promise<void>, failure: string) => () =>
      task().catch((err: unknown) => this.log.error({ error: loggableError(err as Error) }, failure));
    this.housekeeping = new OneAtATime(logged(tasks.sweep, 'outbox housekeeping failed'));
    this.releaseDay = new OneAtATime(logged(tasks.releaseDay, 'could not write the release day\'s emails'));
  }

  get canSend(): boolean {
    return this.mailer !== undefined;
  }

  start(): void {
    this.keepHouse();
    this.timers.push(setInterval(() => this.keepHouse(), this.settings.sweepMs));
    if (!this.mailer) return;
    this.nudge();
    this.timers.push(setInterval(() => this.nudge(), this.settings.pollMs));
    this.timers.forEach((timer) => timer.unref());
  }

  /**
   * Writes the emails a release day brings now, not at the next housekeeping: a catalog change (here or on
   * another instance) can bring a release's day, as when staff move its date to today.
   */
  releaseDayNow(): void {
    if (!this.isClosed) this.releaseDay.run();
  }

  /** Looks for due email now (an email was written, here or on another instance). */
  nudge(): void {
    if (this.isClosed || !this.mailer) return;
    if (this.running) {
      this.isNudged = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
    });
  }

  /** Stops claiming; waits a little for the emails being sent, then leaves them to their lease. */
  async close(): Promise<void> {
    this.isClosed = true;
    this.timers.forEach((timer) => clearInterval(timer));
    let waited: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => {
      waited = setTimeout(resolve, this.settings.closeWaitMs);
    });
    await Promise.race([Promise.all([this.running, this.housekeeping.running, this.releaseDay.running]), limit]);
    clearTimeout(waited);
    this.mailer?.close();
  }

  private keepHouse(): void {
    if (!this.isClosed) this.housekeeping.run();
  }

  /** Claims and sends until nothing is due, then once more if nudged meanwhile. */
  private async drain(): Promise<void> {
    for (;;) {
      this.isNudged = false;
      let claimed: OutboxRow[];
      try {
        claimed = await claimOutboxEmails(this.db, { owner: this.owner, ms: this.settings.leaseMs }, this.clock(), this.settings.concurrency);
      } catch (err) {
        this.log.error({ error: loggableError(err as Error) }, 'could not look for email to send');
        return;
      }
      await Promise.all(claimed.map((row) => this.deliver(row)));
      if (this.isClosed || (claimed.length < this.settings.concurrency && !this.isNudged)) return;
    }
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const mailer = this.mailer as Mailer;
    try {
      const addresses = row.toAddresses.map((a) => a.toLowerCase());
      const list = mailingListOf[row.kind];
      if (list && (await unsubscribedAmong(this.db, addresses, list)).size === addresses.length) {
        await markOutboxCancelled(this.db, row.id, this.owner, 'The address unsubscribed', this.clock());
        return;
      }
      // Refused for good since this email was written (docs/decisions/0090).
      if (bulkEmailKinds.includes(row.kind) && (await suppressedAmong(this.db, addresses)).size === addresses.length) {
        await markOutboxCancelled(this.db, row.id, this.owner, suppressedReason, this.clock());
        return;
      }
      const label = findLabel(row.labelId) ?? defaultLabel;
      const outcome = await mailer.send({
        from: { name: this.sender.name ?? label.email.fromName, address: this.sender.address },
        replyTo: label.email.replyTo,
        to: row.toAddresses,
        subject: row.subject,
        html: row.html ?? '',
        text: row.textBody ?? '',
        messageId: row.messageId,
        headers: row.headers ?? {},
        date: row.createdAt,
      });
      const at = this.clock();
      for (const refused of outcome.refused) {
        await insertSuppression(this.db, { email: refused.address, reason: refused.reason, emailId: row.id, at });
        this.log.warn({ emailId: row.id, kind: row.kind, reason: refused.reason }, 'an address was refused for good: bulk mail skips it now');
      }
      if (outcome.ok) {
        await markOutboxSent(this.db, row.id, this.owner, at);
        this.log.info({ emailId: row.id, kind: row.kind, attempt: row.attempts }, 'email sent');
        return;
      }
      const givenUp = row.firstAttemptAt !== null && Date.now() - row.firstAttemptAt.getTime() > this.settings.giveUpAfterMs;
      if (outcome.isPermanent || givenUp) {
        const reason = outcome.isPermanent ? outcome.reason : `Gave up after ${row.attempts} attempts: ${outcome.reason}`;
        await markOutboxFailed(this.db, row.id, this.owner, { reason, at });
        this.log.warn({ emailId: row.id, kind: row.kind, reason }, 'email failed');
        return;
      }
      const delayMs = backoffMs(row.attempts, this.settings);
      await markOutboxRetry(this.db, row.id, this.owner, { reason: outcome.reason, delayMs, at });
      this.log.info({ emailId: row.id, attempt: row.attempts, retryInMs: delayMs, reason: outcome.reason }, 'email to be tried again');
      // The retry is due after the backoff: look then, not only at the next poll.
      const retry = setTimeout(() => this.nudge(), delayMs + 10);
      retry.unref();
    } catch (err) {
      // The row stays `sending` until its lease ends; then any instance tries again with the same Message-ID.
      this.log.error({ error: loggableError(err as Error), emailId: row.id }, 'could not store what became of an email');
    }
  }
}
