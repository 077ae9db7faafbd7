import type { AudioFile } from './audio-file.js';

/**
 * What an uploaded audio file is, read from its header alone (docs/decisions/0026, 0087): WAV and AIFF (PCM,
 * parsed here), FLAC and MP3 (their frames counted and decoded by `compressed-audio.ts`). Anything else, a
 * header that lies about the file, or one that declares more audio than a track may hold is refused with the
 * reason, before anything is decoded; the caller names the file.
 */

export type AudioFormat = 'wav' | 'aiff' | 'flac' | 'mp3';

export const audioExtensions: Record<AudioFormat, string> = { wav: 'wav', aiff: 'aiff', flac: 'flac', mp3: 'mp3' };

/**
 * The most audio a file may hold (docs/decisions/0087): 3 hours, longer than any single track or DJ mix; and,
 * for FLAC and MP3, 64 samples (per channel) for each byte of the file. Real MP3 has at most 24, real FLAC of
 * music a few; a FLAC of constant frames (issue 32's bomb) has some 3,700.
 */
export const audioLimits = { maxHours: 3, maxSamplesPerByte: 64 } as const;

/** Chunks (WAV, AIFF) or metadata blocks (FLAC) read before the audio; real files have a handful. */
const maxHeaderChunks = 1_000;

/** Why a file is no audio this server can cut a preview from. */
export class AudioRefused extends Error {}

export const audioRefusals = {
  unknown: 'is not a WAV, FLAC, AIFF or MP3 file',
  cutShort: 'is cut short: its header promises more audio than the file holds',
  noAudio: 'holds no audio',
  encoding: (what: string) => `is ${what}, which cannot be read: send uncompressed PCM (WAV or AIFF), FLAC or MP3`,
  unreadable: 'could not be decoded (damaged or not audio)',
  tooLong: `is longer than ${audioLimits.maxHours} hours, the most a track may last`,
  tooDense:
    `decodes to more than ${audioLimits.maxSamplesPerByte} samples for each byte of the file, which no recording does ` +
    '(long digital silence, or a file made to exhaust the server): send it as WAV or AIFF',
  tooManyChunks: `has more than ${maxHeaderChunks.toLocaleString('en')} blocks of metadata before its audio`,
} as const;

/** Uncompressed PCM samples in a WAV or AIFF file: where they are and how they are written. */
export interface PcmLayout {
  dataOffset: number;
  frames: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  isFloat: boolean;
  isLittleEndian: boolean;
}

/** The frames of a FLAC or MP3 file: where they begin, what the header says, and the length it declares, if any. */
export interface FrameStream {
  /** Where the first frame begins: after an ID3v2 tag and FLAC's metadata blocks. */
  firstFrameAt: number;
  /** The first frame is an MP3's Xing, Info or VBRI frame: it says how long the file is and holds no audio. */
  isFirstFrameInfo: boolean;
  sampleRate: number;
  channels: number;
  /** Samples per channel as FLAC's STREAMINFO or the MP3's info frame declares them; undefined when it does not. */
  declaredSamples: number | undefined;
  /** Bits per sample as FLAC's STREAMINFO says; undefined for MP3 (decoded, it has no depth of its own). */
  bitsPerSample?: number;
}

export type AudioProbe = { format: 'wav' | 'aiff'; pcm: PcmLayout } | { format: 'flac' | 'mp3'; stream: FrameStream };

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));

/**
 * Refuses `samples` (per channel) at `sampleRate` past the limits: longer than 3 hours, or, compressed, more than
 * 64 samples for each of the file's bytes. Checked from the header, and again while a job counts the frames.
 */
export function checkLength(samples: number, sampleRate: number, fileBytes: number, isCompressed: boolean): void {
  if (samples > audioLimits.maxHours * 3600 * sampleRate) throw new AudioRefused(audioRefusals.tooLong);
  if (isCompressed && samples > audioLimits.maxSamplesPerByte * fileBytes) throw new AudioRefused(audioRefusals.tooDense);
}

/** Refuses a channel count or rate no recording has. Written so that NaN fails too (no comparison with NaN is true). */
function checkShape(channels: number, sampleRate: number): void {
  if (!(channels >= 1 && channels <= 8 && sampleRate >= 8000 && sampleRate <= 384_000)) throw new AudioRefused(audioRefusals.unreadable);
}

/** The file's format and what its header says, read from its first bytes alone; or AudioRefused. */
export async function probeAudio(file: AudioFile): Promise<AudioProbe> {
  const head = await file.read(0, 12);
  if (head.length === 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WAVE') return { format: 'wav', pcm: await wavLayout(file) };
  if (head.length === 12 && ascii(head, 0, 4) === 'FORM' && ['AIFF', 'AIFC'].includes(ascii(head, 8, 4))) {
    return { format: 'aiff', pcm: await aiffLayout(file, ascii(head, 8, 4) === 'AIFC') };
  }
  const start = afterId3(head);
  // Enough for an MP3's first frame header and its Xing/Info (after up to 32 bytes of side information) or VBRI tag.
  const audio = await file.read(start, 64);
  if (ascii(audio, 0, 4) === 'fLaC') return { format: 'flac', stream: await flacStream(file, start + 4) };
  if (isMpegAudioFrame(audio)) return { format: 'mp3', stream: mp3Stream(audio, start, file.size) };
  throw new AudioRefused(audioRefusals.unknown);
}

/** Where the audio begins after an ID3v2 tag (MP3s and some FLACs carry one, cover art and all), or 0: from its 10-byte header. */
function afterId3(head: Buffer): number {
  if (head.length < 10 || ascii(head, 0, 3) !== 'ID3') return 0;
  const size = ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
  const hasFooter = (head[5]! & 0x10) !== 0;
  return 10 + size + (hasFooter ? 10 : 0);
}

/** An MPEG audio frame header at the start of `bytes`: sync, a version, layer III/II/I, a bitrate and a sample rate. */
function isMpegAudioFrame(bytes: Buffer): boolean {
  if (bytes.length < 4) return false;
  const [b0, b1, b2] = [bytes[0]!, bytes[1]!, bytes[2]!];
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  const bitrate = b2 >> 4;
  const rate = (b2 >> 2) & 3;
  return b0 === 0xff && (b1 & 0xe0) === 0xe0 && version !== 1 && layer !== 0 && bitrate !== 0 && bitrate !== 15 && rate !== 3;
}

/** MPEG sample rates by version bits (3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5) and rate bits. */
export const mpegRates: Record<number, number[]> = { 3: [44_100, 48_000, 32_000], 2: [22_050, 24_000, 16_000], 0: [11_025, 12_000, 8000] };

/**
 * An MP3's first frame, at `start`: its rate and channels, and the frame count its Xing/Info or VBRI frame
 * declares (a VBR file's, and LAME's Info frame in a CBR one). Without one, the length is known only when a
 * job counts the frames.
 */
function mp3Stream(frame: Buffer, start: number, fileBytes: number): FrameStream {
  const version = (frame[1]! >> 3) & 3;
  const layer = (frame[1]! >> 1) & 3;
  const isMono = frame[3]! >> 6 === 3;
  const sampleRate = mpegRates[version]![(frame[2]! >> 2) & 3]!;
  // Layer I: 384 samples a frame; layer II: 1,152; layer III: 1,152 (MPEG-1) or 576.
  const samplesPerFrame = layer === 3 ? 384 : layer === 2 || version === 3 ? 1152 : 576;
  // Xing/Info follows the side information: 32 or 17 bytes (MPEG-1 stereo or mono), 17 or 9 (MPEG-2 and 2.5).
  const xingAt = 4 + (version === 3 ? (isMono ? 17 : 32) : isMono ? 9 : 17);
  let frames: number | undefined;
  let isFirstFrameInfo = false;
  if (['Xing', 'Info'].includes(ascii(frame, xingAt, 4)) && frame.length >= xingAt + 12) {
    isFirstFrameInfo = true;
    if (frame.readUInt32BE(xingAt + 4) & 1) frames = frame.readUInt32BE(xingAt + 8);
  } else if (ascii(frame, 36, 4) === 'VBRI' && frame.length >= 36 + 18) {
    isFirstFrameInfo = true;
    frames = frame.readUInt32BE(36 + 14);
  }
  const stream = { firstFrameAt: start, isFirstFrameInfo, sampleRate, channels: isMono ? 1 : 2, declaredSamples: frames === undefined ? undefined : frames * samplesPerFrame };
  checkDeclared(stream, fileBytes);
  return stream;
}

function checkDeclared(stream: FrameStream, fileBytes: number): void {
  checkShape(stream.channels, stream.sampleRate);
  if (stream.declaredSamples !== undefined) checkLength(stream.declaredSamples, stream.sampleRate, fileBytes, true);
}

/**
 * A FLAC's STREAMINFO (always the first metadata block, at `at`): rate, channels and total samples (0: unknown),
 * and where the frames begin, after the last metadata block (each block's 4-byte header gives its length).
 */
async function flacStream(file: AudioFile, at: number): Promise<FrameStream> {
  const first = await file.read(at, 4 + 34);
  if (first.length < 4 + 34 || (first[0]! & 0x7f) !== 0) throw new AudioRefused(audioRefusals.cutShort);
  const info = first.subarray(4);
  const sampleRate = (info[10]! << 12) | (info[11]! << 4) | (info[12]! >> 4);
  const channels = ((info[12]! >> 1) & 7) + 1;
  const bitsPerSample = (((info[12]! & 1) << 4) | (info[13]! >> 4)) + 1;
  const totalSamples = (info[13]! & 0x0f) * 2 ** 32 + info.readUInt32BE(14);
  let block = first;
  for (let blocks = 1; !(block[0]! & 0x80); blocks++) {
    if (blocks > maxHeaderChunks) throw new AudioRefused(audioRefusals.tooManyChunks);
    at += 4 + block.readUIntBE(1, 3);
    block = await file.read(at, 4);
    if (block.length < 4) throw new AudioRefused(audioRefusals.cutShort);
  }
  const firstFrameAt = at + 4 + block.readUIntBE(1, 3);
  if (firstFrameAt >= file.size) throw new AudioRefused(firstFrameAt > file.size ? audioRefusals.cutShort : audioRefusals.noAudio);
  const stream = { firstFrameAt, isFirstFrameInfo: false, sampleRate, channels, bitsPerSample, declaredSamples: totalSamples === 0 ? undefined : totalSamples };
  checkDeclared(stream, file.size);
  return stream;
}

/** The chunks of a WAV or AIFF after its 12-byte header: each chunk's id, body offset and size, read 8 bytes at a time. */
async function* chunksOf(file: AudioFile, isLittleEndian: boolean): AsyncGenerator<{ id: string; body: number; size: number }> {
  let at = 12;
  for (let chunks = 1; at + 8 <= file.size; chunks++) {
    if (chunks > maxHeaderChunks) throw new AudioRefused(audioRefusals.tooManyChunks);
    const header = await file.read(at, 8);
    const size = isLittleEndian ? header.readUInt32LE(4) : header.readUInt32BE(4);
    yield { id: ascii(header, 0, 4), body: at + 8, size };
    at += 8 + size + (size % 2);
  }
}

async function wavLayout(file: AudioFile): Promise<PcmLayout> {
  let format: { code: number; channels: number; sampleRate: number; bits: number } | undefined;
  for await (const { id, body, size } of chunksOf(file, true)) {
    if (id === 'fmt ') {
      if (size < 16 || body + size > file.size) throw new AudioRefused(audioRefusals.cutShort);
      const fmt = await file.read(body, Math.min(size, 40));
      let code = fmt.readUInt16LE(0);
      // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of the sub-format GUID.
      if (code === 0xfffe && size >= 40) code = fmt.readUInt16LE(24);
      format = { code, channels: fmt.readUInt16LE(2), sampleRate: fmt.readUInt32LE(4), bits: fmt.readUInt16LE(14) };
    } else if (id === 'data') {
      if (!format) break;
      const isFloat = format.code === 3;
      if (format.code !== 1 && !isFloat) throw new AudioRefused(audioRefusals.encoding(`a WAV of format code ${format.code}`));
      return checkedPcm(file.size, { dataOffset: body, dataBytes: size, channels: format.channels, sampleRate: format.sampleRate, bits: format.bits, isFloat, isLittleEndian: true });
    }
  }
  throw new AudioRefused(format ? audioRefusals.noAudio : audioRefusals.cutShort);
}

/** An 80-bit IEEE 754 extended number (AIFF's sample rate). */
function readExtended(bytes: Buffer, at: number): number {
  const exponent = (bytes.readUInt16BE(at) & 0x7fff) - 16383;
  const mantissa = bytes.readUInt32BE(at + 2) * 2 ** 32 + bytes.readUInt32BE(at + 6);
  return mantissa * 2 ** (exponent - 63);
}

async function aiffLayout(file: AudioFile, isAifc: boolean): Promise<PcmLayout> {
  let comm: { channels: number; sampleRate: number; bits: number; isFloat: boolean; isLittleEndian: boolean } | undefined;
  for await (const { id, body, size } of chunksOf(file, false)) {
    if (id === 'COMM') {
      if (size < 18 || body + size > file.size) throw new AudioRefused(audioRefusals.cutShort);
      const bytes = await file.read(body, Math.min(size, 22));
      const compression = isAifc && size >= 22 ? ascii(bytes, 18, 4) : 'NONE';
      if (!['NONE', 'sowt', 'fl32', 'FL32'].includes(compression)) throw new AudioRefused(audioRefusals.encoding(`an AIFF-C compressed as "${compression}"`));
      comm = {
        channels: bytes.readUInt16BE(0),
        bits: bytes.readUInt16BE(6),
        sampleRate: Math.round(readExtended(bytes, 8)),
        isFloat: compression.toLowerCase() === 'fl32',
        isLittleEndian: compression === 'sowt',
      };
    } else if (id === 'SSND') {
      if (!comm || body + 8 > file.size) break;
      const offset = (await file.read(body, 4)).readUInt32BE(0);
      return checkedPcm(file.size, { dataOffset: body + 8 + offset, dataBytes: size - 8 - offset, ...comm });
    }
  }
  throw new AudioRefused(comm ? audioRefusals.noAudio : audioRefusals.cutShort);
}

function checkedPcm(
  fileBytes: number,
  p: { dataOffset: number; dataBytes: number; channels: number; sampleRate: number; bits: number; isFloat: boolean; isLittleEndian: boolean },
): PcmLayout {
  const sampleBytes = p.bits / 8;
  const validBits = p.isFloat ? [32, 64] : [8, 16, 24, 32];
  if (!validBits.includes(p.bits)) throw new AudioRefused(audioRefusals.encoding(`${p.bits}-bit ${p.isFloat ? 'floating point' : 'PCM'}`));
  // An AIFF's 80-bit rate can read as NaN or infinity.
  checkShape(p.channels, p.sampleRate);
  if (p.dataOffset + p.dataBytes > fileBytes) throw new AudioRefused(audioRefusals.cutShort);
  const frames = Math.floor(p.dataBytes / (sampleBytes * p.channels));
  // Fewer than one: an AIFF's SSND offset past the end of its chunk leaves a negative count of bytes.
  if (!(frames >= 1)) throw new AudioRefused(audioRefusals.noAudio);
  checkLength(frames, p.sampleRate, fileBytes, false);
  return { dataOffset: p.dataOffset, frames, channels: p.channels, sampleRate: p.sampleRate, bitsPerSample: p.bits, isFloat: p.isFloat, isLittleEndian: p.isLittleEndian };
}

/** The samples of whole frames of a WAV or AIFF, read from the file as `bytes`: one Float32Array per channel in [-1, 1]. */
export function decodePcm(bytes: Buffer, pcm: PcmLayout): Float32Array[] {
  const sampleBytes = pcm.bitsPerSample / 8;
  const frameBytes = sampleBytes * pcm.channels;
  const count = Math.floor(bytes.length / frameBytes);
  const channels = Array.from({ length: pcm.channels }, () => new Float32Array(count));
  const le = pcm.isLittleEndian;
  const read = (at: number): number => {
    if (pcm.isFloat) return sampleBytes === 4 ? (le ? bytes.readFloatLE(at) : bytes.readFloatBE(at)) : le ? bytes.readDoubleLE(at) : bytes.readDoubleBE(at);
    switch (sampleBytes) {
      // 8-bit WAV is unsigned; 8-bit AIFF is signed.
      case 1:
        return le ? (bytes[at]! - 128) / 128 : bytes.readInt8(at) / 128;
      case 2:
        return (le ? bytes.readInt16LE(at) : bytes.readInt16BE(at)) / 32768;
      case 3:
        return (le ? bytes.readIntLE(at, 3) : bytes.readIntBE(at, 3)) / 8388608;
      default:
        return (le ? bytes.readInt32LE(at) : bytes.readInt32BE(at)) / 2147483648;
    }
  };
  for (let f = 0; f < count; f++) {
    for (let c = 0; c < pcm.channels; c++) channels[c]![f] = read(f * frameBytes + c * sampleBytes);
  }
  return channels;
}
