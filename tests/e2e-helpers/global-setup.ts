import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startProductionServer } from '../helpers/production-server.js';
import { e2eAdminEnv } from './admin-session.js';
import { e2eLimits } from './limits.js';

// Vitest globalSetup of the browser tests. Seeding the demo catalog takes a fresh server 15 s: it
// is done once per run, into a template directory, with the staff account of admin-session.ts.
// Every file starts from it: most share one server (production-site.ts, useSharedSite); a file
// whose server needs other settings, or whose changes others would see, copies the template
// (useOwnSite). Every server has limits no run can reach (limits.ts).
//
// What files on the shared server must not do, since they all see one catalog: change the staff
// password (admin-overview-settings does, on its own server), or edit a release another file opens
// (admin-catalog edits the oldest deep one; keyboard renames a track of the oldest tech one and
// puts its title back).

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo catalog and the staff account, seeded for this run; copy it, never start on it. */
    e2eTemplateDir: string;
    /** The server most browser test files share, started from the template. */
    e2eServerUrl: string;
    /** Its data directory (production-server.test.ts checks that a second server is refused). */
    e2eServerDataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(join(tmpdir(), 'bir-e2e-template-'));
  const seeding = await startProductionServer({ env: { ...e2eAdminEnv, DATA_DIR: folder } });
  await seeding.stop();
  const shared = await startProductionServer({ env: e2eLimits, template: folder });
  project.provide('e2eTemplateDir', folder);
  project.provide('e2eServerUrl', shared.url);
  project.provide('e2eServerDataDir', shared.dataDir);
  return async () => {
    await shared.stop();
    rmSync(folder, { recursive: true, force: true });
  };
}
