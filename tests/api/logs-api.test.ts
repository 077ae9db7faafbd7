import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { createOrResetAdmin } from '../../src/server/modules/staff/admin-auth.service.js';
import { createLogger } from '../../src/server/logging.js';
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
      expect((await app.inject({ method: 'POST', url: '/api/admin/change-password', headers: auth, payload: change })).statusCode).toBe(200);
      const vip = { name: 'Fan', email: 'fan@example.com', plan: 'monthly' };
      expect((await app.inject({ method: 'POST', url: '/api/subscribe-vip', payload: vip })).statusCode).toBe(201);
      const demo = { label: 'deep', artist: aDemoArtist({ email: 'artist@example.com' }), track: { name: 'Night Shift', genre: 'Deep House', soundCloudPrivateLink: 'https://soundcloud.com/maraq/night-shift/s-AbC12dEf' }, termsAccepted: true };
      expect((await app.inject({ method: 'POST', url: '/api/submit-demo', payload: demo })).statusCode).toBe(201);
      // The logger censors the keys a careless log call might pass, too.
      logger.info({ email: 'fan@example.com', body: { password: 'alice secret password' } }, 'careless');

      const log = lines.join('');
      for (const message of ['admin logged in', 'admin password changed', 'vip subscription', 'demo submitted', 'careless']) expect(log).toContain(message);
      for (const secret of secrets) expect(log, secret).not.toContain(secret);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
