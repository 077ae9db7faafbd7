import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MPEGDecoder } from 'mpg123-decoder';
import { createMp3Encoder } from 'wasm-media-encoders';

/** Test audio written by code (no binary fixtures): a sine tone as 16-bit PCM WAV, AIFF, FLAC or MP3. */
export interface Tone {
  seconds: number;
  sampleRate?: number;
  channels?: 1 | 2;
  hz?: number;
  /** Seconds of silence before the tone begins (at half scale): where a preview was cut shows in it. */
  silentFor?: number;
}

function sineSamples({ seconds, sampleRate = 44_100, channels = 2, hz = 440, silentFor = 0 }: Tone): Int16Array {
  const frames = Math.round(seconds * sampleRate);
  const samples = new Int16Array(frames * channels);
  for (let f = Math.round(silentFor * sampleRate); f < frames; f++) {
    const v = Math.round(Math.sin((2 * Math.PI * hz * f) / sampleRate) * 0.5 * 32767);
    for (let c = 0; c < channels; c++) samples[f * channels + c] = v;
  }
  return samples;
}

export function aSineWav(tone: Tone): Buffer {
  const { sampleRate = 44_100, channels = 2 } = tone;
  const samples = sineSamples(tone);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

/** The same tone as a big-endian AIFF. */
export function aSineAiff(tone: Tone): Buffer {
  const { sampleRate = 44_100, channels = 2 } = tone;
  const samples = sineSamples(tone);
  const data = Buffer.alloc(samples.byteLength);
  samples.forEach((s, i) => data.writeInt16BE(s, i * 2));
  const comm = Buffer.alloc(8 + 18);
  comm.write('COMM', 0);
  comm.writeUInt32BE(18, 4);
  comm.writeUInt16BE(channels, 8);
  comm.writeUInt32BE(samples.length / channels, 10);
  comm.writeUInt16BE(16, 14);
  // 80-bit extended sample rate: exponent and a 64-bit mantissa with its top bit set.
  const exponent = Math.floor(Math.log2(sampleRate));
  comm.writeUInt16BE(16383 + exponent, 16);
  comm.writeUInt32BE(Math.round(sampleRate * 2 ** (31 - exponent)) >>> 0, 18);
  const ssnd = Buffer.alloc(16);
  ssnd.write('SSND', 0);
  ssnd.writeUInt32BE(8 + data.length, 4);
  const form = Buffer.alloc(12);
  form.write('FORM', 0);
  form.writeUInt32BE(4 + comm.length + ssnd.length + data.length, 4);
  form.write('AIFF', 8);
  return Buffer.concat([form, comm, ssnd, data]);
}

/** FLAC's frame header CRC-8 (polynomial x^8 + x^2 + x + 1) and frame CRC-16 (x^16 + x^15 + x^2 + 1). */
function flacCrc(bytes: Uint8Array, bits: 8 | 16): number {
  const poly = bits === 8 ? 0x07 : 0x8005;
  const top = 1 << (bits - 1);
  const mask = (1 << bits) - 1;
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << (bits - 8);
    for (let i = 0; i < 8; i++) crc = crc & top ? ((crc << 1) ^ poly) & mask : (crc << 1) & mask;
  }
  return crc;
}

/** The sample-rate codes of a FLAC frame header: the rate written in the header itself, never "see STREAMINFO". */
const flacRateCodes: Record<number, number> = { 88_200: 1, 176_400: 2, 192_000: 3, 8000: 4, 16_000: 5, 22_050: 6, 24_000: 7, 32_000: 8, 44_100: 9, 48_000: 10, 96_000: 11 };

/** A frame number as FLAC writes it: UTF-8's variable-length coding of the number. */
function utf8Number(n: number): number[] {
  if (n < 0x80) return [n];
  if (n < 0x800) return [0xc0 | (n >> 6), 0x80 | (n & 0x3f)];
  if (n < 0x10000) return [0xe0 | (n >> 12), 0x80 | ((n >> 6) & 0x3f), 0x80 | (n & 0x3f)];
  return [0xf0 | (n >> 18), 0x80 | ((n >> 12) & 0x3f), 0x80 | ((n >> 6) & 0x3f), 0x80 | (n & 0x3f)];
}

/**
 * One FLAC frame of 16-bit samples, as libFLAC writes its header: sync, the block size as an explicit 16-bit
 * count, an explicit sample-rate code and sample-size code, the frame number, CRC-8; then one subframe per
 * channel (`subframes`, already written) and CRC-16 of the whole frame.
 */
function flacFrame(frameNumber: number, blockSize: number, sampleRate: number, channels: number, subframes: Buffer): Buffer {
  const rateCode = flacRateCodes[sampleRate];
  if (rateCode === undefined) throw new Error(`no FLAC sample-rate code for ${sampleRate} Hz`);
  const header = Buffer.from([0xff, 0xf8, (0b0111 << 4) | rateCode, ((channels - 1) << 4) | (0b100 << 1), ...utf8Number(frameNumber), (blockSize - 1) >> 8, (blockSize - 1) & 0xff]);
  const body = Buffer.concat([header, Buffer.from([flacCrc(header, 8)]), subframes]);
  const crc = Buffer.alloc(2);
  crc.writeUInt16BE(flacCrc(body, 16));
  return Buffer.concat([body, crc]);
}

/** `fLaC` and STREAMINFO (the last metadata block): block sizes, rate, channels, 16 bits, `totalSamples` (0: unknown). */
function flacHead(p: { blockSize: number; sampleRate: number; channels: number; totalSamples: number }): Buffer {
  const info = Buffer.alloc(34);
  info.writeUInt16BE(p.blockSize, 0);
  info.writeUInt16BE(p.blockSize, 2);
  // Sample rate (20 bits), channels - 1 (3), bits per sample - 1 (5: 15), total samples (36), then the MD5 (left zero: unknown).
  info[10] = p.sampleRate >> 12;
  info[11] = (p.sampleRate >> 4) & 0xff;
  info[12] = ((p.sampleRate & 0x0f) << 4) | ((p.channels - 1) << 1);
  info[13] = (15 << 4) | Math.floor(p.totalSamples / 2 ** 32);
  info.writeUInt32BE(p.totalSamples % 2 ** 32, 14);
  return Buffer.concat([Buffer.from('fLaC'), Buffer.from([0x80, 0, 0, 34]), info]);
}

/** The same tone as FLAC, every frame 4,096 samples stored verbatim (uncompressed) in 16-bit subframes. */
export function aSineFlac(tone: Tone): Buffer {
  const { sampleRate = 44_100, channels = 2 } = tone;
  const samples = sineSamples(tone);
  const frames = samples.length / channels;
  const blockSize = 4096;
  const parts = [flacHead({ blockSize, sampleRate, channels, totalSamples: frames })];
  for (let first = 0, n = 0; first < frames; first += blockSize, n++) {
    const size = Math.min(blockSize, frames - first);
    const subframes = Buffer.alloc(channels * (1 + size * 2));
    for (let c = 0; c < channels; c++) {
      const at = c * (1 + size * 2);
      subframes[at] = 0b01 << 1; // VERBATIM
      for (let i = 0; i < size; i++) subframes.writeInt16BE(samples[(first + i) * channels + c]!, at + 1 + i * 2);
    }
    parts.push(flacFrame(n, size, sampleRate, channels, subframes));
  }
  return Buffer.concat(parts);
}

/**
 * A FLAC decompression bomb, as issue 32 found it: valid frames of 44.1 kHz 16-bit stereo, each a CONSTANT
 * subframe per channel (one sample value standing for 65,535), 16 to 18 bytes a frame: some 3,700 decoded
 * samples per byte of file (10,000 frames are a 178 KB file of 4.1 hours, 5.2 GB as 32-bit floats). STREAMINFO declares
 * `declaredSamples` (default: the truth, `frames` × 65,535); pass fewer to make it lie.
 */
export function aConstantFlacBomb({ frames, declaredSamples }: { frames: number; declaredSamples?: number }): Buffer {
  const blockSize = 65_535;
  const parts = [flacHead({ blockSize, sampleRate: 44_100, channels: 2, totalSamples: declaredSamples ?? frames * blockSize })];
  // Per channel: a CONSTANT subframe header (all zero) and its one 16-bit sample, silence.
  const silence = Buffer.alloc(2 * 3);
  for (let n = 0; n < frames; n++) parts.push(flacFrame(n, blockSize, 44_100, 2, silence));
  return Buffer.concat(parts);
}

/** The same tone as an MP3 (LAME in WebAssembly, 128 kbit/s CBR, no Xing/Info frame). */
export async function aSineMp3(tone: Tone): Promise<Buffer> {
  const { sampleRate = 44_100, channels = 2 } = tone;
  const samples = sineSamples(tone);
  const frames = samples.length / channels;
  const planes = Array.from({ length: channels }, (_, c) => Float32Array.from({ length: frames }, (_, f) => samples[f * channels + c]! / 32768));
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate, channels, bitrate: 128 });
  // The encoder reuses its output buffer: copied before the next call.
  const head = Buffer.from(encoder.encode(planes));
  return Buffer.concat([head, Buffer.from(encoder.finalize())]);
}

/**
 * An MP3 bomb, as issue 32 found it: one silent MPEG-2 layer III frame repeated `frames` times, with no
 * Xing/Info frame to declare its length. The frame is written by hand: 24 kHz mono at 8 kbit/s (576 samples
 * in 24 bytes, the most samples per byte MP3 has), side information and main data all zero (silence).
 * Decoded to 16-bit stereo it is 96 times its size; 10.8 MB of it (450,000 frames) lasts 3 hours.
 */
export function aSilentMp3Bomb({ frames }: { frames: number }): Buffer {
  const frame = Buffer.alloc(24);
  // Sync, MPEG-2, layer III, no CRC; 8 kbit/s, 24 kHz, no padding; mono.
  frame.set([0xff, 0xf3, 0x14, 0xc0]);
  return Buffer.alloc(frame.length * frames, frame);
}

/**
 * A folder of scratch files, as an upload's or a job's: `write` puts bytes in a new file and answers its
 * path; `remove` deletes the folder and everything in it.
 */
export async function scratchFolder(): Promise<{ write(bytes: Buffer): Promise<string>; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'audio-test-'));
  let files = 0;
  return {
    async write(bytes) {
      const path = join(dir, `file-${++files}`);
      await writeFile(path, bytes);
      return path;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** An MP3 decoded as a listener's player would (mpg123 in WebAssembly): its channels and sample rate. */
export async function decodeMp3(bytes: Buffer) {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    return decoder.decode(bytes);
  } finally {
    decoder.free();
  }
}
