import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import type { LabelConfig } from '../../../../shared/site-config.js';
import { currentSiteSettings } from '../../../../shared/site-settings.js';
import { EmailLayout, buttonStyle, headingStyle, paragraphStyle } from './email-layout.js';
import { quoted } from '../../../../shared/domain/words.js';

export interface ReleaseAlertProps {
  label: LabelConfig;
  email: string;
  /** The release as its page titles it, with its artists: "Symbiotic (Radio Edit)" by Kwal. */
  releaseTitle: string;
  artistNames: string;
  /** The release day in words: 4 December 2026. */
  releaseDay: string;
}

export function releaseAlertConfirmSubject({ releaseTitle }: Pick<ReleaseAlertProps, 'releaseTitle'>): string {
  return `Confirm: email me when ${quoted(releaseTitle)} is out`;
}

/** The double opt-in's question: nothing is kept past the release day unless the button is pressed. */
export function ReleaseAlertConfirmEmail({ label, email, releaseTitle, artistNames, releaseDay, confirmUrl }: ReleaseAlertProps & { confirmUrl: string }) {
  return (
    <EmailLayout
      label={label}
      preview={`One click, and we email you on ${releaseDay}.`}
      reason={`You get this email because someone asked on our website to tell ${email} when this release is out. If that was not you, ignore it: without the confirmation nothing is sent, and the address is forgotten on the release day.`}
    >
      <Heading as="h1" style={headingStyle}>
        Confirm your address
      </Heading>
      <Text style={paragraphStyle}>
        {quoted(releaseTitle)} by {artistNames} comes out on {label.name} on {releaseDay}. Confirm, and we send you one email that day with
        the link to listen. Then we forget your address for it.
      </Text>
      <Button href={confirmUrl} style={buttonStyle(label)}>
        Confirm
      </Button>
    </EmailLayout>
  );
}

export function releaseAlertSubject({ releaseTitle }: Pick<ReleaseAlertProps, 'releaseTitle'>): string {
  return `${quoted(releaseTitle)} is out now`;
}

/** The one email of the release day, after which the address is forgotten. */
export function ReleaseAlertEmail({ label, email, releaseTitle, artistNames, releaseDay, releaseUrl }: ReleaseAlertProps & { releaseUrl: string }) {
  return (
    <EmailLayout
      label={label}
      preview={`Out today on ${label.name}.`}
      reason={`You get this email because ${email} asked on our website to be told when this release is out, and confirmed it. This is the only one: the address is now forgotten for it. Questions: ${currentSiteSettings().legal.contactEmail}.`}
    >
      <Heading as="h1" style={headingStyle}>
        Out now
      </Heading>
      <Text style={paragraphStyle}>
        {quoted(releaseTitle)} by {artistNames} is out today, {releaseDay}, on {label.name}.
      </Text>
      <Button href={releaseUrl} style={buttonStyle(label)}>
        Listen now
      </Button>
    </EmailLayout>
  );
}
