import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { staffRoleDescriptions, staffRoleNames } from '../../../../shared/api/staff.js';
import type { StaffRole } from '../../../../shared/api/admin-auth.js';
import type { LabelConfig } from '../../../../shared/site-config.js';
import { siteName } from '../../../../shared/site-settings.js';
import { dayInWords } from '../../../../shared/domain/day-in-words.js';
import { buttonStyle, EmailLayout, headingStyle, paragraphStyle } from './email-layout.js';

export interface StaffInvitationProps {
  /** The label whose colours frame it (the product's first label). */
  label: LabelConfig;
  email: string;
  role: StaffRole;
  /** The owner who invited. */
  invitedBy: string;
  inviteUrl: string;
  expiresAt: Date;
}

export const staffInvitationSubject = ({ role }: Pick<StaffInvitationProps, 'role'>) =>
  `You are invited to the ${siteName()} admin (${staffRoleNames[role]})`;

/** An owner's invitation to a staff account (docs/decisions/0098): one link, once, within 7 days. */
export function StaffInvitationEmail({ label, email, role, invitedBy, inviteUrl, expiresAt }: StaffInvitationProps) {
  return (
    <EmailLayout
      label={label}
      preview={`${invitedBy} invites you as ${staffRoleNames[role]}.`}
      reason={`You get this email because ${invitedBy} invited ${email} to the ${siteName()} admin. If you do not expect it, ignore it: no account is made.`}
    >
      <Heading as="h1" style={headingStyle}>
        Join the {siteName()} admin
      </Heading>
      <Text style={paragraphStyle}>
        {invitedBy} invites you as {staffRoleNames[role]}: you will manage {staffRoleDescriptions[role]}.
      </Text>
      <Text style={paragraphStyle}>Choose your username and password with this link. It works once, until {dayInWords(expiresAt)}.</Text>
      <Button href={inviteUrl} style={buttonStyle(label)}>
        Accept the invitation
      </Button>
      <Text style={paragraphStyle}>Or open: {inviteUrl}</Text>
    </EmailLayout>
  );
}
