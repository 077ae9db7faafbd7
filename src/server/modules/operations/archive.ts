import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { PassThrough, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';

// One backup is one tar file (docs/decisions/0073): the database copy, the media folder's files, and
// manifest.json last, which names every other entry with its size and SHA-256. Plain tar, so an
// operator can list it with `tar tf`; the database copy is compressed already, media files mostly are.

/** The archive layout this code writes; an archive of a higher format is refused as newer. */
export const archiveFormat = 1;
export const manifestName = 'manifest.json';
export const mediaPrefix = 'media/';

export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: number;
  createdAt: string;
  app: { name: string; version: string; node: string };
  database: { kind: 'pglite' | 'postgres'; engine: string; file: string };
  /** The last migration applied to the database copied: how many, and the last one's tag and journal time. */
  migrations: { count: number; last: string; lastCreatedAt: number };
  media: { files: number; bytes: number } | null;
  files: ManifestFile[];
}

/** An entry to write: bytes in memory, or a file on disk. */
export type ArchiveEntry = { path: string; bytes: Uint8Array } | { path: string; file: string };

export class DamagedArchiveError extends Error {}
/** Written by a later version of the product (a higher format or migrations this code does not have). */
export class NewerArchiveError extends Error {}

/** Every regular file under `dir` as archive entries `media/<relative path>`; none when it does not exist. */
export async function mediaEntries(dir: string): Promise<ArchiveEntry[]> {
  const found = await readdir(dir, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  return found
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      return { path: mediaPrefix + relative(dir, file).split(sep).join('/'), file };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** Writes the entries and then the manifest (with their checksums) as one tar to `out`. */
export async function writeArchive(out: Writable, entries: ArchiveEntry[], manifest: Omit<Manifest, 'files' | 'media'>): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, out);
  const files: ManifestFile[] = [];
  for (const entry of entries) {
    const hash = createHash('sha256');
    if ('bytes' in entry) {
      hash.update(entry.bytes);
      await new Promise<void>((resolve, reject) => pack.entry({ name: entry.path, size: entry.bytes.byteLength, mode: 0o600 }, Buffer.from(entry.bytes), (err) => (err ? reject(err) : resolve())));
      files.push({ path: entry.path, bytes: entry.bytes.byteLength, sha256: hash.digest('hex') });
      continue;
    }
    const { size } = await stat(entry.file);
    const sink = pack.entry({ name: entry.path, size, mode: 0o600 });
    const hashing = new PassThrough();
    hashing.on('data', (chunk: Buffer) => hash.update(chunk));
    await pipeline(createReadStream(entry.file), hashing, sink);
    files.push({ path: entry.path, bytes: size, sha256: hash.digest('hex') });
  }
  const media = files.filter((f) => f.path.startsWith(mediaPrefix));
  const summary = media.length > 0 ? { files: media.length, bytes: media.reduce((sum, f) => sum + f.bytes, 0) } : null;
  const body = Buffer.from(JSON.stringify({ ...manifest, media: summary, files } satisfies Manifest, null, 2));
  pack.entry({ name: manifestName, size: body.byteLength, mode: 0o600 }, body);
  pack.finalize();
  await written;
}

/** An entry name this code could have written: relative, no `..`, no absolute path. */
function isSafeName(name: string): boolean {
  return name.length > 0 && !name.startsWith('/') && !name.split('/').some((part) => part === '..' || part === '');
}

/**
 * Reads an archive through, checking every entry against the manifest: a truncated or altered file, a
 * missing or extra entry, or no manifest at all is a DamagedArchiveError. With `into`, the entries are
 * written below that folder as they are read (the caller uses them only once this resolved).
 */
export async function readArchive(file: string, into?: string): Promise<Manifest> {
  const extract = tar.extract();
  const seen = new Map<string, ManifestFile>();
  let manifest: Manifest | undefined;
  extract.on('entry', (header, stream, next) => {
    void (async () => {
      stream.on('error', () => undefined);
      if (header.type !== 'file' || !isSafeName(header.name)) throw new DamagedArchiveError(`unexpected entry ${JSON.stringify(header.name)}`);
      if (header.name === manifestName) {
        const chunks: Buffer[] = [];
        for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
        manifest = parseManifest(Buffer.concat(chunks).toString('utf8'));
        return;
      }
      const hash = createHash('sha256');
      let bytes = 0;
      const counting = new PassThrough();
      counting.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        bytes += chunk.length;
      });
      // Synchronous up to the pipeline: an entry cut short errors at once, and must find a listener.
      const target = into ? join(into, header.name) : undefined;
      if (target) mkdirSync(dirname(target), { recursive: true });
      const sink = target ? createWriteStream(target, { mode: 0o600 }) : new Writable({ write: (_chunk, _enc, done) => done() });
      await pipeline(stream as unknown as Readable, counting, sink);
      seen.set(header.name, { path: header.name, bytes, sha256: hash.digest('hex') });
    })().then(() => next(), (err: unknown) => next(err as Error));
  });
  try {
    await pipeline(createReadStream(file), extract);
  } catch (err) {
    if (err instanceof DamagedArchiveError || err instanceof NewerArchiveError) throw err;
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw err;
    throw new DamagedArchiveError(`it is not a complete tar file (${(err as Error).message})`);
  }
  if (!manifest) throw new DamagedArchiveError('it has no manifest.json (cut short?)');
  for (const listed of manifest.files) {
    const found = seen.get(listed.path);
    if (!found) throw new DamagedArchiveError(`${listed.path} is missing`);
    if (found.bytes !== listed.bytes || found.sha256 !== listed.sha256) throw new DamagedArchiveError(`${listed.path} does not match its checksum`);
    seen.delete(listed.path);
  }
  const extra = [...seen.keys()][0];
  if (extra !== undefined) throw new DamagedArchiveError(`${extra} is not in the manifest`);
  // The database copy is read by the name the manifest gives: it must be one of the entries just checked.
  const { file: databaseFile } = manifest.database;
  if (databaseFile.startsWith(mediaPrefix) || !manifest.files.some((listed) => listed.path === databaseFile)) {
    throw new DamagedArchiveError(`its manifest names ${JSON.stringify(databaseFile)} as the database copy, which is not one of its entries`);
  }
  return manifest;
}

function parseManifest(text: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new DamagedArchiveError('its manifest.json is not JSON');
  }
  const m = value as Partial<Manifest>;
  if (typeof m.format === 'number' && m.format > archiveFormat) {
    throw new NewerArchiveError(`it has format ${m.format}, this version reads format ${archiveFormat} and older: restore it with the version that made it (${m.app?.version ?? 'unknown'}) or a later one`);
  }
  const isValid =
    typeof m.format === 'number' &&
    Array.isArray(m.files) &&
    typeof m.database?.file === 'string' &&
    (m.database.kind === 'pglite' || m.database.kind === 'postgres') &&
    typeof m.migrations?.lastCreatedAt === 'number';
  if (!isValid) throw new DamagedArchiveError('its manifest.json lacks fields a backup has');
  return m as Manifest;
}
