import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { aDemoArtist, aDemoTrack } from '../helpers/demo-builders.js';
import { quickOutbox, TestSmtpServer } from '../helpers/mail.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

// MAIL_FROM written as mail programs write it, `Name <address>`: what nodemailer hands the SMTP server
// is that name and that address, for every label (with a bare address each label names itself:
// email-api.test.ts).

describe.each(testDatabaseKinds)('MAIL_FROM with a name on $name', (kind) => {
  let smtp: TestSmtpServer;
  let t: AdminTestApp;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await createAdminTestApp(kind, {
      deps: { mail: { smtpUrl: smtp.url, from: '"Records, Inc." <demos@records.example>', outbox: quickOutbox } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends every email from that name and address, its Message-ID on the address’s domain', async () => {
    const artist = aDemoArtist({ email: 'mara@example.com' });
    const track = aDemoTrack({ soundCloudPrivateLink: 'https://soundcloud.com/mara/night/s-AbC12dEf' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submit-demo',
      payload: { label: 'deep', artist, track, artists: [artist], tracks: [track], termsAccepted: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [email] = await smtp.waitForAccepted(1);
    expect(email?.from).toBe('"Records, Inc." <demos@records.example>');
    expect(email?.to).toEqual(['mara@example.com']);
    expect(email?.messageId).toMatch(/@records\.example>$/);
  });
});
