import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import type { DecisionStatus, EmailTemplateBody } from '../../../../shared/api/messaging.js';
import type { LabelConfig } from '../../../../shared/site-config.js';
import { EmailLayout, headingStyle, paragraphStyle } from './email-layout.js';
import { paragraphsOf } from './words.js';

/** What a decision template's placeholders stand for. */
export interface DecisionValues {
  artistName: string;
  trackName: string;
  labelName: string;
  statusLink: string;
}

/** The product's texts until staff write their own (GET /api/admin/email-templates). */
export const defaultDecisionTemplates: Readonly<Record<DecisionStatus, EmailTemplateBody>> = {
  shortlisted: {
    subject: '{trackName} is on the {labelName} shortlist',
    body:
      'Hi {artistName},\n\nGood news: we listened to {trackName} and put it on our shortlist. The team now takes a closer listen, ' +
      'and we write to you again as soon as we have decided.\n\nYou can follow your demo on its page: {statusLink}',
  },
  accepted: {
    subject: '{labelName} wants to sign {trackName}',
    body:
      'Hi {artistName},\n\nWe loved {trackName} and {labelName} would like to release it. We write to you soon from this address ' +
      'with the release agreement; royalties are split 50/50 between the artists and the label.\n\nThank you for sending it to us.',
  },
  declined: {
    subject: 'Your demo {trackName}',
    body:
      'Hi {artistName},\n\nThank you for sending us {trackName}. We listened to it carefully, and this time it is not the right ' +
      'fit for {labelName}. Please keep sending us your music.',
  },
};

const headings: Readonly<Record<DecisionStatus, string>> = {
  shortlisted: 'Shortlisted',
  accepted: 'Accepted',
  declined: 'Our decision',
};

/** Fills `{name}` placeholders; text only, so nothing in it is markup (React escapes it). */
export function fillPlaceholders(text: string, values: DecisionValues): string {
  return text.replace(/\{(artistName|trackName|labelName|statusLink)\}/g, (_match, name: keyof DecisionValues) => values[name]);
}

/** A paragraph with the status link made a link, the rest as text. */
function Paragraph({ text, statusLink }: { text: string; statusLink: string }) {
  const parts = statusLink ? text.split(statusLink) : [text];
  return (
    <Text style={{ ...paragraphStyle, whiteSpace: 'pre-line' }}>
      {parts.map((part, i) => (
        <span key={i}>
          {part}
          {i < parts.length - 1 ? <Link href={statusLink}>{statusLink}</Link> : null}
        </span>
      ))}
    </Text>
  );
}

export interface DemoDecisionProps {
  label: LabelConfig;
  status: DecisionStatus;
  template: EmailTemplateBody;
  values: DecisionValues;
  to: string[];
}

export function demoDecisionSubject({ template, values }: Pick<DemoDecisionProps, 'template' | 'values'>): string {
  return fillPlaceholders(template.subject, values);
}

/** A decision on a demo, in the words of the label's template; blank lines part paragraphs. */
export function DemoDecisionEmail({ label, status, template, values, to }: DemoDecisionProps) {
  const paragraphs = paragraphsOf(fillPlaceholders(template.body, values));
  return (
    <EmailLayout
      label={label}
      preview={demoDecisionSubject({ template, values })}
      reason={`You get this email because ${to.join(', ')} sent a demo to ${label.name}, and this is the label's answer to it.`}
    >
      <Heading as="h1" style={headingStyle}>
        {headings[status]}
      </Heading>
      {paragraphs.map((text, i) => (
        <Paragraph key={i} text={text} statusLink={values.statusLink} />
      ))}
    </EmailLayout>
  );
}
