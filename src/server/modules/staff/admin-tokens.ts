import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/** Admin tokens live 12 hours (docs/product.md §10.6). */
export const adminTokenLifetimeMs = 12 * 60 * 60 * 1000;
/** The one algorithm signed and accepted: `alg: none`, HS512, RS256… are refused. */
export const adminTokenAlgorithm = 'HS256';
const audience = 'admin';

// What this server signs. A token signed with the secret but carrying anything else (a leaked secret,
// an old format) is refused like a forged one, before its ids reach a uuid column.
const claimsSchema = z.object({ sub: z.uuid(), jti: z.uuid(), exp: z.number() });

export interface AdminTokenClaims {
  /** The admin user's id. */
  sub: string;
  jti: string;
  expiresAt: Date;
}

export async function signAdminToken(secret: Uint8Array, userId: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: adminTokenAlgorithm, typ: 'JWT' })
    .setSubject(userId)
    .setAudience(audience)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + adminTokenLifetimeMs / 1000)
    .sign(secret);
}

/** The token's claims when its signature, algorithm, audience and expiry hold at `now`; otherwise undefined. */
export async function verifyAdminToken(secret: Uint8Array, token: string, now: Date): Promise<AdminTokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [adminTokenAlgorithm],
      audience,
      currentDate: now,
      requiredClaims: ['sub', 'jti', 'exp', 'iat'],
    });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) return undefined;
    return { sub: claims.data.sub, jti: claims.data.jti, expiresAt: new Date(claims.data.exp * 1000) };
  } catch {
    return undefined;
  }
}
