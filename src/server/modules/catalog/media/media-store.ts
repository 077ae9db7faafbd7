import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where uploaded originals and what is derived from them live. Keys are paths such as
 * `audio/3f9c….wav`: content-addressed, so a key is written once and never changes.
 * (The same seam as branch `media`'s, which adds S3-compatible storage: at merge, that file stands.)
 */
export interface MediaStore {
  /** Where it keeps its files, for the start-up log (a folder or a bucket URL). */
  readonly where: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored file, or undefined when no instance stored it. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | undefined>;
}

/** Keys are a folder name and a file name of letters, digits, `-` and `.`: nothing can climb out of the store. */
const keyPattern = /^[a-z]+\/[A-Za-z0-9][A-Za-z0-9.-]*$/;

function checkKey(key: string): string {
  if (!keyPattern.test(key) || key.includes('..')) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * A folder (DATA_DIR/media): one instance, or several sharing the folder (a network file system).
 * A file is written under a temporary name and renamed, so a reader never sees half of it.
 */
export function folderMediaStore(dir: string): MediaStore {
  return {
    where: dir,
    async put(key, body) {
      const path = join(dir, checkKey(key));
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.${randomUUID()}.partial`;
      await writeFile(partial, body);
      await rename(partial, path);
    },
    async get(key) {
      if (!keyPattern.test(key)) return undefined;
      try {
        return { body: await readFile(join(dir, key)), contentType: 'application/octet-stream' };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
  };
}
