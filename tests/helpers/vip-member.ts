import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { VipMemberStatus } from '../../src/shared/api/vip.js';
import { queryRows } from '../../src/server/db/client.js';
import type { TestApp } from './test-app.js';

/**
 * A VIP member of `plan` with the given status, signed in the way a member does (sign-up, the emailed
 * link, its button): their session cookie (`vip_session=…`) and id.
 */
export async function signedInMember(t: TestApp, email: string, status: VipMemberStatus, plan = 'monthly'): Promise<{ cookie: string; id: string }> {
  const joined = await t.app.inject({ method: 'POST', url: '/api/subscribe-vip', payload: { name: 'Fan', email, plan } });
  expect(joined.statusCode, joined.body).toBe(201);
  await t.database.db.execute(sql`update vip_members set status = ${status} where email = ${email}`);
  // The new link's email: an address signed in before (under a test's fixed clock) has older ones.
  const signInEmails = () => queryRows<{ id: string; text: string }>(t.database.db, sql`select id, text_body as text from outbox_emails where ${email} = any(to_addresses) and kind = 'vip_sign_in'`);
  // Links asked for this address before, under a test's fixed clock, would hold this one back (one a minute,
  // three an hour: docs/decisions/0095): they are forgotten, as an hour later they would be.
  await t.database.db.execute(sql`delete from outbox_emails where ${email} = any(to_addresses) and kind = 'vip_sign_in'`);
  const earlier = new Set((await signInEmails()).map((row) => row.id));
  expect((await t.app.inject({ method: 'POST', url: '/api/vip/sign-in', payload: { email } })).statusCode).toBe(202);
  // The link is written after the answer (docs/decisions/0095).
  await t.settled();
  const [mail] = (await signInEmails()).filter((row) => !earlier.has(row.id));
  const token = /\/vip\/account\/sign-in\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  const signedIn = await t.app.inject({ method: 'POST', url: `/api/vip/sign-in/${token}`, payload: {} });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  const [member] = await queryRows<{ id: string }>(t.database.db, sql`select id from vip_members where email = ${email}`);
  return { cookie: String(signedIn.headers['set-cookie']).split(';')[0] as string, id: member!.id };
}
