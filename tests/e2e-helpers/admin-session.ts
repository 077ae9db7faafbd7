import type { Page } from 'playwright-core';
import type { ProductionServer } from '../helpers/production-server.js';

/** The staff account the admin browser tests start their server with. */
export const e2eAdmin = { username: 'staff', password: 'a-long-staff-password' } as const;
export const e2eAdminEnv = { ADMIN_USERNAME: e2eAdmin.username, ADMIN_PASSWORD: e2eAdmin.password };

/** Logs in through the API and stores the token as the login screen does; returns the token. */
export async function logInAsAdmin(page: Page, server: Pick<ProductionServer, 'url'>): Promise<string> {
  const res = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(e2eAdmin),
  });
  if (!res.ok) throw new Error(`admin login answered ${res.status}`);
  const { token } = (await res.json()) as { token: string };
  await page.evaluate((value) => {
    localStorage.setItem('authToken', value);
    localStorage.setItem('adminToken', value);
  }, token);
  return token;
}
