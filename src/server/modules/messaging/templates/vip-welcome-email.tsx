import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import type { VipPlan } from '../../../../shared/api/vip.js';
import type { LabelConfig } from '../../../../shared/site-config.js';
import { currentSiteSettings, siteName } from '../../../../shared/site-settings.js';
import { EmailLayout, headingStyle, paragraphStyle } from './email-layout.js';
import { dayInWords } from '../../../../shared/domain/day-in-words.js';

/** What was paid: the receipt a welcome carries once Stripe confirmed the payment. */
export interface VipReceipt {
  amount: number;
  currency: string;
  paidAt: Date;
  /** The end of the period paid for; null when Stripe did not say. */
  periodEnd: Date | null;
}

export interface VipWelcomeProps {
  label: LabelConfig;
  name: string;
  email: string;
  plan: VipPlan;
  isActive: boolean;
  /** With Stripe: the payment that made the membership active. */
  receipt?: VipReceipt;
  /** With Stripe: the member page. */
  accountUrl?: string;
}

export function vipWelcomeSubject({ plan }: Pick<VipWelcomeProps, 'plan'>): string {
  return `Welcome to ${siteName()} VIP (${plan.name})`;
}

/**
 * The welcome of a new VIP member (docs/product.md §10.7): the plan, and honestly that payment is still
 * pending; with Stripe, sent once the payment is confirmed, with its receipt (docs/decisions/0062).
 */
export function VipWelcomeEmail({ label, name, email, plan, isActive, receipt, accountUrl }: VipWelcomeProps) {
  return (
    <EmailLayout
      label={label}
      preview={`You joined the ${plan.name} plan.`}
      reason={`You get this email because ${email} joined ${siteName()} VIP on our website. If that was not you, write to ${currentSiteSettings().legal.contactEmail} and we remove the address.`}
    >
      <Heading as="h1" style={headingStyle}>
        Welcome to VIP
      </Heading>
      <Text style={paragraphStyle}>Hi {name},</Text>
      <Text style={paragraphStyle}>
        {receipt ? 'You joined' : 'You are on the list for'} the {plan.name} plan ({plan.currency} {plan.price.toFixed(2)} per {plan.period}).
      </Text>
      {receipt ? (
        <Text style={paragraphStyle}>
          Receipt: {receipt.currency} {receipt.amount.toFixed(2)} paid on {dayInWords(receipt.paidAt)}
          {receipt.periodEnd ? `, for your membership until ${dayInWords(receipt.periodEnd)}` : ''}.
        </Text>
      ) : null}
      <Text style={paragraphStyle}>
        {isActive
          ? 'Your membership is active.'
          : 'Payments are not open yet, so your membership is pending payment and nothing is charged. We email you at this address when they open.'}
      </Text>
      <Text style={paragraphStyle}>What your plan includes: {plan.features.join('; ')}.</Text>
      {accountUrl ? <Text style={paragraphStyle}>Your plan, invoices and billing: {accountUrl}</Text> : null}
    </EmailLayout>
  );
}
