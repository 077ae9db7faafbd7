import { mkdtemp, readdir, readFile, rename, rm, stat, utimes, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyChanged } from './copy-changed.js';

/** Every file under `dir` with its content. */
async function contents(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files[join(entry.parentPath, entry.name).slice(dir.length + 1)] = await readFile(join(entry.parentPath, entry.name), 'utf8');
  }
  return files;
}

describe('copying a data directory in two passes', () => {
  let work: string;
  afterEach(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('leaves the copy equal to the source after the second pass, whatever changed between them, and copies again only what changed', async () => {
    work = await mkdtemp(join(tmpdir(), 'copy-changed-'));
    const [source, target] = [join(work, 'source'), join(work, 'target')];
    await mkdir(join(source, 'base', '1'), { recursive: true });
    await mkdir(join(source, 'pg_tblspc'), { recursive: true });
    const old = new Date('2026-01-01T00:00:00Z');
    const files = { 'base/1/100': 'heap page A', 'base/1/200': 'index page', 'pg_wal/0001': 'wal one', 'global/pg_control': 'control 1', 'kept': 'never touched' };
    for (const [name, body] of Object.entries(files)) {
      await mkdir(join(source, name, '..'), { recursive: true });
      await writeFile(join(source, name), body);
      await utimes(join(source, name), old, old);
    }
    const first = await copyChanged(source, target, new Map(), 0n);
    expect(await contents(target)).toEqual(files);

    // Between the passes: a file rewritten in place with the same size and change time (a write within
    // one clock tick of the copy), a file grown, one replaced by a rename, one removed, one new.
    await writeFile(join(source, 'base/1/100'), 'heap page B');
    await utimes(join(source, 'base/1/100'), old, old);
    await writeFile(join(source, 'pg_wal/0001'), 'wal one, and more');
    await writeFile(join(source, 'global/pg_control.tmp'), 'control 2');
    await rename(join(source, 'global/pg_control.tmp'), join(source, 'global/pg_control'));
    await utimes(join(source, 'global/pg_control'), old, old);
    await rm(join(source, 'base/1/200'));
    await writeFile(join(source, 'pg_wal/0002'), 'wal two');

    // The same change time, the same size: only a time "recent" to the first pass finds the rewrite.
    const unseen = await copyChanged(source, target, first, BigInt(old.getTime()) * 1_000_000n + 1n);
    expect((await contents(target))['base/1/100']).toBe('heap page A');
    const second = await copyChanged(source, target, unseen, BigInt(old.getTime()) * 1_000_000n);
    expect(await contents(target)).toEqual(await contents(source));
    expect(await readdir(join(target, 'pg_tblspc'))).toEqual([]);

    // A file nobody touched is not copied again: the copy keeps its own inode and time.
    const keptBefore = await stat(join(target, 'kept'));
    await copyChanged(source, target, second, BigInt(Date.now() - 1000) * 1_000_000n);
    expect((await stat(join(target, 'kept'))).mtimeMs).toBe(keptBefore.mtimeMs);
  });
});
