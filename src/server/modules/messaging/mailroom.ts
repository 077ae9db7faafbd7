import { randomUUID } from 'node:crypto';
import { createElement, type ReactElement } from 'react';
import { perRecipientBurstCaps, perRecipientDailyCaps, type DecisionStatus, type EmailKind, type MailingList } from '../../../shared/api/messaging.js';
import { findVipPlan, type VipMemberStatus, type VipPlan } from '../../../shared/api/vip.js';
import { defaultLabel, findLabel } from '../../../shared/labels.js';
import type { LabelConfig } from '../../../shared/site-config.js';
import type { Db } from '../../db/client.js';
import { findEmailTemplate } from './email-templates.repo.js';
import { cancelWaitingEmails, countEmailsTo, insertOutboxEmail, insertOutboxEmails, lockRecipient, suppressedAmong, unsubscribedAmong } from './outbox.repo.js';
import { DemoDecisionEmail, defaultDecisionTemplates, demoDecisionSubject } from './templates/demo-decision-email.js';
import { DemoReceivedEmail, demoReceivedSubject } from './templates/demo-received-email.js';
import { ReleaseAlertConfirmEmail, ReleaseAlertEmail, releaseAlertConfirmSubject, releaseAlertSubject, type ReleaseAlertProps } from './templates/release-alert-emails.js';
import { OrderDownloadsEmail, orderDownloadsSubject, OrderLinksEmail, orderLinksSubject, OrderReceiptEmail, orderReceiptSubject, type OrderEmailProps, type OrderLink, type OrderReceipt } from './templates/order-emails.js';
import { renderEmail } from './templates/render-email.js';
import {
  VipCancelledEmail,
  vipCancelledSubject,
  VipPaymentFailedEmail,
  vipPaymentFailedSubject,
  VipRenewalReminderEmail,
  vipRenewalReminderSubject,
  VipSignInEmail,
  vipSignInSubject,
} from './templates/vip-member-emails.js';
import { VipNewsletterEmail } from './templates/vip-newsletter-email.js';
import { StaffInvitationEmail, staffInvitationSubject, type StaffInvitationProps } from './templates/staff-invitation-email.js';
import { VipPaymentsOpenEmail, vipPaymentsOpenSubject, VipWaitingListConfirmEmail, vipWaitingListConfirmSubject } from './templates/vip-waiting-list-emails.js';
import { VipWelcomeEmail, vipWelcomeSubject, type VipReceipt } from './templates/vip-welcome-email.js';
import { dayInWords } from '../../../shared/domain/day-in-words.js';
import { listInWords } from '../../../shared/domain/words.js';
import { unsubscribeToken } from './tokens.js';

/** The member page (docs/decisions/0063). */
export const vipAccountPath = '/vip/account';

export interface VipMemberForEmail {
  name: string;
  email: string;
  planId: string;
}

/** How long staff may undo an accept or a decline before its email goes. */
export const decisionUndoMs = 10 * 60_000;

const decisionKinds = { shortlisted: 'demo_shortlisted', accepted: 'demo_accepted', declined: 'demo_declined' } as const satisfies Record<DecisionStatus, EmailKind>;

/** An email rendered and ready to store: everything but its Message-ID and what it is about. */
export interface PreparedEmail {
  kind: EmailKind;
  labelId: string | null;
  to: string[];
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Held until then (a decision's undo window); null: due at once. */
  sendAfter?: Date | null;
  at: Date;
}

/** How many copies of a bulk email writeBulk makes and stores at a time. */
const bulkBatch = 500;

/** A list's email rendered once for many recipients (prepareBulk, writeBulk). */
export interface BulkEmail extends PreparedEmail {
  list: MailingList;
  /** Stands for each recipient's unsubscribe token in the html and text. */
  placeholder: string;
}

export interface DemoForEmail {
  labelId: string;
  statusToken: string | null;
  artists: { name: string; email: string }[];
  trackNames: string[];
}

/**
 * What the other contexts write email with: prepare* renders an email before the transaction,
 * `write` stores it in the caller's transaction (so it exists exactly when the change does), and
 * `nudge()` after the commit wakes the worker at once instead of at its next poll.
 */
export class Mailroom {
  constructor(
    private readonly options: {
      /** The origin of emailed links: PUBLIC_URL, else the address the server listens on. */
      origin: () => string;
      /** The domain of Message-IDs (MAIL_FROM's). */
      messageIdDomain: string;
      secret: Uint8Array;
      nudge: () => void;
    },
  ) {}

  nudge(): void {
    this.options.nudge();
  }

  link(path: string): string {
    return `${this.options.origin()}${path}`;
  }

  statusLink(token: string | null): string {
    return token ? this.link(`/demo-status/${token}`) : this.link('/');
  }

  private unsubscribeLinks(token: string): { page: string; oneClick: string } {
    return { page: this.link(`/unsubscribe/${token}`), oneClick: this.link(`/api/unsubscribe/${token}`) };
  }

  private newMessageId(): string {
    return `<${randomUUID()}@${this.options.messageIdDomain}>`;
  }

  /**
   * Stores a prepared email in the caller's transaction, with its Message-ID. Rendering happens
   * before (prepare*): a transaction on the embedded database holds its only connection.
   */
  async write(tx: Db, email: PreparedEmail & { subjectId?: string; dedupeKey?: string }): Promise<boolean> {
    if (await this.isPastCap(tx, email)) return false;
    return insertOutboxEmail(tx, {
      ...email,
      messageId: this.newMessageId(),
      subjectId: email.subjectId ?? null,
      dedupeKey: email.dedupeKey ?? null,
    });
  }

  /**
   * Whether an email a stranger can trigger (`perRecipientDailyCaps`) would pass its cap for one of its
   * addresses: counted under each address's lock, so two requests at once count each other.
   */
  private async isPastCap(tx: Db, email: PreparedEmail): Promise<boolean> {
    const daily = perRecipientDailyCaps[email.kind];
    if (daily === undefined) return false;
    // The daily cap and any shorter window (perRecipientBurstCaps): past any one of them, nothing is written.
    const windows = [{ withinMs: 24 * 60 * 60 * 1000, max: daily }, ...(perRecipientBurstCaps[email.kind] ?? [])];
    for (const address of email.to) {
      await lockRecipient(tx, email.kind, address);
      for (const { withinMs, max } of windows) {
        if ((await countEmailsTo(tx, email.kind, address, new Date(email.at.getTime() - withinMs))) >= max) return true;
      }
    }
    return false;
  }

  private async prepare(
    email: Omit<PreparedEmail, 'html' | 'text' | 'labelId' | 'headers'> & { label: LabelConfig | null; element: ReactElement; headers?: Record<string, string> },
  ): Promise<PreparedEmail> {
    const { html, text } = await renderEmail(email.element);
    return { kind: email.kind, labelId: email.label?.id ?? null, to: email.to, subject: email.subject, html, text, headers: email.headers ?? {}, sendAfter: email.sendAfter, at: email.at };
  }

  /**
   * "Demo received" to the address that sent the demo (the first artist's) alone: a stranger's form
   * cannot have the label mail other people (docs/decisions/0086).
   */
  async prepareDemoReceived(demo: DemoForEmail, at: Date): Promise<PreparedEmail> {
    const label = findLabel(demo.labelId) ?? defaultLabel;
    const to = uniqueAddresses(demo.artists.slice(0, 1).map((a) => a.email));
    const props = { label, artistNames: demo.artists.map((a) => a.name), trackNames: demo.trackNames, to, statusUrl: this.statusLink(demo.statusToken), submittedOn: dayInWords(at) };
    return this.prepare({ kind: 'demo_received', label, to, subject: demoReceivedSubject(props), element: createElement(DemoReceivedEmail, props), at });
  }

  /** A decision's email from the label's template (read with `db`); accepted and declined wait out the undo window. */
  async prepareDemoDecision(db: Db, demo: DemoForEmail, status: DecisionStatus, at: Date): Promise<PreparedEmail> {
    const label = findLabel(demo.labelId) ?? defaultLabel;
    const template = (await findEmailTemplate(db, label.id, status)) ?? defaultDecisionTemplates[status];
    const to = uniqueAddresses(demo.artists.map((a) => a.email));
    const values = {
      artistName: listInWords(demo.artists.map((a) => a.name)),
      trackName: listInWords(demo.trackNames),
      labelName: label.name,
      statusLink: this.statusLink(demo.statusToken),
    };
    const props = { label, status, template, values, to };
    return this.prepare({
      kind: decisionKinds[status],
      label,
      to,
      subject: demoDecisionSubject(props),
      element: createElement(DemoDecisionEmail, props),
      at,
      sendAfter: status === 'shortlisted' ? null : new Date(at.getTime() + decisionUndoMs),
    });
  }

  /** Cancels a decision's email still waiting; answers false when none was (it has gone). */
  async cancelDecision(tx: Db, demoId: string, at: Date): Promise<boolean> {
    const cancelled = await cancelWaitingEmails(tx, demoId, [decisionKinds.accepted, decisionKinds.declined], 'Undone by staff', at);
    return cancelled > 0;
  }

  /** The welcome; with Stripe, once paid, with the receipt and the member page's link. */
  async prepareVipWelcome(member: VipMemberForEmail & { status: VipMemberStatus }, at: Date, receipt?: VipReceipt): Promise<PreparedEmail> {
    const plan = findVipPlan(member.planId) as VipPlan;
    const props = {
      label: defaultLabel,
      name: member.name,
      email: member.email,
      plan,
      isActive: member.status === 'active',
      receipt,
      accountUrl: receipt ? this.link(vipAccountPath) : undefined,
    };
    return this.prepare({ kind: 'vip_welcome', label: defaultLabel, to: [member.email], subject: vipWelcomeSubject(props), element: createElement(VipWelcomeEmail, props), at });
  }

  /** A member's sign-in link: the confirm page of `token`, which a button there uses up. */
  async prepareVipSignIn(email: string, token: string, at: Date): Promise<PreparedEmail> {
    const props = { label: defaultLabel, email, signInUrl: this.link(`${vipAccountPath}/sign-in/${token}`) };
    return this.prepare({ kind: 'vip_sign_in', label: defaultLabel, to: [email], subject: vipSignInSubject(), element: createElement(VipSignInEmail, props), at });
  }

  /** An owner's invitation to a staff account (docs/decisions/0098), linking to `/admin/invite/{token}`. */
  async prepareStaffInvitation(invitation: Omit<StaffInvitationProps, 'label' | 'inviteUrl'> & { token: string }, at: Date): Promise<PreparedEmail> {
    const { token, ...rest } = invitation;
    const props = { ...rest, label: defaultLabel, inviteUrl: this.link(`/admin/invite/${token}`) };
    return this.prepare({ kind: 'staff_invitation', label: defaultLabel, to: [invitation.email], subject: staffInvitationSubject(props), element: createElement(StaffInvitationEmail, props), at });
  }

  /** A failed payment, linking to the member page where "Manage billing" opens Stripe's portal. */
  async prepareVipPaymentFailed(member: VipMemberForEmail, at: Date): Promise<PreparedEmail> {
    const props = { ...this.memberProps(member), billingUrl: this.link(vipAccountPath) };
    return this.prepare({ kind: 'vip_payment_failed', label: defaultLabel, to: [member.email], subject: vipPaymentFailedSubject(props), element: createElement(VipPaymentFailedEmail, props), at });
  }

  async prepareVipCancelled(member: VipMemberForEmail, accessUntil: Date | null, at: Date): Promise<PreparedEmail> {
    const props = { ...this.memberProps(member), accessUntil, at };
    return this.prepare({ kind: 'vip_cancelled', label: defaultLabel, to: [member.email], subject: vipCancelledSubject(props), element: createElement(VipCancelledEmail, props), at });
  }

  async prepareVipRenewalReminder(member: VipMemberForEmail, renewsOn: Date, at: Date): Promise<PreparedEmail> {
    const props = { ...this.memberProps(member), renewsOn, billingUrl: this.link(vipAccountPath) };
    return this.prepare({
      kind: 'vip_renewal_reminder',
      label: defaultLabel,
      to: [member.email],
      subject: vipRenewalReminderSubject(props),
      element: createElement(VipRenewalReminderEmail, props),
      at,
    });
  }

  private memberProps(member: VipMemberForEmail) {
    return { label: defaultLabel, name: member.name, email: member.email, plan: findVipPlan(member.planId) as VipPlan };
  }

  /** "Notify me": the double opt-in's question, with the link that confirms (or forgets) the address. */
  async prepareReleaseAlertConfirm(alert: ReleaseAlertProps, token: string, at: Date): Promise<PreparedEmail> {
    const props = { ...alert, confirmUrl: this.link(`/notify/${token}`) };
    return this.prepare({
      kind: 'release_alert_confirm',
      label: alert.label,
      to: [alert.email],
      subject: releaseAlertConfirmSubject(props),
      element: createElement(ReleaseAlertConfirmEmail, props),
      at,
    });
  }

  /** "Notify me": the one email of the release day, linking to the release's page. */
  async prepareReleaseAlert(alert: ReleaseAlertProps, releasePath: string, at: Date): Promise<PreparedEmail> {
    const props = { ...alert, releaseUrl: this.link(releasePath) };
    return this.prepare({ kind: 'release_alert', label: alert.label, to: [alert.email], subject: releaseAlertSubject(props), element: createElement(ReleaseAlertEmail, props), at });
  }

  /** An order's receipt, with its download page (issue 36). */
  async prepareOrderReceipt(order: Omit<OrderEmailProps, 'orderUrl'> & { token: string; receipt: OrderReceipt }, at: Date): Promise<PreparedEmail> {
    const props = { ...order, orderUrl: this.link(`/orders/${order.token}`) };
    return this.prepare({ kind: 'order_receipt', label: order.label, to: [order.email], subject: orderReceiptSubject(props), element: createElement(OrderReceiptEmail, props), at });
  }

  /** An order's download page: a pre-order's on its release day, a redeemed code's, one staff send again (issue 36). */
  async prepareOrderDownloads(order: Omit<OrderEmailProps, 'orderUrl' | 'preOrderDay' | 'instantGrats'> & { token: string }, at: Date): Promise<PreparedEmail> {
    const props = { ...order, orderUrl: this.link(`/orders/${order.token}`) };
    return this.prepare({ kind: 'order_downloads', label: order.label, to: [order.email], subject: orderDownloadsSubject(props), element: createElement(OrderDownloadsEmail, props), at });
  }

  /** A link to each paid order of an address, asked for on the order or redeem page ("Lost your link?", issue 36). */
  async prepareOrderLinks(asked: { label: LabelConfig; email: string; orders: (Omit<OrderLink, 'orderUrl'> & { token: string })[] }, at: Date): Promise<PreparedEmail> {
    const orders = asked.orders.map(({ token, ...order }) => ({ ...order, orderUrl: this.link(`/orders/${token}`) }));
    const props = { label: asked.label, email: asked.email, orders };
    return this.prepare({ kind: 'order_downloads', label: asked.label, to: [asked.email], subject: orderLinksSubject(), element: createElement(OrderLinksEmail, props), at });
  }

  /** The members' newsletter, rendered once for all its recipients (docs/decisions/0065). */
  async prepareVipNewsletter(newsletter: { subject: string; body: string }, at: Date): Promise<BulkEmail> {
    return this.prepareBulk({
      kind: 'vip_newsletter',
      list: 'newsletter',
      label: defaultLabel,
      subject: newsletter.subject,
      element: (unsubscribeUrl) => createElement(VipNewsletterEmail, { label: defaultLabel, ...newsletter, unsubscribeUrl }),
      at,
    });
  }

  /** The VIP waiting list's double opt-in question, with the link that confirms (or forgets) the address (docs/decisions/0099). */
  async prepareVipWaitingListConfirm(email: string, token: string, at: Date): Promise<PreparedEmail> {
    const props = { label: defaultLabel, email, confirmUrl: this.link(`/vip/waiting-list/${token}`) };
    return this.prepare({
      kind: 'vip_waiting_list_confirm',
      label: defaultLabel,
      to: [email],
      subject: vipWaitingListConfirmSubject(),
      element: createElement(VipWaitingListConfirmEmail, props),
      at,
    });
  }

  /** The one email to the waiting list when payments open, rendered once for all its recipients (docs/decisions/0099). */
  async prepareVipPaymentsOpen(at: Date): Promise<BulkEmail> {
    return this.prepareBulk({
      kind: 'vip_payments_open',
      list: 'waiting_list',
      label: defaultLabel,
      subject: vipPaymentsOpenSubject(),
      element: (unsubscribeUrl) => createElement(VipPaymentsOpenEmail, { label: defaultLabel, vipUrl: this.link('/vip'), unsubscribeUrl }),
      at,
    });
  }

  /**
   * A non-transactional email of a list, rendered once however many it goes to: its unsubscribe
   * link holds a placeholder that writeBulk replaces with each address's own.
   */
  async prepareBulk(email: { kind: EmailKind; list: MailingList; label: LabelConfig | null; subject: string; element: (unsubscribeUrl: string) => ReactElement; at: Date }): Promise<BulkEmail> {
    // Letters, digits and hyphens: rendering leaves it as it is in both parts.
    const placeholder = `unsubscribe-${randomUUID()}`;
    const prepared = await this.prepare({ ...email, to: [], element: email.element(this.unsubscribeLinks(placeholder).page) });
    return { ...prepared, list: email.list, placeholder };
  }

  /**
   * Writes a copy of a bulk email to each recipient still on its list, with their own unsubscribe
   * link and RFC 8058 one-click headers, one per dedupe key whichever instance writes it; answers
   * how many were written.
   */
  async writeBulk(tx: Db, email: BulkEmail, recipients: readonly { to: string; dedupeKey: string }[], subjectId?: string): Promise<number> {
    let written = 0;
    // A batch at a time: the copies in memory and the addresses asked about stay bounded, whatever the list's size.
    for (let start = 0; start < recipients.length; start += bulkBatch) {
      const batch = recipients.slice(start, start + bulkBatch);
      const addresses = batch.map((r) => r.to.toLowerCase());
      // Nobody who left the list, and no address a server refused for good (docs/decisions/0090).
      const [gone, suppressed] = await Promise.all([unsubscribedAmong(tx, addresses, email.list), suppressedAmong(tx, addresses)]);
      const copies = batch
        .filter((r) => !gone.has(r.to.toLowerCase()) && !suppressed.has(r.to.toLowerCase()))
        .map((r) => {
          const token = unsubscribeToken(this.options.secret, email.list, r.to);
          const links = this.unsubscribeLinks(token);
          // A function, not a string: a replacement string would expand `$&` and the like.
          const personal = (part: string) => part.replaceAll(email.placeholder, () => token);
          return {
            ...email,
            to: [r.to],
            html: personal(email.html),
            text: personal(email.text),
            headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
            messageId: this.newMessageId(),
            subjectId: subjectId ?? null,
            dedupeKey: r.dedupeKey,
          };
        });
      written += await insertOutboxEmails(tx, copies);
    }
    return written;
  }
}

/** Each address once, whatever its case. */
function uniqueAddresses(emails: string[]): string[] {
  const seen = new Set<string>();
  return emails.filter((email) => {
    const key = email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
