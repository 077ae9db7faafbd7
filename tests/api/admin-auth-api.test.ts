import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLoginResponse, VerifyAdminTokenResponse } from '../../src/shared/api/admin-auth.js';
import { queryRows } from '../../src/server/db/client.js';
import { createOrResetAdmin, ensureFirstAdmin, logIn, type StartupLogger } from '../../src/server/modules/staff/admin-auth.service.js';
import { signAdminToken } from '../../src/server/modules/staff/admin-tokens.js';
import { LoginThrottle } from '../../src/server/modules/staff/login-throttle.js';
import { createAdminTestApp, testAdmin, type AdminTestApp } from '../helpers/admin-test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

interface ErrorBody {
  success: false;
  error: string;
  message: string;
  reqId: string;
}

const now = new Date('2026-11-21T12:00:00Z');
const hours = (n: number) => n * 60 * 60 * 1000;
const errorBody = (message: string) => ({ success: false, error: message, message, reqId: expect.any(String) });

/** A login from its own client address, so that tests do not share a throttle count. */
let nextAddress = 1;
const freshAddress = () => `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

function recordingLogger() {
  const lines: { level: 'info' | 'warn'; data: Record<string, unknown>; message: string }[] = [];
  const logger: StartupLogger = {
    info: (data, message) => lines.push({ level: 'info', data: data as Record<string, unknown>, message }),
    warn: (data, message) => lines.push({ level: 'warn', data: data as Record<string, unknown>, message }),
  };
  return { logger, lines };
}

/** Retry-After in seconds, at least one: the 15 minutes count down from the first counted failure. */
function secondsToWait(header: unknown): number {
  const seconds = Number(header);
  expect(seconds).toBeGreaterThanOrEqual(1);
  return seconds;
}

describe.each(testDatabaseKinds)('admin accounts and tokens on $name', (kind) => {
  let t: AdminTestApp;

  beforeAll(async () => {
    t = await createAdminTestApp(kind, {
      now,
      seed: async (database) => {
        await createOrResetAdmin(database.db, 'carol', 'carol password 1', now);
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  function login(payload: Record<string, unknown>, remoteAddress = freshAddress()) {
    return t.app.inject({ method: 'POST', url: '/api/admin/login', payload, remoteAddress });
  }
  function verify(token?: string) {
    return t.app.inject({
      method: 'GET',
      url: '/api/admin/verify-admin-token',
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });
  }
  async function tokenFor(username: string = testAdmin.username, password: string = testAdmin.password) {
    const res = await login({ username, password });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminLoginResponse>().token;
  }

  it('logs in with the right password and the token verifies as that admin', async () => {
    const res = await login(testAdmin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AdminLoginResponse>();
    expect(body).toEqual({ success: true, token: expect.any(String), message: 'Logged in' });
    const header = JSON.parse(Buffer.from(body.token.split('.')[0] as string, 'base64url').toString()) as { alg: string };
    const claims = JSON.parse(Buffer.from(body.token.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>;
    expect(header.alg).toBe('HS256');
    expect(claims.exp).toBe(now.getTime() / 1000 + 12 * 60 * 60);
    expect(claims.jti).toEqual(expect.any(String));

    const checked = await verify(body.token);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<VerifyAdminTokenResponse>()).toEqual({
      success: true,
      message: 'Token is valid',
      data: { user: { id: t.adminId, username: 'alice', role: 'owner' } },
    });
  });

  it('refuses a wrong password or an unknown username with the same 401', async () => {
    for (const payload of [
      { username: 'alice', password: 'wrong password' },
      { username: 'nobody', password: testAdmin.password },
    ]) {
      const res = await login(payload);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json<ErrorBody>()).toMatchObject(errorBody('Invalid username or password'));
    }
  });

  it.each([{ username: 'alice' }, { password: 'x' }, { username: '  ', password: 'x' }, { username: 'alice', password: '' }, {}])(
    'answers 400 to %j',
    async (payload) => {
      const res = await login(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<ErrorBody>()).toMatchObject(errorBody('Please enter both username and password'));
    },
  );

  it('throttles a client address after 5 failures in 15 minutes, even with the right password', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await login({ username: `guess${i}`, password: 'nope' }, address)).statusCode).toBe(401);
    }
    const blocked = await login(testAdmin, address);
    expect(blocked.statusCode, blocked.body).toBe(429);
    expect(blocked.json<ErrorBody>()).toMatchObject(errorBody('Too many failed login attempts. Please try again in 15 minutes.'));
    expect(secondsToWait(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Another address is not affected.
    expect((await login(testAdmin)).statusCode).toBe(200);
  });

  it('throttles a username from one address, and never locks the right password out from another address', async () => {
    const attacker = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await login({ username: 'carol', password: `wrong ${i}` }, attacker)).statusCode).toBe(401);
    }
    const blocked = await login({ username: 'Carol', password: 'carol password 1' }, attacker);
    expect(blocked.statusCode, blocked.body).toBe(429);
    expect(blocked.json<ErrorBody>().message).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    // Carol, from her own address, still logs in.
    expect((await login({ username: 'carol', password: 'carol password 1' })).statusCode).toBe(200);
  });

  it('counts concurrent attempts before checking any password: 40 wrong at once, only 5 are checked', async () => {
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login({ username: 'alice', password: `wrong ${i}` }, address)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
  });

  it('with one try left, 29 wrong passwords and the right one at once get exactly one answer that is not 429', async () => {
    const address = freshAddress();
    for (let i = 0; i < 4; i += 1) {
      expect((await login({ username: 'alice', password: `wrong ${i}` }, address)).statusCode).toBe(401);
    }
    const payloads = [...Array.from({ length: 29 }, (_, i) => ({ username: 'alice', password: `guess ${i}` })), testAdmin];
    const answers = await Promise.all(payloads.map((payload) => login(payload, address)));
    expect(answers.filter((res) => res.statusCode !== 429)).toHaveLength(1);
  });

  it('answers 401 No token found without a bearer token', async () => {
    for (const res of [
      await verify(),
      await t.app.inject({ method: 'GET', url: '/api/admin/verify-admin-token', headers: { authorization: 'Basic YWxpY2U6eA==' } }),
      await t.app.inject({ method: 'POST', url: '/api/admin/logout' }),
    ]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json<ErrorBody>()).toMatchObject(errorBody('No token found'));
    }
  });

  it('refuses tampered, expired, foreign and wrongly signed tokens', async () => {
    const token = await tokenFor();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(t.jwtSecret);
    const resign = (changed: Record<string, unknown>) => new SignJWT(changed).setProtectedHeader({ alg: 'HS256' }).sign(t.jwtSecret);

    const refused = {
      'a changed signature': `${header}.${payload}.${flipped}`,
      'a changed payload': `${header}.${encode({ ...claims, sub: '00000000-0000-0000-0000-000000000000' })}.${signature}`,
      'alg none': `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      'alg HS512 with the same secret': hs512,
      'another secret': await signAdminToken(randomBytes(32), t.adminId, now),
      'expired (issued 12 hours and 1 second ago)': await signAdminToken(t.jwtSecret, t.adminId, new Date(now.getTime() - hours(12) - 1000)),
      'not a JWT': 'not-a-jwt',
      'correctly signed with a subject that is no user id': await new SignJWT({ ...claims, sub: 'admin' }).setProtectedHeader({ alg: 'HS256' }).sign(t.jwtSecret),
      'correctly signed with a token id that is no uuid': await new SignJWT({ ...claims, jti: 'x' }).setProtectedHeader({ alg: 'HS256' }).sign(t.jwtSecret),
      // Signed with the real secret (a leak, or a bug elsewhere), but no token this server issues.
      'correctly signed, expiring ten years after it was issued': await resign({ ...claims, exp: Number(claims.iat) + 10 * 365 * 24 * 3600 }),
      'correctly signed, issued an hour from now': await resign({ ...claims, iat: Number(claims.iat) + 3600, exp: Number(claims.iat) + 3600 + 12 * 3600 }),
      'correctly signed, without an issue time': await resign(Object.fromEntries(Object.entries(claims).filter(([key]) => key !== 'iat'))),
    };
    for (const [name, bad] of Object.entries(refused)) {
      const res = await verify(bad);
      expect(res.statusCode, name).toBe(401);
      expect(res.json<ErrorBody>(), name).toMatchObject(errorBody('Invalid or expired token'));
    }
    // Issued 11 hours ago: still valid; issued 30 seconds "from now" by a server whose clock is ahead: valid too.
    expect((await verify(await signAdminToken(t.jwtSecret, t.adminId, new Date(now.getTime() - hours(11))))).statusCode).toBe(200);
    expect((await verify(await resign({ ...claims, iat: Number(claims.iat) + 30, exp: Number(claims.iat) + 30 + 12 * 3600 }))).statusCode).toBe(200);
  });

  it('revokes the token at logout, and only that one', async () => {
    const token = await tokenFor();
    const other = await tokenFor();
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ success: true, message: 'Logged out' });

    const after = await verify(token);
    expect(after.statusCode).toBe(401);
    expect(after.json<ErrorBody>()).toMatchObject(errorBody('Invalid or expired token'));
    const again = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { authorization: `Bearer ${token}` } });
    expect(again.statusCode).toBe(401);
    expect((await verify(other)).statusCode).toBe(200);
  });

  it('stores passwords as argon2id with t >= 2 and m >= 19 MiB, never in clear', async () => {
    const rows = await queryRows<{ username: string; password_hash: string }>(t.database.db, sql`select username, password_hash from admin_users`);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      const match = /^\$argon2id\$v=19\$([^$]+)\$[^$]+\$[^$]+$/.exec(row.password_hash);
      expect(match, row.password_hash).not.toBeNull();
      const params = Object.fromEntries((match?.[1] ?? '').split(',').map((kv) => kv.split('=')));
      expect(Number(params.m)).toBeGreaterThanOrEqual(19_456);
      expect(Number(params.t)).toBeGreaterThanOrEqual(2);
      expect(row.password_hash).not.toContain('correct horse');
    }
  });

  it('sets a new password for an existing admin with admin:create', async () => {
    expect(await createOrResetAdmin(t.database.db, 'dave', 'first password', now)).toBe('created');
    expect(await createOrResetAdmin(t.database.db, 'dave', 'second password', now)).toBe('password changed');
    expect((await login({ username: 'dave', password: 'first password' })).statusCode).toBe(401);
    expect((await login({ username: 'dave', password: 'second password' })).statusCode).toBe(200);
    // A password set on the command line ends the sessions opened with the old one.
    const session = (await login({ username: 'dave', password: 'second password' })).json<AdminLoginResponse>().token;
    expect((await verify(session)).statusCode).toBe(200);
    expect(await createOrResetAdmin(t.database.db, 'dave', 'third password', now)).toBe('password changed');
    expect((await verify(session)).statusCode).toBe(401);
    await expect(createOrResetAdmin(t.database.db, 'dave', 'short', now)).rejects.toThrow('at least 8 characters');
  });

  describe('change password', () => {
    /** A fresh admin per test (its own throttle count) and a token for it. */
    async function newAdmin(username: string, password: string) {
      await createOrResetAdmin(t.database.db, username, password, now);
      return tokenFor(username, password);
    }
    function changePassword(token: string, payload: Record<string, unknown>, remoteAddress = freshAddress()) {
      return t.app.inject({ method: 'POST', url: '/api/admin/change-password', headers: { authorization: `Bearer ${token}` }, payload, remoteAddress });
    }
    async function expectRefused(token: string, payload: Record<string, unknown>, field: string, message: string) {
      const res = await changePassword(token, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ ...errorBody(message), field });
    }
    async function passwordLogs(username: string) {
      return queryRows<{ actor: string; summary: string; subject_id: string; details: unknown }>(
        t.database.db,
        sql`select actor, summary, subject_id, details from activity_log where kind = 'admin.password' and actor = ${username}`,
      );
    }

    it('stores the new password: it logs in, the old one no longer does', async () => {
      const token = await newAdmin('erin', 'erin old password');
      const res = await changePassword(token, { currentPassword: 'erin old password', newPassword: 'erin new password' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Password changed', token: expect.any(String) });

      expect((await login({ username: 'erin', password: 'erin new password' })).statusCode).toBe(200);
      const old = await login({ username: 'erin', password: 'erin old password' });
      expect(old.statusCode).toBe(401);
      const [row] = await queryRows<{ password_hash: string }>(t.database.db, sql`select password_hash from admin_users where username = 'erin'`);
      expect(row?.password_hash).toMatch(/^\$argon2id\$/);
      expect(row?.password_hash).not.toContain('erin new');
    });

    it('ends every session issued before the change; the one that made it goes on with the fresh token of the answer', async () => {
      const changer = await newAdmin('jack', 'jack old password');
      const elsewhere = await tokenFor('jack', 'jack old password');
      const someoneElse = await tokenFor();
      const res = await changePassword(changer, { currentPassword: 'jack old password', newPassword: 'jack new password' });
      expect(res.statusCode, res.body).toBe(200);
      const fresh = res.json<{ token: string }>().token;
      for (const [name, ended] of Object.entries({ changer, elsewhere })) {
        const after = await verify(ended);
        expect(after.statusCode, name).toBe(401);
        expect(after.json<ErrorBody>(), name).toMatchObject(errorBody('Invalid or expired token'));
      }
      const checked = await verify(fresh);
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json<VerifyAdminTokenResponse>().data.user.username).toBe('jack');
      // Another admin's sessions are not touched; a login after the change is a session like any other.
      expect((await verify(someoneElse)).statusCode).toBe(200);
      expect((await verify(await tokenFor('jack', 'jack new password'))).statusCode).toBe(200);
      // The fresh token is a full session: it changes the password again, and logs out.
      const again = await changePassword(fresh, { currentPassword: 'jack new password', newPassword: 'jack third password' });
      expect(again.statusCode, again.body).toBe(200);
      expect((await verify(fresh)).statusCode).toBe(401);
      const third = again.json<{ token: string }>().token;
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { authorization: `Bearer ${third}` } })).statusCode).toBe(200);
      expect((await verify(third)).statusCode).toBe(401);
    });

    it('records admin.password in the activity log, never the password', async () => {
      const token = await newAdmin('fred', 'fred old password');
      expect(await passwordLogs('fred')).toEqual([]);
      expect((await changePassword(token, { currentPassword: 'fred old password', newPassword: 'fred new password' })).statusCode).toBe(200);
      const rows = await queryRows<Record<string, unknown>>(t.database.db, sql`select * from activity_log where actor = 'fred'`);
      expect(rows).toHaveLength(1);
      const [{ id }] = await queryRows<{ id: string }>(t.database.db, sql`select id from admin_users where username = 'fred'`) as [{ id: string }];
      expect(await passwordLogs('fred')).toEqual([{ actor: 'fred', summary: 'fred changed their password', subject_id: id, details: null }]);
      expect(JSON.stringify(rows)).not.toMatch(/fred (old|new) password/);
    });

    it('refuses a wrong current password with 400 on currentPassword, and nothing changes', async () => {
      const token = await newAdmin('gina', 'gina password 1');
      await expectRefused(token, { currentPassword: 'not my password', newPassword: 'gina password 2' }, 'currentPassword', 'Current password is incorrect');
      expect((await login({ username: 'gina', password: 'gina password 1' })).statusCode).toBe(200);
      expect((await login({ username: 'gina', password: 'gina password 2' })).statusCode).toBe(401);
      expect(await passwordLogs('gina')).toEqual([]);
    });

    it('refuses a new password that is too short, too long or the current one, naming newPassword', async () => {
      const token = await newAdmin('hank', 'hank password 1');
      await expectRefused(token, { currentPassword: 'hank password 1', newPassword: 'short12' }, 'newPassword', 'The new password must be at least 8 characters');
      await expectRefused(token, { currentPassword: 'hank password 1', newPassword: 'x'.repeat(1025) }, 'newPassword', 'The new password must be at most 1024 characters');
      await expectRefused(token, { currentPassword: 'hank password 1', newPassword: 'hank password 1' }, 'newPassword', 'The new password must be different from the current one');
      await expectRefused(token, { newPassword: 'hank password 2' }, 'currentPassword', 'Please enter your current password');
      await expectRefused(token, { currentPassword: '', newPassword: 'hank password 2' }, 'currentPassword', 'Please enter your current password');
      expect((await login({ username: 'hank', password: 'hank password 1' })).statusCode).toBe(200);
      // 8 and 1024 characters are accepted.
      const changed = await changePassword(token, { currentPassword: 'hank password 1', newPassword: '12345678' });
      expect(changed.statusCode).toBe(200);
      expect((await changePassword(changed.json<{ token: string }>().token, { currentPassword: '12345678', newPassword: 'y'.repeat(1024) })).statusCode).toBe(200);
      expect((await login({ username: 'hank', password: 'y'.repeat(1024) })).statusCode).toBe(200);
    });

    it('counts wrong current passwords as failed logins: 429 after 5, for the login from that address too', async () => {
      const token = await newAdmin('iris', 'iris password 1');
      const address = freshAddress();
      for (let i = 0; i < 5; i += 1) {
        const res = await changePassword(token, { currentPassword: `guess ${i}`, newPassword: 'iris password 2' }, address);
        expect(res.statusCode, res.body).toBe(400);
      }
      const blocked = await changePassword(token, { currentPassword: 'iris password 1', newPassword: 'iris password 2' }, address);
      expect(blocked.statusCode, blocked.body).toBe(429);
      expect(blocked.json()).toMatchObject(errorBody('Too many failed login attempts. Please try again in 15 minutes.'));
      expect(secondsToWait(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expect((await login({ username: 'iris', password: 'iris password 1' }, address)).statusCode).toBe(429);
      expect(await passwordLogs('iris')).toEqual([]);
    });

    it('answers 401 without a valid token', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/change-password', payload: { currentPassword: 'x', newPassword: 'yyyyyyyy' } });
      expect(res.statusCode).toBe(401);
      expect((await changePassword('not-a-jwt', { currentPassword: 'x', newPassword: 'yyyyyyyy' })).statusCode).toBe(401);
    });
  });
});

describe.each(testDatabaseKinds)('the first admin on $name', (kind) => {
  it('comes from ADMIN_USERNAME / ADMIN_PASSWORD when no admin exists, once', async () => {
    const database = await kind.open();
    try {
      const { logger, lines } = recordingLogger();
      const credentials = { username: 'owner', password: 'owner password' };
      expect(await ensureFirstAdmin(database.db, { credentials, isEmbedded: false, now, logger })).toEqual({ outcome: 'created from environment' });
      expect(lines).toEqual([{ level: 'info', data: { username: 'owner' }, message: expect.stringContaining('ADMIN_USERNAME') }]);
      expect(JSON.stringify(lines)).not.toContain('owner password');
      const token = await logIn({ db: database.db, clock: () => now, jwtSecret: randomBytes(32) }, new LoginThrottle(), '10.1.0.1', credentials);
      expect(token).toEqual(expect.any(String));
      // A second start, even with other credentials, leaves the accounts alone.
      const again = { username: 'intruder', password: 'intruder password' };
      expect(await ensureFirstAdmin(database.db, { credentials: again, isEmbedded: false, now, logger })).toEqual({ outcome: 'admins exist' });
      expect(await queryRows(database.db, sql`select username from admin_users`)).toEqual([{ username: 'owner' }]);
    } finally {
      await database.close();
    }
  });

  it('on the embedded database without credentials, creates admin with a random password logged once', async () => {
    const database = await kind.open();
    try {
      const { logger, lines } = recordingLogger();
      const created = await ensureFirstAdmin(database.db, { isEmbedded: true, now, logger });
      expect(created).toEqual({ outcome: 'created with generated password', username: 'admin', generatedPassword: expect.stringMatching(/^[\w-]{24}$/) });
      const password = (created as { generatedPassword: string }).generatedPassword;
      // The log says so without the password: main.ts prints it in plain lines (firstAdminLines).
      expect(lines).toEqual([{ level: 'warn', data: { username: 'admin' }, message: expect.stringMatching(/generated password, printed once/) }]);
      expect(JSON.stringify(lines)).not.toContain(password);
      const ctx = { db: database.db, clock: () => now, jwtSecret: randomBytes(32) };
      await expect(logIn(ctx, new LoginThrottle(), '10.1.0.2', { username: 'admin', password })).resolves.toEqual(expect.any(String));

      // The next start neither logs nor changes it.
      const next = recordingLogger();
      expect(await ensureFirstAdmin(database.db, { isEmbedded: true, now, logger: next.logger })).toEqual({ outcome: 'admins exist' });
      expect(next.lines).toEqual([]);
      await expect(logIn(ctx, new LoginThrottle(), '10.1.0.3', { username: 'admin', password })).resolves.toEqual(expect.any(String));
    } finally {
      await database.close();
    }
  });

  it('with DATABASE_URL and no credentials, creates nobody and says how to', async () => {
    const database = await kind.open();
    try {
      const { logger, lines } = recordingLogger();
      expect(await ensureFirstAdmin(database.db, { isEmbedded: false, now, logger })).toEqual({ outcome: 'no admin' });
      expect(lines).toEqual([{ level: 'warn', data: {}, message: expect.stringContaining('npm run admin:create') }]);
      expect(await queryRows(database.db, sql`select id from admin_users`)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
