import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startProductionServer } from '../helpers/production-server.js';

// The built server on the data directory of another server that is stopped (SIGSTOP: no timer of it
// runs, and its lock file looks an hour old) is refused, and the stopped one, continued, serves the data
// it had (src/server/db/data-dir-lock.ts; its unit tests beside it).

/** A server on `dataDir` (no demo catalog, no web app); the first start migrates the directory. */
const startOn = (dataDir: string) => startProductionServer({ env: { DATA_DIR: dataDir, SEED_DEMO_CATALOG: 'false', SERVE_WEB_APP: 'false' } });

/** What the database holds, read through the server. */
async function labelIds(url: string): Promise<string[]> {
  const res = await fetch(`${url}/api/labels`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { id: string }[] }).data.map((label) => label.id);
}

describe('one server per data directory', () => {
  let dir: string;

  beforeEach(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'bir-lock-')), 'data');
  });
  afterEach(() => {
    rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it("refuses a second server on a stopped server's data directory, and the data is intact afterwards", async () => {
    const first = await startOn(dir);
    try {
      const before = await labelIds(first.url);
      expect(before).toHaveLength(3);
      first.process.kill('SIGSTOP');
      const anHourAgo = new Date(Date.now() - 60 * 60_000);
      utimesSync(join(dir, 'server.lock'), anHourAgo, anHourAgo);

      // It exits (1) before listening, saying why.
      const refused = await startOn(dir).then(
        () => undefined,
        (err: unknown) => err as Error,
      );
      expect(refused?.message).toContain('the server exited (1) before listening');
      expect(refused?.message).toContain(`The data directory ${dir} is in use by another running server.`);

      first.process.kill('SIGCONT');
      expect(await labelIds(first.url)).toEqual(before);
      await first.stop();
      expect(first.process.exitCode).toBe(0);

      const third = await startOn(dir);
      try {
        expect(await labelIds(third.url)).toEqual(before);
      } finally {
        await third.stop();
      }
    } finally {
      await first.kill();
    }
  });
});
