import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import type { LabelConfig } from '../../../../shared/site-config.js';
import { siteName } from '../../../../shared/site-settings.js';
import { EmailLayout, headingStyle, paragraphStyle } from './email-layout.js';
import { paragraphsOf } from './words.js';

export interface VipNewsletterProps {
  label: LabelConfig;
  subject: string;
  /** Plain text as staff wrote it: shown as text (React escapes it), a blank line parts paragraphs. */
  body: string;
  unsubscribeUrl: string;
}

/**
 * The members' newsletter (docs/decisions/0065). Rendered once for every member it goes to, so it
 * names no member: each copy differs only by its unsubscribe link.
 */
export function VipNewsletterEmail({ label, subject, body, unsubscribeUrl }: VipNewsletterProps) {
  const paragraphs = paragraphsOf(body);
  return (
    <EmailLayout
      label={label}
      preview={paragraphs[0] ?? subject}
      reason={`You get this email because you are an active ${siteName()} VIP member. Leaving the newsletter does not end your membership or its emails (receipts, payment problems, renewals).`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Heading as="h1" style={headingStyle}>
        {subject}
      </Heading>
      {paragraphs.map((text, i) => (
        <Text key={i} style={{ ...paragraphStyle, whiteSpace: 'pre-line' }}>
          {text}
        </Text>
      ))}
    </EmailLayout>
  );
}
