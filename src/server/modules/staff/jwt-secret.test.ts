import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.js';
import { loadJwtSecret } from './jwt-secret.js';

describe('loadJwtSecret', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'jwt-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('uses JWT_SECRET when set', () => {
    const secret = 'x'.repeat(40);
    expect(Buffer.from(loadJwtSecret({ jwtSecret: secret, databaseUrl: 'postgres://db/x', dataDir: tempDir() })).toString()).toBe(secret);
  });

  it('refuses PostgreSQL without JWT_SECRET, saying why', () => {
    expect(() => loadJwtSecret({ jwtSecret: undefined, databaseUrl: 'postgres://db/x', dataDir: tempDir() })).toThrow(ConfigError);
    expect(() => loadJwtSecret({ jwtSecret: undefined, databaseUrl: 'postgres://db/x', dataDir: tempDir() })).toThrow(
      /JWT_SECRET is required with DATABASE_URL/,
    );
  });

  it('on the embedded database, generates one secret in DATA_DIR/jwt-secret (mode 600) and keeps it', () => {
    const dataDir = join(tempDir(), 'data');
    const first = loadJwtSecret({ jwtSecret: undefined, databaseUrl: undefined, dataDir });
    const file = join(dataDir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').length).toBeGreaterThanOrEqual(32);
    expect(loadJwtSecret({ jwtSecret: undefined, databaseUrl: undefined, dataDir })).toEqual(first);
  });
});
