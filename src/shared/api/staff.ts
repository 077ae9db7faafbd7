import { z } from 'zod';
import { adminPasswordLength, staffRoles, staffRoleSchema, type StaffRole } from './admin-auth.js';
import { emailAddress } from './common.js';

export const staffRoleNames: Readonly<Record<StaffRole, string>> = { owner: 'Owner', editor: 'Editor', 'a&r': 'A&R' };

/** What each role may do, in words (the Staff tab, the invitation and its page). */
export const staffRoleDescriptions: Readonly<Record<StaffRole, string>> = {
  owner: 'everything in the admin, members, staff and settings included',
  editor: 'the catalog, media, releases, playlists, imports and newsletters',
  'a&r': 'the demos and the emails that answer them',
};

const everyone: readonly StaffRole[] = staffRoles;

/**
 * Who may use which admin route, by the start of its path: THE one rule every `/api/admin` route is
 * checked against (the admin guard, on the server) and the admin shows its tabs by (the client). The
 * longest prefix that matches (whole path segments) decides; an owner may use every route, and a route
 * no prefix matches is the owner's alone, so a new admin route is closed until a line here opens it.
 */
export const adminRouteAccess: readonly { prefix: string; roles: readonly StaffRole[] }[] = [
  // One's own session and account.
  { prefix: '/api/admin/verify-admin-token', roles: everyone },
  { prefix: '/api/admin/logout', roles: everyone },
  { prefix: '/api/admin/change-password', roles: everyone },
  { prefix: '/api/admin/account', roles: everyone },
  // The catalog, media, releases, playlists, imports and newsletters.
  { prefix: '/api/admin/tracks', roles: ['owner', 'editor'] },
  { prefix: '/api/admin/artists', roles: ['owner', 'editor'] },
  { prefix: '/api/admin/releases', roles: ['owner', 'editor'] },
  { prefix: '/api/admin/playlists', roles: ['owner', 'editor'] },
  { prefix: '/api/admin/labels', roles: ['owner', 'editor'] },
  { prefix: '/api/admin/media', roles: ['owner', 'editor'] },
  { prefix: '/api/admin/import-catalog', roles: ['owner', 'editor'] },
  { prefix: '/api/admin/import-tracks', roles: ['owner', 'editor'] },
  { prefix: '/api/admin/import-jobs', roles: ['owner', 'editor'] },
  { prefix: '/api/admin/demo-catalog', roles: ['owner', 'editor'] },
  { prefix: '/api/admin/newsletters', roles: ['owner', 'editor'] },
  // The demos and the emails that answer them.
  { prefix: '/api/admin/demos', roles: ['owner', 'a&r'] },
  { prefix: '/api/admin/email-templates', roles: ['owner', 'a&r'] },
];

/** The roles that may use the admin route at `path` (a route's URL pattern or a concrete path). */
export function rolesForAdminRoute(path: string): readonly StaffRole[] {
  const matches = adminRouteAccess.filter(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
  const longest = matches.reduce<(typeof adminRouteAccess)[number] | undefined>((best, rule) => (!best || rule.prefix.length > best.prefix.length ? rule : best), undefined);
  return longest?.roles ?? ['owner'];
}

export function mayUseAdminRoute(role: StaffRole, path: string): boolean {
  return role === 'owner' || rolesForAdminRoute(path).includes(role);
}

/** The 403 of a route the signed-in role may not use. */
export const roleRefusedMessage = (role: StaffRole, allowed: readonly StaffRole[]) =>
  `Your role (${staffRoleNames[role]}) cannot do this: it is for ${allowed.map((r) => staffRoleNames[r]).join(' or ')}. Ask an owner.`;

export const staffMessages = {
  emailRequired: 'Please enter an email address',
  emailInvalid: 'Please enter a valid email address',
  alreadyStaff: 'This email address belongs to a staff account already',
  invitationUnknown: 'This invitation link is not valid. Ask an owner for a new one.',
  invitationUsed: 'This invitation has been used already. Log in, or ask an owner for a new one.',
  invitationExpired: 'This invitation has expired. Ask an owner for a new one.',
  usernameRequired: 'Please choose a username',
  usernameTaken: 'This username is taken: please choose another',
  passwordTooShort: `The password must be at least ${adminPasswordLength.min} characters`,
  passwordTooLong: `The password must be at most ${adminPasswordLength.max} characters`,
  notFound: 'No such staff account',
  invitationNotFound: 'No such pending invitation',
  lastOwner: 'The last owner cannot be removed: make someone else an owner first',
  notYourself: 'You cannot remove your own account',
} as const;

/** An invitation lasts 7 days. */
export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;

export const inviteStaffRequestSchema = z.object({
  email: emailAddress({ required: staffMessages.emailRequired, invalid: staffMessages.emailInvalid }),
  role: staffRoleSchema,
});
export type InviteStaffRequest = z.infer<typeof inviteStaffRequestSchema>;

export const inviteStaffResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: z.object({ id: z.string() }) });

/** The username and password rules of every admin account (the login form's, `admin:create`'s). */
export const acceptInvitationRequestSchema = z.object({
  username: z
    .string({ error: staffMessages.usernameRequired })
    .trim()
    .min(1, { error: staffMessages.usernameRequired })
    .max(100, { error: 'must be at most 100 characters' }),
  password: z
    .string({ error: staffMessages.passwordTooShort })
    .min(adminPasswordLength.min, { error: staffMessages.passwordTooShort })
    .max(adminPasswordLength.max, { error: staffMessages.passwordTooLong }),
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

/** The new account, signed in: `token` is its first session. */
export const acceptInvitationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ id: z.string(), username: z.string(), token: z.string() }),
});

export const invitationTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** What the invitation page shows before the invitee chooses a username. */
export const invitationResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ email: z.string(), role: staffRoleSchema, expiresAt: z.iso.datetime() }),
});

export const staffAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  role: staffRoleSchema,
  lastSignInAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const pendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  invitedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

export const staffListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ accounts: z.array(staffAccountSchema), invitations: z.array(pendingInvitationSchema) }),
});
export type StaffList = z.infer<typeof staffListResponseSchema>['data'];

export const staffIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be a staff account id' }) });
export const invitationIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be an invitation id' }) });

export const staffDoneResponseSchema = z.object({ success: z.literal(true), message: z.string() });
