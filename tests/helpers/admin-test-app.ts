import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client.js';
import { createOrResetAdmin } from '../../src/server/modules/staff/admin-auth.service.js';
import { signAdminToken } from '../../src/server/modules/staff/admin-tokens.js';
import { createTestApp, testNow, type TestApp, type TestAppOptions } from './test-app.js';
import type { TestDatabaseKind } from './test-database.js';

/** The admin every admin API test acts as. */
export const testAdmin = { username: 'alice', password: 'correct horse battery' } as const;

export interface AdminTestApp extends TestApp {
  /** The app's signing secret, for tests that forge, expire or re-sign tokens. */
  jwtSecret: Uint8Array;
  adminId: string;
  /** A valid token of the admin's, signed at the app's time. */
  token: string;
  /** `headers` for `app.inject` that carry `token`. */
  auth: { authorization: string };
}

/**
 * The app (see createTestApp) with `testAdmin` created after `seed`, and a token for it. The token is
 * signed directly rather than got from /api/admin/login, so that no test's setup goes through the
 * login throttle.
 */
export async function createAdminTestApp(
  kind: TestDatabaseKind,
  options: TestAppOptions & { deps?: Omit<NonNullable<TestAppOptions['deps']>, 'jwtSecret'> } = {},
): Promise<AdminTestApp> {
  const now = options.now ?? testNow;
  const jwtSecret = randomBytes(32);
  const t = await createTestApp(kind, {
    ...options,
    now,
    deps: { ...options.deps, jwtSecret },
    seed: async (database) => {
      await options.seed?.(database);
      await createOrResetAdmin(database.db, testAdmin.username, testAdmin.password, now);
    },
  });
  const [admin] = await queryRows<{ id: string }>(t.database.db, sql`select id from admin_users where username = ${testAdmin.username}`);
  if (!admin) throw new Error(`${testAdmin.username} was not created`);
  const token = await signAdminToken(jwtSecret, admin.id, now);
  return { ...t, jwtSecret, adminId: admin.id, token, auth: { authorization: `Bearer ${token}` } };
}
