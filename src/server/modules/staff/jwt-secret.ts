import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../../config.js';

/**
 * The admin token secret: JWT_SECRET when set. Without it, the embedded database keeps one generated
 * at first start in DATA_DIR/jwt-secret (mode 600); PostgreSQL refuses, since every instance behind
 * it must sign with the same secret.
 */
export function loadJwtSecret(config: { jwtSecret: string | undefined; databaseUrl: string | undefined; dataDir: string }): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  if (config.databaseUrl) {
    throw new ConfigError(
      'JWT_SECRET is required with DATABASE_URL: every server instance must sign admin tokens with the same secret. ' +
        'Set JWT_SECRET to a random string of at least 32 characters (for example `openssl rand -base64 48`).',
    );
  }
  const file = join(config.dataDir, 'jwt-secret');
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx': never overwrite a secret another start wrote (that would log every admin out).
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new ConfigError(`${file} holds fewer than 32 characters: delete it to generate a new secret.`);
  return new TextEncoder().encode(secret);
}
