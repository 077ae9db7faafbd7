import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { crc32 } from 'node:zlib';

/** A file of a zip: its path in the zip and its bytes, stored as they are (a zip of JPEGs gains nothing from deflate). */
export interface ZipEntry {
  name: string;
  bytes: Buffer;
}

function localHeader(entry: ZipEntry, crc: number): Buffer {
  const name = Buffer.from(entry.name, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4); // version needed
  header.writeUInt16LE(0x0800, 6); // UTF-8 names
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(entry.bytes.length, 18);
  header.writeUInt32LE(entry.bytes.length, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function centralHeader(entry: ZipEntry, crc: number, offset: number): Buffer {
  const name = Buffer.from(entry.name, 'utf8');
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(0x0800, 8);
  header.writeUInt32LE(crc, 16);
  header.writeUInt32LE(entry.bytes.length, 20);
  header.writeUInt32LE(entry.bytes.length, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt32LE(offset, 42);
  return Buffer.concat([header, name]);
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/** A zip (stored entries, under 4 GB) written piece by piece to `write`. */
async function writeZip(entries: Iterable<ZipEntry>, write: (chunk: Buffer) => Promise<void> | void): Promise<void> {
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const crc = crc32(entry.bytes);
    const head = localHeader(entry, crc);
    await write(head);
    await write(entry.bytes);
    central.push(centralHeader(entry, crc, offset));
    offset += head.length + entry.bytes.length;
  }
  const directory = Buffer.concat(central);
  await write(directory);
  await write(endOfCentralDirectory(central.length, directory.length, offset));
}

/** A small zip in memory. */
export async function zipOf(entries: ZipEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await writeZip(entries, (chunk) => {
    chunks.push(chunk);
  });
  return Buffer.concat(chunks);
}

/** A large zip written to `path` one entry at a time (the bench's 200 MB upload). */
export async function writeZipFile(path: string, entries: Iterable<ZipEntry>): Promise<void> {
  const out = createWriteStream(path);
  await writeZip(entries, async (chunk) => {
    if (!out.write(chunk)) await once(out, 'drain');
  });
  out.end();
  await once(out, 'finish');
}
