import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '../../src/server/paths.js';
import { startProductionServer } from '../helpers/production-server.js';
import { e2eAdminEnv } from './admin-session.js';

// Vitest globalSetup of the ops tests, and the first step of the browser tests' (global-setup.ts):
// the demo catalog and the staff account of admin-session.ts, seeded into a data directory that
// servers copy (`template` of startProductionServer). Seeding takes a fresh server 15 s, so the
// directory is kept across runs, and for the other project of a run, under node_modules/.cache,
// named by a hash of the build and of what else seeds it: a new build seeds again.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo catalog and the staff account, seeded for this build; copy it, never start on it. */
    e2eTemplateDir: string;
  }
}

const cacheRoot = join(projectRoot, 'node_modules', '.cache', 'bir-e2e-template');
/** Templates of other builds are removed once unused for this long (a run of another build may still copy one). */
const staleAfterMs = 24 * 3600_000;

/** Every file under `path`, by its path and bytes. */
function hashTree(hash: ReturnType<typeof createHash>, path: string): void {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    hash.update(relative(projectRoot, path)).update('\0').update(readFileSync(path)).update('\0');
    return;
  }
  for (const name of readdirSync(path).sort()) hashTree(hash, join(path, name));
}

/** What the seeded directory depends on: the build (the server, the demo catalog's generator), the migrations, the database engine, the staff account. */
function templateKey(): string {
  const hash = createHash('sha256');
  for (const input of ['dist', 'drizzle', 'package-lock.json']) hashTree(hash, join(projectRoot, input));
  hash.update(JSON.stringify(e2eAdminEnv)).update(process.version);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The seeded template of this build: the cached one, or a new one seeded beside it and renamed into
 * place, so that a run starting at the same time either finds the whole directory or seeds its own.
 */
export async function seededTemplate(): Promise<string> {
  mkdirSync(cacheRoot, { recursive: true });
  const folder = join(cacheRoot, templateKey());
  for (const name of readdirSync(cacheRoot)) {
    const other = join(cacheRoot, name);
    if (other !== folder && Date.now() - statSync(other).mtimeMs > staleAfterMs) rmSync(other, { recursive: true, force: true });
  }
  if (!existsSync(folder)) {
    const seeding = mkdtempSync(join(cacheRoot, 'seeding-'));
    try {
      // Seeding is the slowest start of all (15 s on an idle machine, minutes on a loaded one).
      const server = await startProductionServer({ env: { ...e2eAdminEnv, DATA_DIR: seeding }, readyTimeoutMs: 300_000 });
      await server.stop();
      renameSync(seeding, folder);
    } catch (err) {
      rmSync(seeding, { recursive: true, force: true });
      // Another run renamed its template into place first: the same build, seeded the same way.
      if (!existsSync(folder)) throw err;
    }
  }
  const now = new Date();
  utimesSync(folder, now, now);
  return folder;
}

export default async function setup(project: TestProject): Promise<void> {
  project.provide('e2eTemplateDir', await seededTemplate());
}
