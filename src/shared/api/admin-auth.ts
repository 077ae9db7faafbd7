import { z } from 'zod';

export const missingCredentialsMessage = 'Please enter both username and password';
export const invalidCredentialsMessage = 'Invalid username or password';

/** A required login field: missing, not a string or blank all read as the login form's message. */
const credential = (max: number) =>
  z
    .string({ error: missingCredentialsMessage })
    .min(1, { error: missingCredentialsMessage })
    .max(max, { error: `must be at most ${max} characters` })
    .refine((v) => v.trim() !== '', { error: missingCredentialsMessage });

export const adminLoginRequestSchema = z.object({
  username: credential(100),
  // Bounded: hashing an enormous password is a cheap way to burn the server's CPU.
  password: credential(1024),
});
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

export const adminLoginResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  message: z.string(),
});
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

/**
 * Staff roles (docs/decisions/0098): an owner may do everything; an editor runs the catalog, media,
 * releases, playlists, imports and newsletters; A&R reads and answers the demos. Members' personal
 * data, the outbox, backups, staff and settings are the owner's alone (shared/api/staff.ts).
 */
export const staffRoles = ['owner', 'editor', 'a&r'] as const;
export type StaffRole = (typeof staffRoles)[number];
export const staffRoleSchema = z.enum(staffRoles, { error: `role must be one of ${staffRoles.join(', ')}` });

export const adminUserSchema = z.object({ id: z.string(), username: z.string(), role: staffRoleSchema });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const verifyAdminTokenResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ user: adminUserSchema }),
});
export type VerifyAdminTokenResponse = z.infer<typeof verifyAdminTokenResponseSchema>;

export const adminLogoutResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** An admin password's length: the rule ADMIN_PASSWORD follows too (server config). */
export const adminPasswordLength = { min: 8, max: 1024 } as const;

export const changePasswordMessages = {
  currentRequired: 'Please enter your current password',
  currentIncorrect: 'Current password is incorrect',
  tooShort: `The new password must be at least ${adminPasswordLength.min} characters`,
  tooLong: `The new password must be at most ${adminPasswordLength.max} characters`,
  sameAsCurrent: 'The new password must be different from the current one',
  confirmMismatch: 'The passwords do not match',
  changed: 'Password changed',
} as const;

const changePasswordFields = z.object({
  currentPassword: z
    .string({ error: changePasswordMessages.currentRequired })
    .min(1, { error: changePasswordMessages.currentRequired })
    .max(adminPasswordLength.max, { error: `must be at most ${adminPasswordLength.max} characters` }),
  newPassword: z
    .string({ error: changePasswordMessages.tooShort })
    .min(adminPasswordLength.min, { error: changePasswordMessages.tooShort })
    .max(adminPasswordLength.max, { error: changePasswordMessages.tooLong }),
});

const isDifferent = (v: { currentPassword: string; newPassword: string }) => v.newPassword !== v.currentPassword;
const sameAsCurrent = { path: ['newPassword'], error: changePasswordMessages.sameAsCurrent };

export const changePasswordRequestSchema = changePasswordFields.refine(isDifferent, sameAsCurrent);
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The Settings form: the request plus the new password typed twice. */
export const changePasswordFormSchema = changePasswordFields
  .extend({ confirmPassword: z.string() })
  .refine(isDifferent, sameAsCurrent)
  .refine((v) => v.confirmPassword === v.newPassword, { path: ['confirmPassword'], error: changePasswordMessages.confirmMismatch });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/**
 * A password change ends every session issued before it, the one that made it included: `token` is a
 * fresh one for that session to go on with (docs/decisions/0018).
 */
export const changePasswordResponseSchema = z.object({ success: z.literal(true), message: z.string(), token: z.string() });
