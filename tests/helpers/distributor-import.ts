import { vi } from 'vitest';
import type { ImportJob } from '../../src/shared/api/admin-import.js';
import { readFixtureCsv } from './test-app.js';

/**
 * Imports the real distributor export (tests/fixtures) into a running server as staff would, through
 * `POST /api/admin/import-catalog`, and waits for its job to succeed; answers the job as it ended.
 */
export async function importDistributorExport(serverUrl: string, token: string): Promise<ImportJob> {
  const asAdmin = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append('file', new Blob([readFixtureCsv()], { type: 'text/csv' }), 'distributor-inventory-export.csv');
  const started = await fetch(`${serverUrl}/api/admin/import-catalog`, { method: 'POST', body: form, headers: asAdmin });
  if (started.status !== 202) throw new Error(`import-catalog answered ${started.status}: ${await started.text()}`);
  const { job } = (await started.json()) as { job: ImportJob };
  return vi.waitFor(
    async () => {
      const { data } = (await (await fetch(`${serverUrl}/api/admin/import-jobs/${job.id}`, { headers: asAdmin })).json()) as { data: ImportJob };
      if (data.status === 'failed') throw new Error(`the import failed: ${JSON.stringify(data)}`);
      if (data.status !== 'succeeded') throw new Error(`the import is ${data.status}`);
      return data;
    },
    { timeout: 60_000, interval: 100 },
  );
}
