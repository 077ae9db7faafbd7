import type { Page } from 'playwright-core';
import { expect } from 'vitest';
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

/**
 * Imports a distributor export as staff do (`POST /api/admin/import-catalog`) and waits for its job to end
 * as it must: `succeeded`. A server runs one import at a time and answers 409 to another; on the server
 * the files share, a file that meets another file's import starts its own when that one has ended.
 */
export async function importCatalog(server: Pick<ProductionServer, 'url'>, token: string, csv: string, fileName: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  let started: Response | undefined;
  // The jobs' deadline, not expect.poll's default second: an import takes seconds on a busy machine.
  await expect
    .poll(
      async () => {
        const form = new FormData();
        form.set('file', new Blob([csv], { type: 'text/csv' }), fileName);
        started = await fetch(`${server.url}/api/admin/import-catalog`, { method: 'POST', headers, body: form });
        if (started.status === 409) await started.body?.cancel();
        return started.status;
      },
      { timeout: 60_000, interval: 200 },
    )
    .not.toBe(409);
  expect(started!.status, await started!.clone().text()).toBe(202);
  const { job } = (await started!.json()) as { job: { id: string } };
  let status = '';
  await expect
    .poll(
      async () => {
        status = ((await (await fetch(`${server.url}/api/admin/import-jobs/${job.id}`, { headers })).json()) as { data: { status: string } }).data.status;
        return status;
      },
      { timeout: 60_000, interval: 200 },
    )
    .toMatch(/^(succeeded|failed)$/);
  expect(status).toBe('succeeded');
}
