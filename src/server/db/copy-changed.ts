import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

/** What a copied file was when it was copied: a file whose identity, size or change time differs since changed. */
export interface CopiedFile {
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
}

/**
 * Copies the files of `source` into `target` (a clone where the file system can) that are not there as
 * they are now: new ones, and ones whose inode, size or change time differ from `before`, or that
 * changed at or after `recentNs` (a file's change time is as coarse as the kernel's clock tick, so one
 * written twice within a tick may read unchanged); removes from `target` what `source` no longer holds.
 * Answers what each file was when copied (or left).
 */
export async function copyChanged(source: string, target: string, before: Map<string, CopiedFile>, recentNs: bigint): Promise<Map<string, CopiedFile>> {
  const now = new Map<string, CopiedFile>();
  await mkdir(target, { recursive: true });
  for (const entry of await readdir(source, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const name = relative(source, path);
    if (entry.isDirectory()) {
      await mkdir(join(target, name), { recursive: true });
      continue;
    }
    if (!entry.isFile()) continue;
    let file;
    try {
      file = await stat(path, { bigint: true });
    } catch (err) {
      // Gone since the listing (a WAL segment recycled): what is there now is listed on the next pass.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const seen = { ino: file.ino, size: file.size, mtimeNs: file.mtimeNs };
    const was = before.get(name);
    if (!was || was.ino !== seen.ino || was.size !== seen.size || was.mtimeNs !== seen.mtimeNs || seen.mtimeNs >= recentNs) {
      await mkdir(dirname(join(target, name)), { recursive: true });
      await copyFile(path, join(target, name), constants.COPYFILE_FICLONE);
    }
    now.set(name, seen);
  }
  for (const name of before.keys()) if (!now.has(name)) await rm(join(target, name), { force: true });
  return now;
}
