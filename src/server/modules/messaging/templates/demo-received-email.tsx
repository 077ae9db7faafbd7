import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import type { LabelConfig } from '../../../../shared/site-config.js';
import { currentSiteSettings } from '../../../../shared/site-settings.js';
import { buttonStyle, EmailLayout, headingStyle, paragraphStyle } from './email-layout.js';
import { listInWords, quoted } from '../../../../shared/domain/words.js';

export interface DemoReceivedProps {
  label: LabelConfig;
  artistNames: string[];
  trackNames: string[];
  to: string[];
  statusUrl: string;
  /** The submission's day, as written in the reason line. */
  submittedOn: string;
}

/** Nothing from the form: the subject is what a mail client shows before anyone opens the email. */
export function demoReceivedSubject({ label }: Pick<DemoReceivedProps, 'label'>): string {
  return `${label.name} received your demo`;
}

/** The receipt of a demo (docs/product.md §2.12): the review time of the terms and what happens next. */
export function DemoReceivedEmail({ label, artistNames, trackNames, to, statusUrl, submittedOn }: DemoReceivedProps) {
  const days = currentSiteSettings().demos.reviewDays;
  return (
    <EmailLayout
      label={label}
      preview={`Thanks for your demo. We review every demo within ${days} business days.`}
      reason={`You get this email because ${listInWords(to)} was given as the contact address of a demo sent to ${label.name} on ${submittedOn}. If that was not you, ignore it: nothing else will be sent.`}
    >
      <Heading as="h1" style={headingStyle}>
        Demo received
      </Heading>
      <Text style={paragraphStyle}>Hi {listInWords(artistNames)},</Text>
      <Text style={paragraphStyle}>
        Thanks for sending {listInWords(trackNames.map(quoted))} to {label.name}. It arrived safely and is waiting for the team to listen.
      </Text>
      <Text style={paragraphStyle}>
        What happens next: we review every demo within {days} business days. Whatever we decide, we tell you by email at this address, and you
        can follow your demo&apos;s status on its private page at any time.
      </Text>
      <Button href={statusUrl} style={buttonStyle(label)}>
        See your demo&apos;s status
      </Button>
      <Text style={{ ...paragraphStyle, marginTop: 14 }}>
        Keep this link to yourself: anyone who has it sees your demo&apos;s status. {statusUrl}
      </Text>
    </EmailLayout>
  );
}
