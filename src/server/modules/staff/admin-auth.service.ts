import { randomBytes } from 'node:crypto';
import {
  adminPasswordLength,
  changePasswordMessages,
  invalidCredentialsMessage,
  type AdminLoginRequest,
  type AdminUser,
  type ChangePasswordRequest,
} from '../../../shared/api/admin-auth.js';
import type { Db } from '../../db/client.js';
import { AppError, BadRequestError } from '../../errors.js';
import { recordActivity } from './activity.repo.js';
import { findAdminById, findAdminByUsername, findAdminSession, hasAnyAdmin, insertAdmin, recordSignIn, revokeToken, setAdminPassword } from './admin-auth.repo.js';
import type { EndedSessions } from './ended-sessions.js';
import { signAdminToken, verifyAdminToken, type AdminTokenClaims } from './admin-tokens.js';
import type { LoginThrottle } from './login-throttle.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';

/** One per app (app.ts), shared by every module's admin guard. */
export interface AdminAuthContext {
  db: Db;
  clock: () => Date;
  jwtSecret: Uint8Array;
  endedSessions: EndedSessions;
}

/** A token for the admin with these credentials; 401 when wrong, 429 when the address or the username from it is throttled. */
export async function logIn(ctx: Omit<AdminAuthContext, 'endedSessions'>, throttle: LoginThrottle, ip: string, credentials: AdminLoginRequest): Promise<string> {
  const username = credentials.username.trim();
  const attempt = await throttle.attempt(ip, username);
  const user = await findAdminByUsername(ctx.db, username);
  const isValid = user ? await verifyPassword(user.passwordHash, credentials.password) : await verifyAgainstDummy(credentials.password);
  if (!user || !isValid) throw new AppError(401, invalidCredentialsMessage);
  await attempt.succeeded();
  const now = ctx.clock();
  await recordSignIn(ctx.db, user.id, now);
  return signAdminToken(ctx.jwtSecret, user.id, now, user.sessionEpoch);
}

export interface VerifiedAdmin {
  user: AdminUser;
  token: AdminTokenClaims;
}

/**
 * The admin a bearer token stands for, if it is genuine, unexpired, not logged out, its user still
 * exists and has not changed the password since it was issued.
 */
export async function authenticate(ctx: AdminAuthContext, token: string): Promise<VerifiedAdmin | undefined> {
  const claims = await verifyAdminToken(ctx.jwtSecret, token, ctx.clock());
  if (!claims) return undefined;
  const session = await findAdminSession(ctx.db, claims.sub, claims.jti);
  if (!session || session.isRevoked || session.sessionEpoch !== claims.sessionEpoch) return undefined;
  return { user: { id: session.id, username: session.username, role: session.role }, token: claims };
}

/**
 * Settings → Change password for the signed-in admin. The current password is required and a wrong
 * one counts as a failed login (so a stolen token cannot be used to guess it). Every token issued
 * before ends, this one included; the answer is a fresh token for the session that made the change.
 */
export async function changePassword(
  ctx: AdminAuthContext,
  throttle: LoginThrottle,
  ip: string,
  admin: AdminUser,
  request: ChangePasswordRequest,
): Promise<string> {
  const attempt = await throttle.attempt(ip, admin.username);
  const user = await findAdminById(ctx.db, admin.id);
  if (!user || !(await verifyPassword(user.passwordHash, request.currentPassword))) {
    throw new BadRequestError(changePasswordMessages.currentIncorrect, 'currentPassword');
  }
  await attempt.succeeded();
  const now = ctx.clock();
  const hash = await hashPassword(request.newPassword);
  const epoch = await ctx.db.transaction(async (tx) => {
    const raised = await setAdminPassword(tx, user.username, hash, now);
    if (raised === undefined) throw new AppError(401, invalidCredentialsMessage);
    await recordActivity(tx, {
      kind: 'admin.password',
      actor: user.username,
      summary: `${user.username} changed their password`,
      subjectId: user.id,
      at: now,
    });
    return raised;
  });
  ctx.endedSessions.endSessionsBefore(user.id, epoch);
  return signAdminToken(ctx.jwtSecret, user.id, now, epoch);
}

export async function logOut(ctx: AdminAuthContext, token: AdminTokenClaims): Promise<void> {
  // In memory first: on the embedded database the write may wait behind a running import.
  ctx.endedSessions.endToken(token, ctx.clock());
  await revokeToken(ctx.db, token.jti, token.expiresAt, ctx.clock());
}

export function checkNewPassword(password: string): void {
  const { min } = adminPasswordLength;
  if (password.length < min) throw new Error(`The password must be at least ${min} characters.`);
}

/**
 * The `admin:create` script, for recovery: creates an owner, or gives an existing account this password
 * and the owner role (its sessions end).
 */
export async function createOrResetAdmin(db: Db, username: string, password: string, now: Date): Promise<'created' | 'password changed'> {
  checkNewPassword(password);
  const passwordHash = await hashPassword(password);
  if (await insertAdmin(db, { username, passwordHash, role: 'owner' }, now)) return 'created';
  await setAdminPassword(db, username, passwordHash, now, 'owner');
  return 'password changed';
}

/** The little of a pino logger that the first start needs. */
export interface StartupLogger {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
}

export type FirstAdminOutcome =
  | { outcome: 'admins exist' | 'created from environment' | 'no admin' }
  | { outcome: 'created with generated password'; username: string; generatedPassword: string };

/**
 * Makes sure someone can log in (docs/product.md §10.6). With no admin yet: ADMIN_USERNAME / ADMIN_PASSWORD
 * when given; else, on the embedded database only, `admin` with a random password, answered for the
 * caller to print once (start-server.ts, with the login URL, once the server listens); the log says so without it.
 */
export async function ensureFirstAdmin(
  db: Db,
  options: { credentials?: { username: string; password: string }; isEmbedded: boolean; now: Date; logger: StartupLogger },
): Promise<FirstAdminOutcome> {
  const { credentials, isEmbedded, now, logger } = options;
  if (await hasAnyAdmin(db)) return { outcome: 'admins exist' };
  if (credentials) {
    checkNewPassword(credentials.password);
    await insertAdmin(db, { username: credentials.username, passwordHash: await hashPassword(credentials.password), role: 'owner' }, now);
    logger.info({ username: credentials.username }, 'first admin created from ADMIN_USERNAME and ADMIN_PASSWORD');
    return { outcome: 'created from environment' };
  }
  if (!isEmbedded) {
    logger.warn({}, 'no admin account yet: set ADMIN_USERNAME and ADMIN_PASSWORD, or run `npm run admin:create -- <username>`');
    return { outcome: 'no admin' };
  }
  const username = 'admin';
  const generatedPassword = randomBytes(18).toString('base64url');
  if (!(await insertAdmin(db, { username, passwordHash: await hashPassword(generatedPassword), role: 'owner' }, now))) return { outcome: 'admins exist' };
  logger.warn({ username }, 'first admin created with a generated password, printed once in plain lines when the server listens');
  return { outcome: 'created with generated password', username, generatedPassword };
}

/**
 * The lines that give the generated first admin to whoever started the server, as plain text (not a
 * JSON log line), whether or not the output is a terminal: printed once, last, with the login URL.
 */
export function firstAdminLines(admin: { username: string; generatedPassword: string }, loginUrl: string): string {
  return [
    '',
    'First admin account created. Its password is shown only this once:',
    `  Log in at: ${loginUrl}`,
    `  Username:  ${admin.username}`,
    `  Password:  ${admin.generatedPassword}`,
    'Change the password after logging in (Settings), or set another with `npm run admin:create -- admin`.',
    '',
    '',
  ].join('\n');
}
