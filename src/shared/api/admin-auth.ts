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

export const adminUserSchema = z.object({ id: z.string(), username: z.string() });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const verifyAdminTokenResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ user: adminUserSchema }),
});
export type VerifyAdminTokenResponse = z.infer<typeof verifyAdminTokenResponseSchema>;

export const adminLogoutResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type AdminLogoutResponse = z.infer<typeof adminLogoutResponseSchema>;
