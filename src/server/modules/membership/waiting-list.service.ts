import { waitingListMessages, type AdminWaitingList, type WaitingListLink } from '../../../shared/api/vip-waiting-list.js';
import type { Db } from '../../db/client.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { hideAddress, newStatusToken, type Mailroom } from '../messaging/index.js';
import { recordActivity, type StaffChange } from '../staff/index.js';
import {
  confirmWaiting,
  countWaiting,
  deleteWaiting,
  findWaiting,
  forgetConfirmed,
  insertSend,
  insertWaiting,
  isPendingMember,
  lastSend,
  lockSending,
  paymentsOpenKey,
  waitingRecipients,
} from './waiting-list.repo.js';

// The VIP waiting list while payments are off (docs/decisions/0099): double opt-in as "Notify me"
// (docs/decisions/0061), then one email when payments open, sent by staff through the outbox.

/**
 * Puts an address on the list: a new one gets the confirmation email; one that waits already, or a
 * member pending payment (on the list since joining), changes nothing. The answer is the same either way.
 */
export async function joinWaitingList(db: Db, mailroom: Mailroom, rawEmail: string, isPaymentsOpen: boolean, now: Date): Promise<void> {
  if (isPaymentsOpen) throw new ConflictError(waitingListMessages.paymentsOpen);
  const email = rawEmail.toLowerCase();
  if ((await findWaiting(db, { email })) || (await isPendingMember(db, email))) return;
  const token = newStatusToken();
  // Rendered before the transaction: on the embedded database a transaction holds its only connection.
  const prepared = await mailroom.prepareVipWaitingListConfirm(email, token, now);
  const isWritten = await db.transaction(async (tx) => {
    const stored = await insertWaiting(tx, { email, token, at: now });
    // Another request stored this address meanwhile, and wrote its own email.
    if (stored.token !== token) return false;
    return mailroom.write(tx, { ...prepared, subjectId: stored.id });
  });
  if (isWritten) mailroom.nudge();
}

async function linkOf(db: Db, token: string): Promise<WaitingListLink> {
  const row = await findWaiting(db, { token });
  if (!row) throw new NotFoundError(waitingListMessages.unknownLink);
  return { email: hideAddress(row.email), confirmed: row.confirmedAt !== null };
}

/** What an emailed link stands for; opening it changes nothing (mail scanners open links). */
export function getWaitingListLink(db: Db, token: string): Promise<WaitingListLink> {
  return linkOf(db, token);
}

/** The double opt-in's second step. Saying it twice changes nothing. */
export async function confirmWaitingListLink(db: Db, token: string, now: Date): Promise<WaitingListLink> {
  await linkOf(db, token);
  await confirmWaiting(db, token, now);
  return linkOf(db, token);
}

export async function forgetWaitingListLink(db: Db, token: string): Promise<void> {
  if (!(await deleteWaiting(db, token))) throw new NotFoundError(waitingListMessages.unknownLink);
}

export async function getWaitingList(db: Db, isPaymentsOpen: boolean): Promise<AdminWaitingList> {
  const [counts, recipients, send] = await Promise.all([countWaiting(db), waitingRecipients(db), lastSend(db)]);
  return {
    payments_open: isPaymentsOpen,
    recipients: recipients.length,
    confirmed: counts.confirmed,
    unconfirmed: counts.unconfirmed,
    pending_members: counts.pendingMembers,
    last_send: send ? { sent_at: send.sentAt.toISOString(), sent_by: send.sentBy, recipients: send.recipientCount } : null,
  };
}

/**
 * Once payments are open: one email to each confirmed address and each member pending payment, through
 * the outbox with an unsubscribe link, each address once whoever presses and however often (a lock,
 * and a dedupe key per address); the confirmed addresses are then forgotten. Nobody left: 409.
 */
export async function sendWaitingList(db: Db, mailroom: Mailroom, isPaymentsOpen: boolean, change: StaffChange): Promise<{ sent: number; list: AdminWaitingList }> {
  if (!isPaymentsOpen) throw new ConflictError(waitingListMessages.paymentsClosed);
  const email = await mailroom.prepareVipPaymentsOpen(change.now);
  const sent = await db.transaction(async (tx) => {
    await lockSending(tx);
    const recipients = await waitingRecipients(tx);
    const written = await mailroom.writeBulk(
      tx,
      email,
      recipients.map((to) => ({ to, dedupeKey: paymentsOpenKey(to) })),
    );
    // Thrown inside: the transaction rolls back, and nothing is recorded.
    if (written === 0) throw new ConflictError(waitingListMessages.nobodyLeft);
    await forgetConfirmed(tx);
    await insertSend(tx, { at: change.now, by: change.actor, recipients: written });
    await recordActivity(tx, {
      kind: 'vip.waiting-list-send',
      actor: change.actor,
      summary: `Sent the VIP waiting list "payments are open" to ${written} address${written === 1 ? '' : 'es'}`,
      details: { recipients: written },
      at: change.now,
    });
    return written;
  });
  mailroom.nudge();
  return { sent, list: await getWaitingList(db, isPaymentsOpen) };
}
