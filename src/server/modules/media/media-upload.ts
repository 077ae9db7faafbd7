import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import yauzl from 'yauzl';
import { audioFileName, audioMessages, audioUploadLimits } from '../../../shared/api/admin-audio.js';
import { mediaMessages, mediaUploadLimits } from '../../../shared/api/admin-media.js';
import { AppError, BadRequestError } from '../../errors.js';
import { checkUploadFileName } from '../../lib/uploads.js';

/**
 * One file of an upload, alone or from a zip: a scratch file holding it (gone once the upload is
 * answered), or why it was refused before it was read.
 */
export type UploadedItem = { name: string; path: string } | { name: string; refused: string };

/** The files of a request, each written to a scratch folder as it arrives (never held whole in memory). */
interface ReceivedFile {
  name: string;
  path: string;
  /** Why it is refused already (its name, its size). */
  refused?: string;
}

const zipSignature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

async function startsWithZipSignature(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    return head.equals(zipSignature);
  } finally {
    await handle.close();
  }
}

/** What one file may weigh, by its name: an audio file (docs/decisions/0026) or an image; and the refusal past it. */
function sizeLimitOf(name: string): { max: number; tooLarge: string } {
  return audioFileName.test(name)
    ? { max: audioUploadLimits.maxAudioBytes, tooLarge: audioMessages.audioTooLarge }
    : { max: mediaUploadLimits.maxImageBytes, tooLarge: mediaMessages.imageTooLarge };
}

/**
 * A media upload (`POST /api/admin/media`): every file field of the form, written to a scratch
 * folder; then each file, and each file of each zip (inflated to a scratch file of its own, removed
 * once handled), handed to `each` one at a time. Nothing is held whole in memory here, whatever the
 * size of a file or a zip. The scratch folder goes at the end.
 */
export async function readMediaUpload(request: FastifyRequest, each: (item: UploadedItem) => Promise<void>): Promise<void> {
  if (!request.isMultipart()) throw new BadRequestError(mediaMessages.filesMissing, 'files');
  const scratch = await mkdtemp(join(tmpdir(), 'media-upload-'));
  try {
    const files = await receiveFiles(request, scratch);
    if (files.length === 0) throw new BadRequestError(mediaMessages.filesMissing, 'files');
    let count = 0;
    // Past the limit of files, each further one is refused by name, unread.
    const counted = (item: UploadedItem) => {
      count += 1;
      return each(count > mediaUploadLimits.maxFiles && 'path' in item ? { name: item.name, refused: mediaMessages.tooManyFiles } : item);
    };
    for (const file of files) {
      if (file.refused) await counted({ name: file.name, refused: file.refused });
      else if (await startsWithZipSignature(file.path)) await eachZipEntry(file, scratch, mediaUploadLimits.maxFiles - count, counted);
      else {
        const limit = sizeLimitOf(file.name);
        if ((await stat(file.path)).size > limit.max) await counted({ name: file.name, refused: limit.tooLarge });
        else await counted({ name: file.name, path: file.path });
      }
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function receiveFiles(request: FastifyRequest, scratch: string): Promise<ReceivedFile[]> {
  const files: ReceivedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      let name: string;
      try {
        name = checkUploadFileName(part.filename, part.fieldname);
      } catch {
        part.file.resume();
        files.push({ name: part.filename, path: '', refused: mediaMessages.fileNameInvalid });
        continue;
      }
      const path = join(scratch, String(files.length));
      await pipeline(part.file, createWriteStream(path));
      // @fastify/multipart cuts a file at limits.fileSize and says so.
      if (part.file.truncated) throw new AppError(413, mediaMessages.uploadTooLarge, 'files');
      files.push({ name, path });
    }
  } catch (err) {
    // The form parser's own complaints (cut short, no boundary, broken part headers) are the client's.
    const status = (err as { statusCode?: number }).statusCode;
    if (err instanceof AppError || (status !== undefined && status < 500)) throw err;
    throw new BadRequestError(mediaMessages.formMalformed, 'files');
  }
  return files;
}

/** The zip's next entry, or undefined at its end. */
function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | undefined> {
  return new Promise((resolve, reject) => {
    const settle = (done: () => void) => {
      zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
      done();
    };
    const onEntry = (entry: yauzl.Entry) => settle(() => resolve(entry));
    const onEnd = () => settle(() => resolve(undefined));
    const onError = (err: Error) => settle(() => reject(err));
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, strictFileNames: false }, (err, opened) => (err ? reject(err) : resolve(opened))),
  );
}

/** Folders, macOS's `__MACOSX` copies and hidden files: entries of a zip that are not handed on. */
const isSkipped = (inner: string) => inner.endsWith('/') || inner.startsWith('__MACOSX/') || basename(inner).startsWith('.');

/**
 * Whether the zip holds more files than `allowance`, read from its central directory alone (nothing
 * inflated), and no further than it takes to know: a zip of 200,000 tiny entries once held the upload
 * for minutes and answered a report of 28 MB.
 */
async function holdsMoreFilesThan(zip: yauzl.ZipFile, allowance: number): Promise<boolean> {
  // A file, its `__MACOSX` copy and a folder each: more entries than three per file an upload may hold
  // is more files than it may hold, known from the directory's end record without reading further.
  if (zip.entryCount > 3 * mediaUploadLimits.maxFiles) return true;
  let files = 0;
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (!isSkipped(entry.fileName)) files += 1;
      if (files > allowance) return true;
    }
  } catch {
    // A directory that lies part of the way through: the pass that reads the files says so, after what came before.
  }
  return false;
}

/**
 * Each file of a zip, read from the disk through its central directory (yauzl) and inflated to a
 * scratch file in `scratch`, removed once `each` has handled it: folders, macOS's
 * `__MACOSX` copies and hidden files skipped, a zip inside it refused, an entry over the image (or audio) limit
 * refused by its declared size (yauzl checks the declared size against what inflates). A zip that
 * cannot be read, or that holds more files than the upload may still take (`allowance`), is one
 * refused item, and nothing in it is inflated.
 */
async function eachZipEntry(file: ReceivedFile, scratch: string, allowance: number, each: (item: UploadedItem) => Promise<void>): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    const counting = await openZip(file.path);
    let tooMany: boolean;
    try {
      tooMany = await holdsMoreFilesThan(counting, allowance);
    } finally {
      counting.close();
    }
    if (tooMany) {
      await each({ name: file.name, refused: mediaMessages.zipTooManyFiles });
      return;
    }
    zip = await openZip(file.path);
  } catch {
    await each({ name: file.name, refused: mediaMessages.zipUnreadable });
    return;
  }
  try {
    for (;;) {
      const entry = await nextEntry(zip);
      if (!entry) return;
      const inner = entry.fileName;
      const name = `${file.name}/${inner}`;
      if (isSkipped(inner)) continue;
      if (/\.zip$/i.test(inner)) {
        await each({ name, refused: mediaMessages.zipInZip });
        continue;
      }
      const limit = sizeLimitOf(inner);
      if (entry.uncompressedSize > limit.max) {
        await each({ name, refused: limit.tooLarge });
        continue;
      }
      const path = join(scratch, `entry-${randomUUID()}`);
      try {
        try {
          const stream = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (err, opened) => (err ? reject(err) : resolve(opened))));
          await pipeline(stream, createWriteStream(path));
        } catch {
          await each({ name, refused: mediaMessages.unreadable });
          continue;
        }
        await each({ name, path });
      } finally {
        await rm(path, { force: true });
      }
    }
  } catch {
    // Its central directory lied part of the way through: what came before stands.
    await each({ name: file.name, refused: mediaMessages.zipUnreadable });
  } finally {
    zip.close();
  }
}
