import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientDistDir } from '../../src/server/paths.js';

// What the production build sends to every browser (npm test builds it first): no server code, no
// server-only packages, nothing secret-shaped.

const assetsDir = join(clientDistDir, 'assets');
const files = readdirSync(assetsDir);
const scripts = files.filter((name) => name.endsWith('.js')).map((name) => ({ name, text: readFileSync(join(assetsDir, name), 'utf8') }));
const sources = files
  .filter((name) => name.endsWith('.js.map'))
  .flatMap((name) => (JSON.parse(readFileSync(join(assetsDir, name), 'utf8')) as { sources: string[] }).sources);

describe('the built client', () => {
  it('was built from client and shared code only', () => {
    expect(scripts.length).toBeGreaterThan(0);
    const ours = sources.filter((source) => !source.includes('node_modules/'));
    expect(ours.some((source) => source.includes('src/client/'))).toBe(true);
    expect(ours.filter((source) => !/src\/(client|shared)\//.test(source))).toEqual([]);
    const serverPackages = /node_modules\/(argon2|jose|pg|pg-[a-z]+|drizzle-orm|fastify|@fastify\/[a-z-]+|pino|@electric-sql\/pglite|rate-limiter-flexible|fs-native-extensions)\//;
    expect(sources.filter((source) => serverPackages.test(source))).toEqual([]);
  });

  it('holds no secret-shaped text', () => {
    const secretShapes: [string, RegExp][] = [
      ['a private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
      ['a database URL', /postgres(ql)?:\/\/[^\s"'`]*@/],
      ['a password hash', /\$argon2(id|i|d)\$/],
      ['a JWT', /eyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]{10,}/],
      ['a server environment read', /process\.env\.(JWT_SECRET|SPOTIFY_CLIENT_SECRET|ADMIN_PASSWORD|DATABASE_URL)/],
    ];
    for (const [what, shape] of secretShapes) {
      expect(scripts.filter((script) => shape.test(script.text)).map((script) => script.name), what).toEqual([]);
    }
  });
});
