import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import type { VipPlan } from '../../../../shared/api/vip.js';
import type { LabelConfig } from '../../../../shared/site-config.js';
import { currentSiteSettings, siteName } from '../../../../shared/site-settings.js';
import { EmailLayout, buttonStyle, headingStyle, paragraphStyle } from './email-layout.js';
import { dayInWords } from '../../../../shared/domain/day-in-words.js';

// A VIP member's emails with Stripe (docs/decisions/0062, 0063): the sign-in link, a failed payment,
// a cancellation, an annual plan's renewal ahead. Each answers something the member or Stripe did.

export interface VipMemberEmailProps {
  label: LabelConfig;
  name: string;
  email: string;
  plan: VipPlan;
}

const reason = (email: string) =>
  `You get this email because ${email} is a ${siteName()} VIP member. Questions: ${currentSiteSettings().legal.contactEmail}.`;

export const vipSignInSubject = () => `Sign in to your ${siteName()} VIP account`;

export function VipSignInEmail({ label, email, signInUrl }: Pick<VipMemberEmailProps, 'label' | 'email'> & { signInUrl: string }) {
  return (
    <EmailLayout
      label={label}
      preview="Your sign-in link, valid for 15 minutes."
      reason={`You get this email because someone asked to sign in to the VIP account of ${email} on our website. If that was not you, ignore it: nothing changes.`}
    >
      <Heading as="h1" style={headingStyle}>
        Sign in to your VIP account
      </Heading>
      <Text style={paragraphStyle}>The link works once, within 15 minutes.</Text>
      <Button href={signInUrl} style={buttonStyle(label)}>
        Sign in
      </Button>
      <Text style={paragraphStyle}>Or open: {signInUrl}</Text>
    </EmailLayout>
  );
}

export const vipPaymentFailedSubject = ({ plan }: Pick<VipMemberEmailProps, 'plan'>) => `Your VIP payment failed (${plan.name})`;

export function VipPaymentFailedEmail({ label, name, email, plan, billingUrl }: VipMemberEmailProps & { billingUrl: string }) {
  return (
    <EmailLayout label={label} preview="Update your card to keep your membership." reason={reason(email)}>
      <Heading as="h1" style={headingStyle}>
        Your payment failed
      </Heading>
      <Text style={paragraphStyle}>Hi {name},</Text>
      <Text style={paragraphStyle}>
        We could not take the payment for your {plan.name} plan. Your membership is past due: update your card in billing and Stripe tries again.
      </Text>
      <Button href={billingUrl} style={buttonStyle(label)}>
        Update billing
      </Button>
      <Text style={paragraphStyle}>Or open: {billingUrl}</Text>
    </EmailLayout>
  );
}

export const vipCancelledSubject = ({ plan }: Pick<VipMemberEmailProps, 'plan'>) => `Your VIP membership is cancelled (${plan.name})`;

export function VipCancelledEmail({ label, name, email, plan, accessUntil, at }: VipMemberEmailProps & { accessUntil: Date | null; at: Date }) {
  return (
    <EmailLayout label={label} preview="Cancellation confirmed." reason={reason(email)}>
      <Heading as="h1" style={headingStyle}>
        Cancellation confirmed
      </Heading>
      <Text style={paragraphStyle}>Hi {name},</Text>
      <Text style={paragraphStyle}>
        {accessUntil && accessUntil > at
          ? `Your ${plan.name} plan is cancelled: nothing more is charged, and your membership stays active until ${dayInWords(accessUntil)}.`
          : `Your ${plan.name} plan has ended: nothing more is charged.`}
      </Text>
    </EmailLayout>
  );
}

export const vipRenewalReminderSubject = ({ plan }: Pick<VipMemberEmailProps, 'plan'>) => `Your VIP ${plan.name} plan renews soon`;

export function VipRenewalReminderEmail({ label, name, email, plan, renewsOn, billingUrl }: VipMemberEmailProps & { renewsOn: Date; billingUrl: string }) {
  return (
    <EmailLayout label={label} preview={`Renews on ${dayInWords(renewsOn)}.`} reason={reason(email)}>
      <Heading as="h1" style={headingStyle}>
        Your plan renews on {dayInWords(renewsOn)}
      </Heading>
      <Text style={paragraphStyle}>Hi {name},</Text>
      <Text style={paragraphStyle}>
        Your {plan.name} plan renews on {dayInWords(renewsOn)} for {plan.currency} {plan.price.toFixed(2)}. Nothing to do to keep it; to change or
        cancel it, open billing before then.
      </Text>
      <Button href={billingUrl} style={buttonStyle(label)}>
        Manage billing
      </Button>
    </EmailLayout>
  );
}
