import { newsletterToSendSchema, type Newsletter, type NewsletterDraft, type NewsletterReach } from '../../../shared/api/newsletters.js';
import { findVipPlan, type VipPlanId } from '../../../shared/api/vip.js';
import type { Db } from '../../db/client.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.js';
import { unsubscribedAmong, type Mailroom } from '../messaging/index.js';
import { recordActivity, type StaffChange } from '../staff/index.js';
import { activeMembersOf, claimForSending, findNewsletter, insertNewsletter, listNewsletters, setRecipientCount, updateDraft, type NewsletterRow } from './newsletters.repo.js';

// The members' newsletter (docs/decisions/0065): drafts staff save as often as they like, then one
// send that writes an outbox email per active member of the chosen plans, in one transaction.

function toNewsletter(row: NewsletterRow): Newsletter {
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    plans: row.plans as VipPlanId[],
    created_by: row.createdBy,
    updated_by: row.updatedBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    sent_by: row.sentBy,
    recipient_count: row.recipientCount,
  };
}

const notFound = () => new NotFoundError('No newsletter has this id');

function alreadySent(row: NewsletterRow): ConflictError {
  const members = row.recipientCount === 1 ? '1 member' : `${row.recipientCount ?? 0} members`;
  const when = `${row.sentAt?.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return new ConflictError(`This newsletter was sent already, on ${when} by ${row.sentBy} to ${members}: it is not sent or changed again.`);
}

const planNames = (plans: readonly string[]) => plans.map((id) => findVipPlan(id)?.name ?? id).join(', ');

export async function createNewsletter(db: Db, draft: NewsletterDraft, change: StaffChange): Promise<Newsletter> {
  return toNewsletter(await insertNewsletter(db, draft, change.actor, change.now));
}

export async function editNewsletter(db: Db, id: string, draft: NewsletterDraft, change: StaffChange): Promise<Newsletter> {
  const saved = await updateDraft(db, id, draft, change.actor, change.now);
  if (saved) return toNewsletter(saved);
  const row = await findNewsletter(db, id);
  throw row ? alreadySent(row) : notFound();
}

export async function getNewsletters(db: Db, page: { offset: number; limit: number }): Promise<{ data: Newsletter[]; total: number }> {
  const { rows, total } = await listNewsletters(db, page);
  return { data: rows.map(toNewsletter), total };
}

/** How many members a newsletter to `plans` reaches now, and how many of them it leaves out because they unsubscribed. */
export async function getReach(db: Db, plans: VipPlanId[]): Promise<NewsletterReach> {
  const members = await activeMembersOf(db, plans);
  const gone = await unsubscribedAmong(db, members.map((m) => m.email), 'newsletter');
  return { plans, recipients: members.length - gone.size, unsubscribed: gone.size };
}

/** A draft is sent only whole: a subject, a text and at least one plan. */
function requireComplete(row: NewsletterRow): void {
  const checked = newsletterToSendSchema.safeParse(row);
  const issue = checked.error?.issues[0];
  if (issue) throw new BadRequestError(issue.message, String(issue.path[0]));
}

/**
 * Sends a draft once: marks it sent and writes one email per active, subscribed member of its plans
 * in one transaction. A second send, at once or later, writes nothing and answers 409.
 */
export async function sendNewsletter(db: Db, mailroom: Mailroom, id: string, change: StaffChange): Promise<Newsletter> {
  const draft = await findNewsletter(db, id);
  if (!draft) throw notFound();
  if (draft.sentAt) throw alreadySent(draft);
  requireComplete(draft);
  // Rendered before the transaction (on the embedded database it holds the only connection).
  const email = await mailroom.prepareVipNewsletter(draft, change.now);
  const sent = await db.transaction(async (tx) => {
    const claimed = await claimForSending(tx, id, draft.updatedAt, change.actor, change.now);
    if (!claimed) return undefined;
    const members = await activeMembersOf(tx, claimed.plans);
    const written = await mailroom.writeBulk(
      tx,
      email,
      members.map((m) => ({ to: m.email, dedupeKey: `newsletter:${id}:${m.id}` })),
      id,
    );
    // Thrown inside: the transaction rolls back and the draft stays unsent.
    if (written === 0) throw new ConflictError(`No active member of ${planNames(claimed.plans)} gets the newsletter: nothing was sent.`, 'plans');
    const row = await setRecipientCount(tx, id, written);
    await recordActivity(tx, {
      kind: 'newsletter.send',
      actor: change.actor,
      summary: `Sent the newsletter "${row.subject}" to ${written} member${written === 1 ? '' : 's'} (${planNames(row.plans)})`,
      subjectId: id,
      details: { plans: row.plans, recipients: written },
      at: change.now,
    });
    return row;
  });
  if (sent) {
    mailroom.nudge();
    return toNewsletter(sent);
  }
  const now = await findNewsletter(db, id);
  if (now?.sentAt) throw alreadySent(now);
  throw new ConflictError('The newsletter was changed while it was being sent, so nothing was sent: check it and send it again.');
}
