import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import type { LabelConfig } from '../../../../shared/site-config.js';
import { buttonStyle, EmailLayout, headingStyle, paragraphStyle } from './email-layout.js';
import { quoted } from '../../../../shared/domain/words.js';

export interface DigestDemo {
  artists: string;
  track: string;
}

export interface StaffDigestProps {
  /** The label whose colours frame it (the product's first label). */
  label: LabelConfig;
  username: string;
  email: string;
  day: string;
  perLabel: { label: LabelConfig; demos: DigestDemo[] }[];
  inboxUrl: string;
  unsubscribeUrl: string;
}

export function staffDigestSubject({ perLabel, day }: Pick<StaffDigestProps, 'perLabel' | 'day'>): string {
  const total = perLabel.reduce((sum, entry) => sum + entry.demos.length, 0);
  return `${total} new demo${total === 1 ? '' : 's'} on ${day}`;
}

/** The daily digest of new demos, per label, that an admin asked for in Settings. */
export function StaffDigestEmail({ label, username, email, day, perLabel, inboxUrl, unsubscribeUrl }: StaffDigestProps) {
  return (
    <EmailLayout
      label={label}
      preview={staffDigestSubject({ perLabel, day })}
      reason={`You get this email because the admin account ${username} asked for a daily digest of new demos at ${email} in Settings.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Heading as="h1" style={headingStyle}>
        New demos on {day}
      </Heading>
      {perLabel.map(({ label: of, demos }) => (
        <Text key={of.id} style={paragraphStyle}>
          <strong>
            {of.name}: {demos.length}
          </strong>
          {demos.map((demo, i) => (
            <span key={i}>
              <br />
              {quoted(demo.track)} by {demo.artists}
            </span>
          ))}
        </Text>
      ))}
      <Button href={inboxUrl} style={buttonStyle(label)}>
        Open the demo inbox
      </Button>
    </EmailLayout>
  );
}
