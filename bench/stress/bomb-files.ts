import { once } from 'node:events';
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';
import { aConstantFlacBomb, aSilentMp3Bomb } from '../../tests/helpers/audio.js';

// Issue 32, row 1's files, written to the disk: small files that decode (or inflate) to far more than
// they weigh. The zip's 500 MB WAV is never in memory: its zeros go through deflate a MiB at a time.

/** A track to name a file after: by ISRC (every track with it) or by id. */
export interface NamedTrack {
  id: string;
  isrc: string;
}

/** What the server should make of a file: refuse it, or fail its job (past the limits); or cut it (within them, with bounded memory). */
export type Expected = 'refused or failed' | 'cut';

export interface BombFile {
  /** What it is, for the table. */
  label: string;
  /** The file name sent: the track it names, and its type. */
  name: string;
  path: string;
  bytes: number;
  expected: Expected;
}

const flacFrames = 10_000;
/** 44.1 kHz, stereo, 16-bit: what the WAV declares. */
const wavRate = 44_100;
/** 500 MiB of zeros, 49.5 minutes of silence: under the 512 MiB an audio file may weigh and the 3 hours it may last. */
const wavDataBytes = 500 * 1024 * 1024;

function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(wavRate, 24);
  header.writeUInt32LE(wavRate * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/**
 * A zip of one deflated entry `inner`: a WAV header declaring `dataBytes` of samples, then that many zeros,
 * streamed through deflate (level 9: about 1,030 to 1) a MiB at a time; only the deflated bytes are kept.
 */
async function writeZeroWavZip(path: string, inner: string, dataBytes: number): Promise<void> {
  const deflate = createDeflateRaw({ level: 9 });
  const deflated: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => deflated.push(chunk));
  const header = wavHeader(dataBytes);
  let crc = crc32(header);
  deflate.write(header);
  const zeros = Buffer.alloc(1024 * 1024);
  for (let left = dataBytes; left > 0; left -= zeros.length) {
    const chunk = zeros.subarray(0, Math.min(left, zeros.length));
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await once(deflate, 'drain');
  }
  deflate.end();
  await finished(deflate);
  const body = Buffer.concat(deflated);
  const name = Buffer.from(inner, 'utf8');
  const sizes = (at: number, into: Buffer) => {
    into.writeUInt32LE(crc, at);
    into.writeUInt32LE(body.length, at + 4);
    into.writeUInt32LE(header.length + dataBytes, at + 8);
  };
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0x0800, 6); // UTF-8 name
  local.writeUInt16LE(8, 8); // deflated
  sizes(14, local);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x0800, 8);
  central.writeUInt16LE(8, 10);
  sizes(16, central);
  central.writeUInt16LE(name.length, 28);
  const directoryAt = local.length + name.length + body.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  await writeFile(path, Buffer.concat([local, name, body, central, name, end]));
}

/**
 * The files, each named after a track of its own (five tracks with distinct ISRCs), written to `dir`:
 * - issue 32's FLAC (10,000 constant frames, 178 KB, 4.1 hours), its STREAMINFO telling the truth;
 * - the same FLAC whose STREAMINFO lies (2 minutes: within both limits by the header);
 * - an MP3 of identical silent frames (96 times its size as 16-bit stereo), 3.2 hours without an info frame;
 * - the same MP3 just under 3 hours: within the limits, so it is cut;
 * - a 510 KB zip holding a 500 MiB zero-filled WAV (49.5 minutes of silence: within the limits, cut).
 */
export async function writeBombFiles(dir: string, tracks: NamedTrack[]): Promise<BombFile[]> {
  if (tracks.length < 5) throw new Error(`five tracks with distinct ISRCs are needed to name the files after, ${tracks.length} found`);
  const [a, b, c, d, e] = tracks as [NamedTrack, NamedTrack, NamedTrack, NamedTrack, NamedTrack];
  const files: BombFile[] = [];
  const write = async (file: Omit<BombFile, 'path' | 'bytes'>, bytes: Buffer) => {
    const path = join(dir, file.name);
    await writeFile(path, bytes);
    files.push({ ...file, path, bytes: bytes.length });
  };
  await write({ label: 'FLAC, 4.1 h of constant frames', name: `${a.id}.flac`, expected: 'refused or failed' }, aConstantFlacBomb({ frames: flacFrames }));
  // 2 minutes declared: 5.3 million samples, under 64 a byte of its 178 KB; its frames hold 655 million.
  await write(
    { label: 'FLAC, the same, STREAMINFO says 2 min', name: `${b.id}.flac`, expected: 'refused or failed' },
    aConstantFlacBomb({ frames: flacFrames, declaredSamples: 120 * 44_100 }),
  );
  // MPEG-2 at 24 kHz: 576 samples a frame, 150,000 frames an hour; 3 hours are 450,000.
  await write({ label: 'MP3, silent frames, 3.2 h', name: `${c.isrc}.mp3`, expected: 'refused or failed' }, aSilentMp3Bomb({ frames: 480_000 }));
  await write({ label: 'MP3, silent frames, 2.9 h (within the limits)', name: `${d.isrc}.mp3`, expected: 'cut' }, aSilentMp3Bomb({ frames: 440_000 }));
  const zipName = 'silence.zip';
  const zipPath = join(dir, zipName);
  await writeZeroWavZip(zipPath, `${e.isrc}.wav`, wavDataBytes);
  const { size } = await stat(zipPath);
  files.push({ label: `zip of a ${wavDataBytes / 1024 / 1024} MiB zero-filled WAV (49.5 min)`, name: zipName, path: zipPath, bytes: size, expected: 'cut' });
  return files;
}
