import type { TestProject } from 'vitest/node';
import { startProductionServer } from '../helpers/production-server.js';
import { seededTemplate } from './e2e-template.js';
import { e2eLimits } from './limits.js';

// Vitest globalSetup of the browser tests: the seeded template (e2e-template.ts) and the server most
// files share, started from it (production-site.ts, useSharedSite). A file whose server needs other
// settings, or whose changes the others would see, copies the template (useOwnSite;
// tests/e2e/README.md says which and why). Every server has limits no run can reach (limits.ts).
//
// What files on the shared server must not do, since they all see one catalog: change the staff
// password (admin-overview-settings does, on its own server), add a release to the tech or deep
// label (production-server and public-site count them) or make one the newest of its label, or edit
// a release another file opens (admin-catalog edits the oldest deep one; keyboard renames a track of
// the oldest tech one and puts its title back).

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server most browser test files share, started from the template. */
    e2eServerUrl: string;
    /** Its data directory (production-server.test.ts checks that a second server is refused; admin-backups backs it up). */
    e2eServerDataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await seededTemplate();
  // No hook's timeout holds a global setup back: the server may take what a loaded machine needs.
  const shared = await startProductionServer({ env: e2eLimits, template, readyTimeoutMs: 300_000 });
  project.provide('e2eTemplateDir', template);
  project.provide('e2eServerUrl', shared.url);
  project.provide('e2eServerDataDir', shared.dataDir);
  return () => shared.stop();
}
