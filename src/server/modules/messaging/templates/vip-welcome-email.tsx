import { Heading, Text } from '@react-email/components';
import type { VipPlan } from '../../../../shared/api/vip.js';
import type { LabelConfig } from '../../../../shared/site-config.js';
import { siteConfig } from '../../../../shared/site-config.js';
import { EmailLayout, headingStyle, paragraphStyle } from './email-layout.js';

export interface VipWelcomeProps {
  label: LabelConfig;
  name: string;
  email: string;
  plan: VipPlan;
  isActive: boolean;
}

export function vipWelcomeSubject({ plan }: Pick<VipWelcomeProps, 'plan'>): string {
  return `Welcome to ${siteConfig.productName} VIP (${plan.name})`;
}

/** The welcome of a new VIP member (docs/product.md §10.7): the plan, and honestly that payment is still pending. */
export function VipWelcomeEmail({ label, name, email, plan, isActive }: VipWelcomeProps) {
  return (
    <EmailLayout
      label={label}
      preview={`You joined the ${plan.name} plan.`}
      reason={`You get this email because ${email} joined ${siteConfig.productName} VIP on our website. If that was not you, write to ${siteConfig.legal.contactEmail} and we remove the address.`}
    >
      <Heading as="h1" style={headingStyle}>
        Welcome to VIP
      </Heading>
      <Text style={paragraphStyle}>Hi {name},</Text>
      <Text style={paragraphStyle}>
        You are on the list for the {plan.name} plan ({plan.currency} {plan.price.toFixed(2)} per {plan.period}).
      </Text>
      <Text style={paragraphStyle}>
        {isActive
          ? 'Your membership is active.'
          : 'Payments are not open yet, so your membership is pending payment and nothing is charged. We email you at this address when they open.'}
      </Text>
      <Text style={paragraphStyle}>What your plan includes: {plan.features.join('; ')}.</Text>
    </EmailLayout>
  );
}
