import { writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import type LibFlac from 'libflacjs';
import { createMp3Encoder } from 'wasm-media-encoders';
import type { DownloadFormat } from '../../../../shared/download-formats.js';
import { flacTagBlocks, id3Tag, type DownloadTags } from './download-tags.js';
import { Mp3InfoTag } from './mp3-info-tag.js';

/**
 * The writers of each download format (docs/decisions/0103): each takes the master's samples a block at a time
 * and writes them to an open file as they come, so memory is a block, whatever the track's length; what is
 * known only at the end (sizes, FLAC's STREAMINFO) is written in place last.
 */

/** What the master holds: its length, rate and channels, and the depth a lossless copy keeps (16 or 24). */
export interface SourceShape {
  frames: number;
  sampleRate: number;
  channels: number;
  bitsPerSample: 16 | 24;
}

export interface FormatWriter {
  /** One block of samples, a Float32Array per channel in [-1, 1]. */
  write(channels: Float32Array[]): void;
  finish(): void;
}

/** A file written in order, a block at a time (`append`), and in place (`patch`). */
export class OutputFile {
  private at = 0;
  constructor(private readonly fd: number) {}
  append(bytes: Uint8Array): void {
    writeSync(this.fd, bytes, 0, bytes.length, this.at);
    this.at += bytes.length;
  }
  patch(position: number, bytes: Uint8Array): void {
    writeSync(this.fd, bytes, 0, bytes.length, position);
  }
  get size(): number {
    return this.at;
  }
}

/** Interleaved integer samples of `bits` from float blocks, rounded and clipped. */
function interleaved(channels: Float32Array[], bits: number): Int32Array<ArrayBuffer> {
  const count = channels[0]!.length;
  const out = new Int32Array(count * channels.length);
  const scale = 2 ** (bits - 1);
  for (let f = 0; f < count; f++) {
    for (let c = 0; c < channels.length; c++) out[f * channels.length + c] = Math.max(-scale, Math.min(scale - 1, Math.round(channels[c]![f]! * scale)));
  }
  return out;
}

function pcmBytes(channels: Float32Array[], bits: 16 | 24, isLittleEndian: boolean): Buffer {
  const samples = interleaved(channels, bits);
  const width = bits / 8;
  const out = Buffer.alloc(samples.length * width);
  for (let i = 0; i < samples.length; i++) {
    if (isLittleEndian) out.writeIntLE(samples[i]!, i * width, width);
    else out.writeIntBE(samples[i]!, i * width, width);
  }
  return out;
}

const chunk = (id: string, body: Buffer) => {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'latin1');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body, Buffer.alloc(body.length % 2)]);
};
const u32 = (n: number, isLittleEndian: boolean) => {
  const b = Buffer.alloc(4);
  if (isLittleEndian) b.writeUInt32LE(n, 0);
  else b.writeUInt32BE(n, 0);
  return b;
};

/** WAV: RIFF, `fmt ` (PCM), `data`, then the `id3 ` chunk with the tags. */
function wavWriter(out: OutputFile, shape: SourceShape, tags: DownloadTags): FormatWriter {
  const { channels, sampleRate, bitsPerSample: bits } = shape;
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0);
  fmt.writeUInt16LE(channels, 2);
  fmt.writeUInt32LE(sampleRate, 4);
  fmt.writeUInt32LE((sampleRate * channels * bits) / 8, 8);
  fmt.writeUInt16LE((channels * bits) / 8, 12);
  fmt.writeUInt16LE(bits, 14);
  out.append(Buffer.concat([Buffer.from('RIFF'), u32(0, true), Buffer.from('WAVE'), chunk('fmt ', fmt), Buffer.from('data'), u32(0, true)]));
  const dataAt = out.size;
  return {
    write: (block) => out.append(pcmBytes(block, bits, true)),
    finish() {
      const dataBytes = out.size - dataAt;
      if (dataBytes % 2) out.append(Buffer.alloc(1));
      const id3 = id3Tag(tags);
      const header = Buffer.alloc(8);
      header.write('id3 ', 0, 'latin1');
      header.writeUInt32LE(id3.length, 4);
      out.append(Buffer.concat([header, id3, Buffer.alloc(id3.length % 2)]));
      out.patch(dataAt - 4, u32(dataBytes, true));
      out.patch(4, u32(out.size - 8, true));
    },
  };
}

/** AIFF: FORM, COMM, SSND, then the `ID3 ` chunk with the tags; big-endian throughout. */
function aiffWriter(out: OutputFile, shape: SourceShape, tags: DownloadTags): FormatWriter {
  const { channels, sampleRate, bitsPerSample: bits } = shape;
  const comm = Buffer.alloc(8 + 18);
  comm.write('COMM', 0, 'latin1');
  comm.writeUInt32BE(18, 4);
  comm.writeUInt16BE(channels, 8);
  comm.writeUInt16BE(bits, 14);
  // The rate as an 80-bit extended number: an integer rate's mantissa fits its upper 32 bits.
  const exponent = Math.floor(Math.log2(sampleRate));
  comm.writeUInt16BE(16383 + exponent, 16);
  comm.writeUInt32BE(sampleRate * 2 ** (31 - exponent), 18);
  out.append(Buffer.concat([Buffer.from('FORM'), u32(0, false), Buffer.from('AIFF'), comm, Buffer.from('SSND'), u32(0, false), Buffer.alloc(8)]));
  const dataAt = out.size;
  return {
    write: (block) => out.append(pcmBytes(block, bits, false)),
    finish() {
      const dataBytes = out.size - dataAt;
      if (dataBytes % 2) out.append(Buffer.alloc(1));
      const id3 = id3Tag(tags);
      out.append(Buffer.concat([Buffer.from('ID3 '), u32(id3.length, false), id3, Buffer.alloc(id3.length % 2)]));
      out.patch(12 + 10, u32(dataBytes / ((channels * bits) / 8), false));
      out.patch(dataAt - 12, u32(dataBytes + 8, false));
      out.patch(4, u32(out.size - 8, false));
    },
  };
}

type Flac = ReturnType<typeof LibFlac>;
let flacLibrary: Promise<Flac> | undefined;

/**
 * libFLAC 1.3.4 in WebAssembly (libflacjs). Its loader fetches the .wasm file with `fetch` whenever there is
 * one, which Node's cannot do for a path: hidden while it loads, so that it reads the file from the disk.
 */
function loadFlac(): Promise<Flac> {
  flacLibrary ??= new Promise<Flac>((resolve) => {
    const fetch = globalThis.fetch;
    let flac: Flac;
    try {
      (globalThis as { fetch?: unknown }).fetch = undefined;
      flac = createRequire(import.meta.url)('libflacjs/dist/libflac.min.wasm.js') as Flac;
    } finally {
      globalThis.fetch = fetch;
    }
    if (flac.isReady()) resolve(flac);
    else flac.on('ready', () => resolve(flac));
  });
  return flacLibrary;
}

/** FLAC: `fLaC`, STREAMINFO (written last, from the encoder's summary), the tags, then libFLAC's frames (level 5). */
async function flacWriter(out: OutputFile, shape: SourceShape, tags: DownloadTags): Promise<FormatWriter> {
  const flac = await loadFlac();
  const { channels, sampleRate, bitsPerSample: bits, frames } = shape;
  const encoder = flac.create_libflac_encoder(sampleRate, channels, bits, 5, frames, false, 0);
  if (!encoder) throw new Error('the FLAC encoder could not be made');
  out.append(Buffer.concat([Buffer.from('fLaC'), Buffer.alloc(4 + 34), flacTagBlocks(tags)]));
  let summary: LibFlac.StreamMetadata | undefined;
  // libFLAC's own metadata (its STREAMINFO and vendor comment) comes with no samples: the header above is ours.
  const status = flac.init_encoder_stream(encoder, (data, _bytes, samples) => samples > 0 && out.append(data), (metadata) => (summary = metadata));
  if (status !== 0) throw new Error(`the FLAC encoder could not start (status ${status})`);
  return {
    write(block) {
      if (!flac.FLAC__stream_encoder_process_interleaved(encoder, interleaved(block, bits), block[0]!.length)) throw new Error('the FLAC encoder failed');
    },
    finish() {
      const isFinished = flac.FLAC__stream_encoder_finish(encoder);
      flac.FLAC__stream_encoder_delete(encoder);
      if (!isFinished || !summary) throw new Error('the FLAC encoder could not finish');
      out.patch(4, Buffer.concat([Buffer.from([0, 0, 0, 34]), streamInfo(summary)]));
    },
  };
}

/** FLAC's 34-byte STREAMINFO from libFLAC's summary of what it wrote. */
function streamInfo(m: LibFlac.StreamMetadata): Buffer {
  const b = Buffer.alloc(34);
  b.writeUInt16BE(m.min_blocksize, 0);
  b.writeUInt16BE(m.max_blocksize, 2);
  b.writeUIntBE(m.min_framesize, 4, 3);
  b.writeUIntBE(m.max_framesize, 7, 3);
  const total = m.total_samples;
  b[10] = (m.sampleRate >> 12) & 0xff;
  b[11] = (m.sampleRate >> 4) & 0xff;
  b[12] = ((m.sampleRate & 0x0f) << 4) | ((m.channels - 1) << 1) | ((m.bitsPerSample - 1) >> 4);
  b[13] = (((m.bitsPerSample - 1) & 0x0f) << 4) | (Math.floor(total / 2 ** 32) & 0x0f);
  b.writeUInt32BE(total % 2 ** 32, 14);
  Buffer.from(m.md5sum, 'hex').copy(b, 18);
  return b;
}

/** The rates MPEG-1 layer III has; any other is resampled by LAME (to 48 kHz from its multiples, else 44.1). */
const mp3Rates = new Set([32_000, 44_100, 48_000]);

/**
 * MP3 (LAME in WebAssembly): the ID3 tag, the Xing (VBR) or Info (CBR) frame, then the frames; 320 kbit/s CBR or
 * V0, stereo (a master's first two channels) or mono. The tag frame's place is kept and it is written last, from
 * the frames the encoder gave.
 */
async function mp3Writer(out: OutputFile, shape: SourceShape, tags: DownloadTags, quality: { bitrate: 320 } | { vbrQuality: 0 }): Promise<FormatWriter> {
  const encoder = await createMp3Encoder();
  const channels = Math.min(shape.channels, 2) as 1 | 2;
  const outputSampleRate = mp3Rates.has(shape.sampleRate) ? undefined : shape.sampleRate % 48_000 === 0 ? 48_000 : 44_100;
  encoder.configure({ sampleRate: shape.sampleRate, channels, ...quality, ...(outputSampleRate ? { outputSampleRate } : {}) });
  const sampleRate = outputSampleRate ?? shape.sampleRate;
  const infoTag = new Mp3InfoTag({ sampleRate, samples: Math.round((shape.frames * sampleRate) / shape.sampleRate), quality });
  out.append(id3Tag(tags));
  const tagAt = out.size;
  out.append(new Uint8Array(infoTag.frameBytes));
  // The encoder reuses its output buffer: each part is read and written before the next call.
  const append = (bytes: Uint8Array) => {
    infoTag.take(bytes);
    out.append(bytes);
  };
  return {
    write: (block) => append(encoder.encode(block.slice(0, channels))),
    finish() {
      append(encoder.finalize());
      out.patch(tagAt, infoTag.frame());
    },
  };
}

export function formatWriter(format: DownloadFormat, out: OutputFile, shape: SourceShape, tags: DownloadTags): Promise<FormatWriter> {
  switch (format) {
    case 'wav':
      return Promise.resolve(wavWriter(out, shape, tags));
    case 'aiff':
      return Promise.resolve(aiffWriter(out, shape, tags));
    case 'flac':
      return flacWriter(out, shape, tags);
    case 'mp3-320':
      return mp3Writer(out, shape, tags, { bitrate: 320 });
    case 'mp3-v0':
      return mp3Writer(out, shape, tags, { vbrQuality: 0 });
  }
}
