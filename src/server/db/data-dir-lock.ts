import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirBusyError extends Error {}

/**
 * PGlite has no lock of its own and two processes on one directory corrupt it: hold a lock for the
 * life of the process, and refuse clearly when another process has it.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, 'server.lock'),
      retries: 0,
      stale: 15_000,
      onCompromised: (err) => {
        throw err;
      },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirBusyError(
        `The data directory ${dataDir} is in use by another running server. ` +
          'The embedded database allows one process only: stop the other server, or start this one with ' +
          'another DATA_DIR, or use PostgreSQL through DATABASE_URL.',
      );
    }
    throw err;
  }
}
