import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { TierSequencer } from './tests/setup/tier-sequencer.js';

// Four tiers, each a project a developer can run alone (docs/testing.md):
//   node        unit and API tests on real databases   npm run test:node
//   components  React components in jsdom              npm run test:components
//   browser     whole flows in Chromium                npm run test:browser
//   ops         the product run for years: several instances, crashes, stalled and restarted services
//                                                      npm run test:ops
// `npm run test:fast` runs node and components; `npm test` runs all four. Each tier has its own
// timeouts: a test over them is a slow test to look at, not a limit to raise for the whole tier.
// Every run writes a per-file timing report, printed by `npm run test:report` (scripts/test-report.mjs).


export default defineConfig({
  plugins: [react()],
  test: {
    // One file per core, not vitest's cores − 1: the database and browser tests spend much of their
    // time waiting on other processes.
    maxWorkers: availableParallelism(),
    // TEST_REPORT names another file for a run beside others (`npm run test:report -- FILE` reads it).
    reporters: ['default', ['json', { outputFile: process.env.TEST_REPORT ?? 'tests/.output/vitest-report.json' }]],
    sequence: { sequencer: TierSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/ops/**'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 15_000,
          hookTimeout: 30_000,
          // One module graph per worker, not per file. Safe here: no module mocks or fake timers
          // left behind, and each file builds its own app and databases.
          isolate: false,
          globalSetup: ['tests/setup/migrated-databases.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['src/client/**/*.test.tsx'],
          environment: 'jsdom',
          testTimeout: 10_000,
          hookTimeout: 10_000,
          // Loading MUI and jsdom once per worker, not per file. Each file restores the globals and
          // timers it fakes, and tests/setup/dom.ts cleans the DOM and localStorage after each test;
          // a file that leaves module state behind (say, a cache in src/client/lib) would show up
          // here first: then set isolate back to true.
          isolate: false,
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // A flow walks several pages, each rendered by the server and hydrated by Chromium.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One module graph per worker, not per file: the worker's Chromium (tests/e2e-helpers/browser.ts)
          // outlives each file, which opens browser contexts of its own and closes them. No file mocks
          // a module, fakes Node's timers or changes process.env.
          isolate: false,
          globalSetup: ['tests/e2e-helpers/global-setup.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'ops',
          include: ['tests/ops/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // Servers started, killed and restarted, a PostgreSQL cluster initialised, leases left to run out.
          testTimeout: 60_000,
          hookTimeout: 90_000,
          globalSetup: ['tests/setup/migrated-databases.ts', 'tests/e2e-helpers/e2e-template.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
    ],
  },
});
