import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { e2eAdminEnv } from './admin-session.js';
import { startProductionServer } from './production-server.js';

// Vitest globalSetup of the browser tests. Seeding the demo catalog takes a fresh server 15 s: it
// is done once per run, into a template directory, with the staff account of admin-session.ts.
// Every file starts from it: most share one server (production-site.ts, useSharedSite); a file
// whose server needs other settings, or whose changes others would see, copies the template
// (useOwnSite).
//
// What files on the shared server may do, since they all come from 127.0.0.1 and see one catalog:
// - demos: 5 per 10 minutes per address (demos-vip-legal sends 3, admin-inbox 1, keyboard 1);
// - VIP: 10 per 10 minutes per address (demos-vip-legal 1, admin-inbox 1, keyboard 1);
// - plays: 60 a minute per address (listening alone plays);
// - logins: 5 failures per 15 minutes per address (admin-login fails once); nobody changes the
//   staff password (admin-overview-settings does, on its own server);
// - catalog edits stay on releases no other file opens (admin-catalog edits the oldest deep one;
//   keyboard renames a track of the oldest tech one and puts its title back).

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
  const seeding = await startProductionServer({ ...e2eAdminEnv, DATA_DIR: folder });
  await seeding.stop();
  const shared = await startProductionServer({}, { template: folder });
  project.provide('e2eTemplateDir', folder);
  project.provide('e2eServerUrl', shared.url);
  project.provide('e2eServerDataDir', shared.dataDir);
  return async () => {
    await shared.stop();
    rmSync(folder, { recursive: true, force: true });
  };
}
