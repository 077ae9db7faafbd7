import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { createOrResetAdmin } from '../../src/server/modules/staff/admin-auth.service.js';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/client.js';
import { createLogger, loggedUrl } from '../../src/server/logging.js';
import { aDemoArtist } from '../helpers/demo-builders.js';
import { testNow } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

describe('the server log', () => {
  it('never holds a password, a token or an email, at info level and below', async () => {
    const database = await testDatabaseKinds[0]!.open();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger('trace', stream);
    const app = await buildApp({ db: database.db, clock: () => testNow }, { loggerInstance: logger });
    try {
      await createOrResetAdmin(database.db, 'alice', 'alice secret password', testNow);
      const secrets = ['alice secret password', 'typed-into-username', 'new alice password', 'fan@example.com', 'artist@example.com'];
      const login = (username: string, password: string) => app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });

      expect((await login('typed-into-username', 'x')).statusCode).toBe(401);
      const loggedIn = await login('alice', 'alice secret password');
      expect(loggedIn.statusCode).toBe(200);
      const token = loggedIn.json<{ token: string }>().token;
      secrets.push(token);
      const auth = { authorization: `Bearer ${token}` };
      expect((await app.inject({ method: 'GET', url: '/api/admin/verify-admin-token', headers: auth })).statusCode).toBe(200);
      const change = { currentPassword: 'alice secret password', newPassword: 'new alice password' };
      const changed = await app.inject({ method: 'POST', url: '/api/admin/change-password', headers: auth, payload: change });
      expect(changed.statusCode).toBe(200);
      // The change ended that session: the answer is the next one.
      const nextToken = changed.json<{ token: string }>().token;
      secrets.push(nextToken);
      const vip = { name: 'Fan', email: 'fan@example.com', plan: 'monthly' };
      expect((await app.inject({ method: 'POST', url: '/api/subscribe-vip', payload: vip })).statusCode).toBe(201);
      const demo = { label: 'deep', artist: aDemoArtist({ email: 'artist@example.com' }), track: { name: 'Night Shift', genre: 'Deep House', soundCloudPrivateLink: 'https://soundcloud.com/maraq/night-shift/s-AbC12dEf' }, termsAccepted: true };
      expect((await app.inject({ method: 'POST', url: '/api/submit-demo', payload: demo })).statusCode).toBe(201);
      // A staff invitation's link, opened and accepted: its token is in the URL of both requests.
      expect((await app.inject({ method: 'POST', url: '/api/admin/staff', headers: { authorization: `Bearer ${nextToken}` }, payload: { email: 'newcomer@example.com', role: 'editor' } })).statusCode).toBe(201);
      const [invitation] = await queryRows<{ text_body: string }>(database.db, sql`select text_body from outbox_emails where kind = 'staff_invitation'`);
      const invitationToken = /\/admin\/invite\/([\w-]+)/.exec(invitation?.text_body ?? '')?.[1] ?? '';
      expect(invitationToken).not.toBe('');
      secrets.push(invitationToken, 'newcomer@example.com');
      expect((await app.inject({ method: 'GET', url: `/api/admin/invitations/${invitationToken}` })).statusCode).toBe(200);
      expect((await app.inject({ method: 'POST', url: `/api/admin/invitations/${invitationToken}`, payload: { username: 'newcomer', password: 'newcomer password' } })).statusCode).toBe(201);
      // The logger censors the keys a careless log call might pass, too.
      logger.info({ email: 'fan@example.com', body: { password: 'alice secret password' } }, 'careless');

      const log = lines.join('');
      for (const message of ['admin logged in', 'admin password changed', 'vip subscription', 'demo submitted', 'staff invitation accepted', 'careless']) expect(log).toContain(message);
      expect(log).toContain('"url":"/api/admin/invitations/[redacted]"');
      for (const secret of secrets) expect(log, secret).not.toContain(secret);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('keeps no secret link of any route or page in a request URL', async () => {
    const database = await testDatabaseKinds[0]!.open();
    const app = await buildApp({ db: database.db, clock: () => testNow }, { logger: false });
    try {
      await app.ready();
      const document = app.swagger() as { paths: Record<string, unknown> };
      const withToken = Object.keys(document.paths).filter((path) => path.includes('{token}'));
      expect(withToken.length).toBeGreaterThan(5);
      for (const path of withToken) expect(loggedUrl(path.replace('{token}', 'SeCrEt-123_x')), path).not.toContain('SeCrEt');
      // The pages the emails link to, by the client's router.
      for (const page of ['/admin/invite/', '/vip/account/sign-in/', '/vip/waiting-list/', '/notify/', '/unsubscribe/', '/demo-status/']) {
        expect(loggedUrl(`${page}SeCrEt-123_x?from=email`)).toBe(`${page}[redacted]?from=email`);
      }
      // Other paths are kept as they are.
      for (const path of ['/records/releases/night-shift', '/api/vip/waiting-list', '/api/admin/waiting-list', '/vip/sign-in']) expect(loggedUrl(path)).toBe(path);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
