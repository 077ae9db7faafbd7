import { and, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { EmailKind, StoredOutboxStatus } from '../../../shared/api/messaging.js';
import type { Db } from '../../db/client.js';
import { emailSuppressions, emailUnsubscribes, outboxEmails } from '../../db/schema.js';
import { containsPattern } from '../../db/contains-pattern.js';

// The outbox as a lease-based job table (docs/decisions/0060, after 0050): a row in `sending`
// belongs to `owner` until `lease_until` (database time); one whose lease ran out ended unclearly
// and is claimed again, with the same Message-ID.

export type OutboxRow = typeof outboxEmails.$inferSelect;

export interface NewOutboxEmail {
  kind: EmailKind;
  labelId: string | null;
  to: string[];
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  messageId: string;
  subjectId?: string | null;
  dedupeKey?: string | null;
  /** Held until then (app time); undefined: due at once. */
  sendAfter?: Date | null;
  at: Date;
}

const leaseEnd = (ms: number) => sql`now() + ${`${Math.round(ms)} milliseconds`}::interval`;

/** Stores an email; with a dedupe key already written (by any instance), nothing: answers false. */
export async function insertOutboxEmail(db: Db, email: NewOutboxEmail): Promise<boolean> {
  return (await insertOutboxEmails(db, [email])) === 1;
}

/** Rows per INSERT: well under PostgreSQL's 65535 parameters at 13 a row. */
const insertBatch = 500;

/** Stores emails, skipping dedupe keys already written (by any instance); answers how many were stored. */
export async function insertOutboxEmails(db: Db, emails: readonly NewOutboxEmail[]): Promise<number> {
  let stored = 0;
  for (let start = 0; start < emails.length; start += insertBatch) {
    const rows = await db
      .insert(outboxEmails)
      .values(
        emails.slice(start, start + insertBatch).map((email) => ({
          kind: email.kind,
          labelId: email.labelId,
          toAddresses: email.to,
          subject: email.subject,
          html: email.html,
          textBody: email.text,
          headers: email.headers,
          messageId: email.messageId,
          subjectId: email.subjectId ?? null,
          dedupeKey: email.dedupeKey ?? null,
          sendAfter: email.sendAfter ?? null,
          createdAt: email.at,
          updatedAt: email.at,
        })),
      )
      .onConflictDoNothing({ target: outboxEmails.dedupeKey })
      .returning({ id: outboxEmails.id });
    stored += rows.length;
  }
  return stored;
}

/**
 * Claims up to `limit` emails for `owner`: waiting ones that are due (app time `now` for the hold,
 * database time for a retry's backoff), and sending ones whose lease ran out. SKIP LOCKED lets
 * instances claim side by side: a row goes to one of them.
 */
export async function claimOutboxEmails(db: Db, lease: { owner: string; ms: number }, now: Date, limit: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(
      or(
        and(
          eq(outboxEmails.status, 'waiting'),
          or(isNull(outboxEmails.sendAfter), lte(outboxEmails.sendAfter, now)),
          or(isNull(outboxEmails.retryAt), lte(outboxEmails.retryAt, sql`now()`)),
        ),
        and(eq(outboxEmails.status, 'sending'), lt(outboxEmails.leaseUntil, sql`now()`)),
      ),
    )
    .orderBy(outboxEmails.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outboxEmails)
    .set({
      status: 'sending',
      owner: lease.owner,
      leaseUntil: leaseEnd(lease.ms),
      attempts: sql`${outboxEmails.attempts} + 1`,
      firstAttemptAt: sql`coalesce(${outboxEmails.firstAttemptAt}, now())`,
      updatedAt: now,
    })
    .where(inArray(outboxEmails.id, due))
    .returning();
}

const isHeldBy = (id: string, owner: string) => and(eq(outboxEmails.id, id), eq(outboxEmails.owner, owner), eq(outboxEmails.status, 'sending'));

export async function markOutboxSent(db: Db, id: string, owner: string, at: Date): Promise<void> {
  await db
    .update(outboxEmails)
    .set({ status: 'sent', sentAt: at, owner: null, leaseUntil: null, retryAt: null, lastError: null, updatedAt: at })
    .where(isHeldBy(id, owner));
}

/** A temporary failure: waiting again, tried after `delayMs` (database time). */
export async function markOutboxRetry(db: Db, id: string, owner: string, failure: { reason: string; delayMs: number; at: Date }): Promise<void> {
  await db
    .update(outboxEmails)
    .set({ status: 'waiting', owner: null, leaseUntil: null, retryAt: leaseEnd(failure.delayMs), lastError: failure.reason, updatedAt: failure.at })
    .where(isHeldBy(id, owner));
}

/** Refused for good (or given up on): kept with the reason for staff. */
export async function markOutboxFailed(db: Db, id: string, owner: string, failure: { reason: string; at: Date }): Promise<void> {
  await db
    .update(outboxEmails)
    .set({ status: 'failed', owner: null, leaseUntil: null, retryAt: null, lastError: failure.reason, updatedAt: failure.at })
    .where(isHeldBy(id, owner));
}

export async function markOutboxCancelled(db: Db, id: string, owner: string, reason: string, at: Date): Promise<void> {
  await db
    .update(outboxEmails)
    .set({ status: 'cancelled', owner: null, leaseUntil: null, retryAt: null, lastError: reason, updatedAt: at })
    .where(isHeldBy(id, owner));
}

/** Cancels the waiting emails of `kinds` about `subjectId` (an undone decision); answers how many. */
export async function cancelWaitingEmails(db: Db, subjectId: string, kinds: readonly EmailKind[], reason: string, at: Date): Promise<number> {
  const rows = await db
    .update(outboxEmails)
    .set({ status: 'cancelled', lastError: reason, updatedAt: at })
    .where(and(eq(outboxEmails.subjectId, subjectId), eq(outboxEmails.status, 'waiting'), inArray(outboxEmails.kind, [...kinds])))
    .returning({ id: outboxEmails.id });
  return rows.length;
}

/** A failed email waits again, due at once; false when it is not failed. */
export async function resendFailedEmail(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(outboxEmails)
    .set({ status: 'waiting', retryAt: null, sendAfter: null, firstAttemptAt: null, updatedAt: at })
    .where(and(eq(outboxEmails.id, id), eq(outboxEmails.status, 'failed')))
    .returning({ id: outboxEmails.id });
  return rows.length > 0;
}

/** Bodies of emails sent (or cancelled) before `before` are dropped: the envelope stays. */
export async function dropOldBodies(db: Db, before: Date): Promise<number> {
  const rows = await db
    .update(outboxEmails)
    .set({ html: null, textBody: null, headers: null })
    .where(
      and(
        isNotNull(outboxEmails.html),
        or(
          and(eq(outboxEmails.status, 'sent'), lt(outboxEmails.sentAt, before)),
          and(eq(outboxEmails.status, 'cancelled'), lt(outboxEmails.updatedAt, before)),
        ),
      ),
    )
    .returning({ id: outboxEmails.id });
  return rows.length;
}

export interface OutboxFilter {
  statuses?: StoredOutboxStatus[];
  kind?: EmailKind;
  q?: string;
}

function whereOf(filter: OutboxFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.statuses) conditions.push(inArray(outboxEmails.status, filter.statuses));
  if (filter.kind) conditions.push(eq(outboxEmails.kind, filter.kind));
  const term = filter.q?.trim();
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(or(ilike(outboxEmails.subject, pattern), sql`array_to_string(${outboxEmails.toAddresses}, ' ') ilike ${pattern}`) as SQL);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Newest first. */
export async function listOutboxEmails(db: Db, filter: OutboxFilter, page: { offset: number; limit: number }) {
  const where = whereOf(filter);
  const [rows, totals] = await Promise.all([
    db.select().from(outboxEmails).where(where).orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id)).offset(page.offset).limit(page.limit),
    db.select({ total: count() }).from(outboxEmails).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findOutboxEmail(db: Db, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  return row;
}

// ---- Unsubscribes ----

export async function insertUnsubscribe(db: Db, email: string, list: string, at: Date): Promise<void> {
  await db
    .insert(emailUnsubscribes)
    .values({ email, list: list as 'digest', createdAt: at })
    .onConflictDoNothing();
}

export async function deleteUnsubscribe(db: Db, email: string, list: string): Promise<void> {
  await db.delete(emailUnsubscribes).where(and(eq(emailUnsubscribes.email, email), eq(emailUnsubscribes.list, list as 'digest')));
}

/** The addresses of `emails` that `among` finds, asked a bounded number of parameters a statement, whatever their number. */
async function findAmong(emails: string[], among: (some: string[]) => Promise<{ email: string }[]>): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < emails.length; start += 1000) {
    for (const row of await among(emails.slice(start, start + 1000))) found.add(row.email);
  }
  return found;
}

/** Which of these (lower-cased) addresses left `list`. */
export function unsubscribedAmong(db: Db, emails: string[], list: string): Promise<Set<string>> {
  return findAmong(emails, (some) =>
    db
      .select({ email: emailUnsubscribes.email })
      .from(emailUnsubscribes)
      .where(and(eq(emailUnsubscribes.list, list as 'digest'), inArray(emailUnsubscribes.email, some))),
  );
}

// ---- Suppressed addresses (docs/decisions/0090) ----

/** Which of these (lower-cased) addresses an SMTP server refused for good. */
export function suppressedAmong(db: Db, emails: string[]): Promise<Set<string>> {
  return findAmong(emails, (some) => db.select({ email: emailSuppressions.email }).from(emailSuppressions).where(inArray(emailSuppressions.email, some)));
}

/** Puts an address on the list (one already on it keeps its first reason). */
export async function insertSuppression(db: Db, refusal: { email: string; reason: string; emailId: string; at: Date }): Promise<void> {
  await db
    .insert(emailSuppressions)
    .values({ email: refusal.email.toLowerCase(), reason: refusal.reason, emailId: refusal.emailId, createdAt: refusal.at })
    .onConflictDoNothing();
}

/** Newest first, by part of the address. */
export async function listSuppressions(db: Db, q: string | undefined, page: { offset: number; limit: number }) {
  const term = q?.trim();
  const where = term ? ilike(emailSuppressions.email, containsPattern(term)) : undefined;
  const [rows, totals] = await Promise.all([
    db.select().from(emailSuppressions).where(where).orderBy(desc(emailSuppressions.createdAt), emailSuppressions.email).offset(page.offset).limit(page.limit),
    db.select({ total: count() }).from(emailSuppressions).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Lifts one address; false when it was not on the list. */
export async function deleteSuppression(db: Db, email: string): Promise<boolean> {
  const rows = await db.delete(emailSuppressions).where(eq(emailSuppressions.email, email.toLowerCase())).returning({ email: emailSuppressions.email });
  return rows.length > 0;
}

/**
 * Holds, until the transaction ends, the right to write `kind` to `address`: two requests at once
 * count each other against the address's cap.
 */
export async function lockRecipient(tx: Db, kind: EmailKind, address: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`email:${kind}:${address.toLowerCase()}`}, 0))`);
}

/** How many emails of `kind` were written to `address` (any case) since `since`: a per-recipient cap's count. */
export async function countEmailsTo(db: Db, kind: EmailKind, address: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.kind, kind),
        gt(outboxEmails.createdAt, since),
        sql`exists (select 1 from unnest(${outboxEmails.toAddresses}) as sent_to(address) where lower(sent_to.address) = ${address.toLowerCase()})`,
      ),
    );
  return row?.n ?? 0;
}

/** Emails not yet sent, by status (metrics): the open rows' index answers it. */
export async function countOpenEmails(db: Db): Promise<{ waiting: number; sending: number }> {
  const rows = await db
    .select({ status: outboxEmails.status, n: count() })
    .from(outboxEmails)
    .where(inArray(outboxEmails.status, ['waiting', 'sending']))
    .groupBy(outboxEmails.status);
  const of = (status: StoredOutboxStatus) => rows.find((row) => row.status === status)?.n ?? 0;
  return { waiting: of('waiting'), sending: of('sending') };
}
