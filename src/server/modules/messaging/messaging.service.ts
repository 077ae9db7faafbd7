import { createElement } from 'react';
import type {
  AdminOutboxQuery,
  DecisionStatus,
  EmailSuppression,
  EmailTemplate,
  EmailTemplateBody,
  MailingList,
  OutboxEmail,
  OutboxEmailRow,
  PublicDemoStatus,
  StaffEmailSettings,
  StoredOutboxStatus,
} from '../../../shared/api/messaging.js';
import { decisionStatuses, suppressionMessages } from '../../../shared/api/messaging.js';
import { defaultLabel, findLabel, invalidLabelMessage, labels } from '../../../shared/labels.js';
import type { LabelConfig } from '../../../shared/site-config.js';
import type { AdminUser } from '../../../shared/api/admin-auth.js';
import { mayUseAdminRoute, roleRefusedMessage, rolesForAdminRoute } from '../../../shared/api/staff.js';
import type { Db } from '../../db/client.js';
import { hideLinkSecrets, signInLinks } from '../../secret-links.js';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../errors.js';
import { deleteEmailTemplate, listEmailTemplates, upsertEmailTemplate } from './email-templates.repo.js';
import type { Mailroom } from './mailroom.js';
import {
  deleteSuppression,
  deleteUnsubscribe,
  dropOldBodies,
  findOutboxEmail,
  insertUnsubscribe,
  listOutboxEmails,
  listSuppressions,
  resendFailedEmail,
  unsubscribedAmong,
  type OutboxRow,
} from './outbox.repo.js';
import { claimStaffEmail, recordActivity, type StaffChange } from '../staff/index.js';
import { findDemoByStatusToken, findStaffEmailSettings, listDemosReceivedBetween, listDigestReaders, updateStaffEmailSettings } from './staff-mail.repo.js';
import { DemoDecisionEmail, defaultDecisionTemplates, demoDecisionSubject } from './templates/demo-decision-email.js';
import { renderEmail } from './templates/render-email.js';
import { StaffDigestEmail, staffDigestSubject } from './templates/staff-digest-email.js';
import { dayInWords } from '../../../shared/domain/day-in-words.js';
import { hideAddress, readUnsubscribeToken } from './tokens.js';
import { writeReleaseDayAlerts } from './release-alerts.service.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Sent emails keep their bodies this long, then only the envelope (docs/decisions/0060). */
export const bodyRetentionMs = 90 * 24 * 3600_000;

// ---- Admin outbox ----

/** What staff read in place of the token of a link that signs its recipient in. */
export const hiddenLinkMark = '[hidden]';

function toRow(row: OutboxRow, canSend: boolean): OutboxEmailRow {
  return {
    id: row.id,
    kind: row.kind,
    label: row.labelId,
    to: row.toAddresses,
    subject: row.subject,
    status: row.status === 'waiting' && !canSend ? 'not_configured' : row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    send_after: row.sendAfter?.toISOString() ?? null,
    retry_at: row.retryAt?.toISOString() ?? null,
    sent_at: row.sentAt?.toISOString() ?? null,
    has_body: row.html !== null,
  };
}

export async function getOutbox(db: Db, query: AdminOutboxQuery, canSend: boolean) {
  // not_configured is waiting on a server that cannot send: on one that can, nothing reads so.
  let statuses: StoredOutboxStatus[] | undefined;
  if (query.status === 'not_configured') statuses = canSend ? [] : ['waiting'];
  else if (query.status === 'waiting') statuses = canSend ? ['waiting'] : [];
  else if (query.status) statuses = [query.status];
  if (statuses?.length === 0) return { data: [], total: 0 };
  const { rows, total } = await listOutboxEmails(db, { statuses, kind: query.kind, q: query.q }, query);
  return { data: rows.map((row) => toRow(row, canSend)), total };
}

export async function getOutboxEmail(db: Db, id: string, canSend: boolean): Promise<OutboxEmail> {
  const row = uuidPattern.test(id) ? await findOutboxEmail(db, id) : undefined;
  if (!row) throw new NotFoundError(`Email not found: ${id}`);
  // A link that signs its recipient in (an invitation, a member's sign-in) is theirs alone.
  const hide = (text: string) => hideLinkSecrets(text, signInLinks, hiddenLinkMark);
  return {
    ...toRow(row, canSend),
    message_id: row.messageId,
    html: row.html === null ? null : hide(row.html),
    text: row.textBody === null ? null : hide(row.textBody),
    headers: Object.fromEntries(Object.entries(row.headers ?? {}).map(([name, value]) => [name, hide(value)])),
  };
}

export async function resendEmail(db: Db, id: string, canSend: boolean, at: Date): Promise<OutboxEmail> {
  const row = uuidPattern.test(id) ? await findOutboxEmail(db, id) : undefined;
  if (!row) throw new NotFoundError(`Email not found: ${id}`);
  if (!(await resendFailedEmail(db, id, at))) throw new ConflictError(`Only a failed email can be sent again; this one is ${row.status}`);
  return getOutboxEmail(db, id, canSend);
}

// ---- Addresses that bounced (docs/decisions/0090) ----

export async function getSuppressions(db: Db, query: { q?: string; offset: number; limit: number }): Promise<{ data: EmailSuppression[]; total: number }> {
  const { rows, total } = await listSuppressions(db, query.q, query);
  return { data: rows.map((r) => ({ email: r.email, reason: r.reason, email_id: r.emailId, created_at: r.createdAt.toISOString() })), total };
}

/** Lifts an address: bulk mail reaches it again. Recorded in the activity log with it. */
export async function liftSuppression(db: Db, email: string, change: StaffChange): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deleteSuppression(tx, email))) throw new NotFoundError(suppressionMessages.notFound(email));
    await recordActivity(tx, { kind: 'email.lift', actor: change.actor, summary: `Lifted ${email} from the addresses that bounced`, at: change.now });
  });
}

// ---- Templates ----

function labelOf(value: string, field = 'label'): LabelConfig {
  const label = findLabel(value);
  if (!label) throw new BadRequestError(invalidLabelMessage(value), field);
  return label;
}

export async function getEmailTemplates(db: Db): Promise<EmailTemplate[]> {
  const stored = await listEmailTemplates(db);
  return labels.flatMap((label) =>
    decisionStatuses.map((status) => {
      const row = stored.find((r) => r.labelId === label.id && r.status === status);
      const text = row ?? defaultDecisionTemplates[status];
      return {
        label: label.id,
        status,
        subject: text.subject,
        body: text.body,
        is_default: !row,
        updated_at: row?.updatedAt.toISOString() ?? null,
        updated_by: row?.updatedBy ?? null,
      };
    }),
  );
}

export async function saveEmailTemplate(db: Db, labelValue: string, status: DecisionStatus, text: EmailTemplateBody, actor: string, at: Date): Promise<EmailTemplate> {
  const label = labelOf(labelValue);
  const row = await upsertEmailTemplate(db, { labelId: label.id, status, ...text, updatedBy: actor, at });
  return { label: label.id, status, subject: row.subject, body: row.body, is_default: false, updated_at: row.updatedAt.toISOString(), updated_by: row.updatedBy };
}

export async function resetEmailTemplate(db: Db, labelValue: string, status: DecisionStatus): Promise<EmailTemplate> {
  const label = labelOf(labelValue);
  await deleteEmailTemplate(db, label.id, status);
  return { label: label.id, status, ...defaultDecisionTemplates[status], is_default: true, updated_at: null, updated_by: null };
}

/** The email a template gives, with sample values, rendered and not sent. */
export async function previewEmailTemplate(mailroom: Mailroom, input: EmailTemplateBody & { label: string; status: DecisionStatus }) {
  const label = labelOf(input.label);
  const values = { artistName: 'Mara Q', trackName: 'Night Shift', labelName: label.name, statusLink: mailroom.link('/demo-status/example') };
  const props = { label, status: input.status, template: { subject: input.subject, body: input.body }, values, to: ['artist@example.com'] };
  const { html, text } = await renderEmail(createElement(DemoDecisionEmail, props));
  return { subject: demoDecisionSubject(props), html, text };
}

// ---- Mailing lists ----

/** Whether an address gets a list's emails: it does unless it left the list (`email_unsubscribes`, by address). */
export async function isOnMailingList(db: Db, email: string, list: MailingList): Promise<boolean> {
  return (await unsubscribedAmong(db, [email.toLowerCase()], list)).size === 0;
}

/**
 * Leaves a list, or comes back to it: the one place an address's choice is stored, whether it comes
 * from an emailed unsubscribe link, staff Settings (the digest) or the member page (the newsletter).
 */
export async function chooseMailingList(db: Db, email: string, list: MailingList, isOn: boolean, at: Date): Promise<void> {
  if (isOn) await deleteUnsubscribe(db, email.toLowerCase(), list);
  else await insertUnsubscribe(db, email.toLowerCase(), list, at);
}

// ---- Staff email and digest ----

/** The digest lists new demos: it is for whoever may read them. */
const demosRoute = '/api/admin/demos';

export async function getStaffEmailSettings(db: Db, adminId: string): Promise<StaffEmailSettings> {
  const row = await findStaffEmailSettings(db, adminId);
  return { email: row?.email ?? null, digest_labels: row?.digestLabels ?? [] };
}

/**
 * One's own address and digest. The digest lists new demos, so only a role that may read the demos
 * asks for one (403 naming digest_labels); an address another staff account has is refused (409 naming
 * email), under the lock that inviting and joining take.
 */
export async function setStaffEmailSettings(db: Db, admin: AdminUser, input: StaffEmailSettings, at: Date): Promise<StaffEmailSettings> {
  const digestLabels = [...new Set(input.digest_labels.map((value, i) => labelOf(value, `digest_labels.${i}`).id))];
  if (digestLabels.length > 0 && !mayUseAdminRoute(admin.role, demosRoute)) {
    throw new AppError(403, roleRefusedMessage(admin.role, rolesForAdminRoute(demosRoute)), 'digest_labels');
  }
  if (digestLabels.length > 0 && !input.email) throw new BadRequestError('An email address is needed for the digest', 'email');
  const email = input.email?.toLowerCase() ?? null;
  await db.transaction(async (tx) => {
    if (email) await claimStaffEmail(tx, email, admin.id);
    await updateStaffEmailSettings(tx, admin.id, { email, digestLabels }, at);
    // Asking for the digest again in Settings undoes an earlier unsubscribe.
    if (email && digestLabels.length > 0) await chooseMailingList(tx, email, 'digest', true, at);
  });
  return { email, digest_labels: digestLabels };
}

const dayMs = 24 * 3600_000;

/**
 * Writes yesterday's digest (UTC) for every admin who asked for one, once per admin and day
 * whichever instance gets there first; a day without new demos in their labels sends nothing.
 */
export async function writeDigests(db: Db, mailroom: Mailroom, now: Date): Promise<number> {
  const dayEnd = new Date(Math.floor(now.getTime() / dayMs) * dayMs);
  const dayStart = new Date(dayEnd.getTime() - dayMs);
  const readers = await listDigestReaders(db, rolesForAdminRoute(demosRoute));
  if (readers.length === 0) return 0;
  const demos = await listDemosReceivedBetween(db, dayStart, dayEnd);
  let written = 0;
  for (const reader of readers) {
    const perLabel = reader.digestLabels
      .map((id) => ({ label: findLabel(id) as LabelConfig, demos: demos.filter((d) => d.labelId === id).map((d) => ({ track: d.track, artists: d.artists })) }))
      .filter((entry) => entry.label && entry.demos.length > 0);
    if (perLabel.length === 0 || !reader.email) continue;
    const day = dayInWords(dayStart);
    const props = { label: defaultLabel, username: reader.username, email: reader.email, day, perLabel, inboxUrl: mailroom.link('/admin/demos') };
    const digest = await mailroom.prepareBulk({
      kind: 'staff_digest',
      list: 'digest',
      label: null,
      subject: staffDigestSubject(props),
      element: (unsubscribeUrl) => createElement(StaffDigestEmail, { ...props, unsubscribeUrl }),
      at: now,
    });
    written += await mailroom.writeBulk(db, digest, [{ to: reader.email, dedupeKey: `digest:${reader.id}:${dayStart.toISOString().slice(0, 10)}` }]);
  }
  return written;
}

/** Another context's emails due at a moment (a pre-order's downloads on its release day); answers how many it wrote. */
export type OutboxSweep = (now: Date) => Promise<number>;

/** The housekeeping every instance runs now and then: old bodies dropped, due digests and release-day emails written. */
export async function keepOutbox(db: Db, mailroom: Mailroom, now: Date, sweeps: readonly OutboxSweep[] = []): Promise<void> {
  await dropOldBodies(db, new Date(now.getTime() - bodyRetentionMs));
  const written = (await writeDigests(db, mailroom, now)) + (await writeReleaseDayEmails(db, mailroom, now, sweeps));
  if (written > 0) mailroom.nudge();
}

/**
 * The emails a release day brings: "Notify me" alerts, and other contexts' `sweeps`. Part of the housekeeping,
 * and run at once after a catalog change, which can bring a release's day (staff moved its date to today).
 */
export async function writeReleaseDayEmails(db: Db, mailroom: Mailroom, now: Date, sweeps: readonly OutboxSweep[]): Promise<number> {
  let written = await writeReleaseDayAlerts(db, mailroom, now);
  for (const sweep of sweeps) written += await sweep(now);
  return written;
}

// ---- Public ----

export async function getPublicDemoStatus(db: Db, token: string, now: Date): Promise<PublicDemoStatus> {
  const found = await findDemoByStatusToken(db, token);
  if (!found) throw new NotFoundError('No demo has this status link');
  const { demo, tracks } = found;
  const label = findLabel(demo.labelId) ?? defaultLabel;
  return {
    label: label.id,
    label_name: label.name,
    // A decision within its undo window is not final yet: the artist sees it once its email goes.
    status: demo.decisionUndoUntil && demo.statusBeforeDecision && demo.decisionUndoUntil > now ? demo.statusBeforeDecision : demo.status,
    submitted_at: demo.createdAt.toISOString(),
    updated_at: demo.updatedAt.toISOString(),
    tracks,
  };
}

function readToken(secret: Uint8Array, token: string) {
  const read = readUnsubscribeToken(secret, token);
  if (!read) throw new NotFoundError('This unsubscribe link is not valid');
  return read;
}

export async function getUnsubscribe(db: Db, secret: Uint8Array, token: string) {
  const { list, email } = readToken(secret, token);
  return { email: hideAddress(email), list, unsubscribed: !(await isOnMailingList(db, email, list)) };
}

export async function unsubscribe(db: Db, secret: Uint8Array, token: string, at: Date) {
  const { list, email } = readToken(secret, token);
  await chooseMailingList(db, email, list, false, at);
  return { email: hideAddress(email), list, unsubscribed: true };
}
