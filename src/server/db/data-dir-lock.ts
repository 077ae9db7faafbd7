import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import fsx from 'fs-native-extensions';

export class DataDirBusyError extends Error {}

/**
 * PGlite has no lock of its own and two processes on one directory corrupt it: hold an OS file lock
 * (flock) on `server.lock` for the life of the process, and refuse clearly when another process has
 * it. The kernel holds the lock for as long as the process lives, however long its main thread is
 * busy or stopped, and drops it when the process dies, so a crash never leaves a stale lock behind.
 * The file itself stays: deleting it could hand a second server a fresh file beside a held one.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  // PGlite writes its files readable and writable by everyone (mode 666, whatever the umask): a folder
  // only this user may enter keeps them private.
  chmodSync(dataDir, 0o700);
  const fd = openSync(join(dataDir, 'server.lock'), 'a', 0o600);
  if (!fsx.tryLock(fd)) {
    closeSync(fd);
    throw new DataDirBusyError(
      `The data directory ${dataDir} is in use by another running server. ` +
        'The embedded database allows one process only: stop the other server, or start this one with ' +
        'another DATA_DIR, or use PostgreSQL through DATABASE_URL.',
    );
  }
  return async () => {
    fsx.unlock(fd);
    closeSync(fd);
  };
}
