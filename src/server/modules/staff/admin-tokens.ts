import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/** Admin tokens live 12 hours (docs/product.md §10.6). */
export const adminTokenLifetimeMs = 12 * 60 * 60 * 1000;
/** The one algorithm signed and accepted: `alg: none`, HS512, RS256… are refused. */
export const adminTokenAlgorithm = 'HS256';
const audience = 'admin';
/** How far ahead of this server's clock another instance's may be when it issues a token. */
const clockSkewSeconds = 60;
const lifetimeSeconds = adminTokenLifetimeMs / 1000;

// What this server signs. A token signed with the secret but carrying anything else (a leaked secret,
// an old format, a lifetime longer than ours) is refused like a forged one, before its ids reach a
// uuid column.
const claimsSchema = z
  .object({ sub: z.uuid(), jti: z.uuid(), ver: z.number().int().min(0), iat: z.number(), exp: z.number() })
  .refine((claims) => claims.exp - claims.iat <= lifetimeSeconds);

export interface AdminTokenClaims {
  /** The admin user's id. */
  sub: string;
  jti: string;
  /** The admin's session epoch when the token was issued: a password change raises it (docs/decisions/0018). */
  sessionEpoch: number;
  expiresAt: Date;
}

/** A token for the admin `userId` in its current session epoch (`admin_users.session_epoch`; 0 until a password change). */
export async function signAdminToken(secret: Uint8Array, userId: string, now: Date, sessionEpoch = 0): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ver: sessionEpoch })
    .setProtectedHeader({ alg: adminTokenAlgorithm, typ: 'JWT' })
    .setSubject(userId)
    .setAudience(audience)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + adminTokenLifetimeMs / 1000)
    .sign(secret);
}

/**
 * The token's claims when its signature, algorithm and audience hold, it has not expired, it was
 * issued no later than `now` (give or take the clock skew) and it lives no longer than our tokens
 * do (so it was issued less than a lifetime ago); otherwise undefined.
 */
export async function verifyAdminToken(secret: Uint8Array, token: string, now: Date): Promise<AdminTokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [adminTokenAlgorithm],
      audience,
      currentDate: now,
      requiredClaims: ['sub', 'jti', 'ver', 'exp', 'iat'],
    });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) return undefined;
    const { sub, jti, ver, iat, exp } = claims.data;
    // Not jose's maxTokenAge and clockTolerance: the tolerance would stretch `exp` as well.
    if (iat > now.getTime() / 1000 + clockSkewSeconds) return undefined;
    return { sub, jti, sessionEpoch: ver, expiresAt: new Date(exp * 1000) };
  } catch {
    return undefined;
  }
}
