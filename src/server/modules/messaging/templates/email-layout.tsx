import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import type { LabelConfig } from '../../../../shared/site-config.js';
import { siteConfig } from '../../../../shared/site-config.js';
import { textOn } from '../../../../shared/domain/readable-colour.js';

const { theme } = siteConfig;
const font = 'Helvetica, Arial, sans-serif';

/** The label's word mark, as the site's logo header draws it: the last words in its accent. */
function WordMark({ label }: { label: LabelConfig }) {
  const [first, second, ...rest] = label.name.split(' ');
  return (
    <Text style={{ fontSize: 26, fontWeight: 900, letterSpacing: 2, textTransform: 'uppercase', lineHeight: '30px', margin: 0, color: theme.text }}>
      {[first, second].filter(Boolean).join(' ')} <span style={{ color: label.accent }}>{rest.join(' ')}</span>
    </Text>
  );
}

export interface EmailLayoutProps {
  label: LabelConfig;
  /** The line mail apps show beside the subject. */
  preview: string;
  /** Why this person gets this email: every email says it. */
  reason: string;
  /** Non-transactional emails: where to leave the list. */
  unsubscribeUrl?: string;
  children: ReactNode;
}

/** Every email's frame: the label's word mark and colours, the content, why it was sent. */
export function EmailLayout({ label, preview, reason, unsubscribeUrl, children }: EmailLayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: theme.background, color: theme.text, fontFamily: font, margin: 0, padding: '24px 0' }}>
        <Container style={{ maxWidth: 560, padding: '0 20px' }}>
          <Section style={{ borderBottom: `3px solid ${label.accent}`, paddingBottom: 12, marginBottom: 20 }}>
            <WordMark label={label} />
          </Section>
          {children}
          <Hr style={{ borderColor: '#333333', margin: '28px 0 12px' }} />
          <Text style={{ fontSize: 12, lineHeight: '18px', color: '#A6A6A6', margin: 0 }}>{reason}</Text>
          {unsubscribeUrl ? (
            <Text style={{ fontSize: 12, lineHeight: '18px', color: '#A6A6A6', margin: '8px 0 0' }}>
              <Link href={unsubscribeUrl} style={{ color: '#A6A6A6', textDecoration: 'underline' }}>
                Unsubscribe
              </Link>{' '}
              from these emails.
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

export const paragraphStyle = { fontSize: 15, lineHeight: '23px', color: theme.text, margin: '0 0 14px' } as const;
export const headingStyle = { fontSize: 22, lineHeight: '28px', color: theme.text, margin: '0 0 16px' } as const;
/** A call to action filled with the label's accent (its text black or white, whichever reads on it). */
export const buttonStyle = (label: LabelConfig) => ({
  backgroundColor: label.accent,
  color: textOn(label.accent),
  fontWeight: 700,
  fontSize: 15,
  padding: '12px 20px',
  borderRadius: 4,
  textDecoration: 'none',
});
