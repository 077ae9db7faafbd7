import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import type { LabelConfig } from '../../../../shared/site-config.js';
import { siteName } from '../../../../shared/site-settings.js';
import { EmailLayout, buttonStyle, headingStyle, paragraphStyle } from './email-layout.js';

// The VIP waiting list while payments are off (docs/decisions/0099): the double opt-in's question, then
// the one email staff send when payments open.

export function vipWaitingListConfirmSubject(): string {
  return `Confirm: email me when ${siteName()} VIP opens`;
}

/** The double opt-in's question: without the button, the address gets nothing more. */
export function VipWaitingListConfirmEmail({ label, email, confirmUrl }: { label: LabelConfig; email: string; confirmUrl: string }) {
  return (
    <EmailLayout
      label={label}
      preview="One click, and we email you once when VIP payments open."
      reason={`You get this email because someone asked on our website to put ${email} on the VIP waiting list. If that was not you, ignore it: without the confirmation nothing more is sent.`}
    >
      <Heading as="h1" style={headingStyle}>
        Confirm your address
      </Heading>
      <Text style={paragraphStyle}>
        {`Payments for ${siteName()} VIP are not open yet. Confirm, and we send you one email when they are. The same page forgets your address at once.`}
      </Text>
      <Button href={confirmUrl} style={buttonStyle(label)}>
        Confirm
      </Button>
    </EmailLayout>
  );
}

export function vipPaymentsOpenSubject(): string {
  return `${siteName()} VIP is open`;
}

/** The one email to the waiting list, rendered once for all: each copy differs only by its unsubscribe link. */
export function VipPaymentsOpenEmail({ label, vipUrl, unsubscribeUrl }: { label: LabelConfig; vipUrl: string; unsubscribeUrl: string }) {
  return (
    <EmailLayout
      label={label}
      preview="Payments are open: choose your plan."
      reason="You get this email because you asked on our website to be told when VIP payments open. This is the only one: your address is now off the waiting list."
      unsubscribeUrl={unsubscribeUrl}
    >
      <Heading as="h1" style={headingStyle}>
        VIP is open
      </Heading>
      <Text style={paragraphStyle}>{`Payments for ${siteName()} VIP are open now: choose your plan and join.`}</Text>
      <Button href={vipUrl} style={buttonStyle(label)}>
        Choose your plan
      </Button>
    </EmailLayout>
  );
}
