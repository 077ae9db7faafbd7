/**
 * What an uploaded audio file is, read from its first bytes (docs/decisions/0026): WAV and AIFF (PCM,
 * parsed here), FLAC and MP3 (decoded in WebAssembly by `decode-audio.ts`). Anything else, or a
 * header that lies about the file, is refused with the reason; the caller names the file.
 */

export type AudioFormat = 'wav' | 'aiff' | 'flac' | 'mp3';

export const audioExtensions: Record<AudioFormat, string> = { wav: 'wav', aiff: 'aiff', flac: 'flac', mp3: 'mp3' };

/** Why a file is no audio this server can cut a preview from. */
export class AudioRefused extends Error {}

export const audioRefusals = {
  unknown: 'is not a WAV, FLAC, AIFF or MP3 file',
  cutShort: 'is cut short: its header promises more audio than the file holds',
  noAudio: 'holds no audio',
  encoding: (what: string) => `is ${what}, which cannot be read: send uncompressed PCM (WAV or AIFF), FLAC or MP3`,
  unreadable: 'could not be decoded (damaged or not audio)',
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

export type AudioProbe = { format: 'wav' | 'aiff'; pcm: PcmLayout } | { format: 'flac'; sampleRate: number; frames: number } | { format: 'mp3' };

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));

/** The file's format and what its header says, or AudioRefused. */
export function probeAudio(bytes: Buffer): AudioProbe {
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return { format: 'wav', pcm: wavLayout(bytes) };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'FORM' && ['AIFF', 'AIFC'].includes(ascii(bytes, 8, 4))) return { format: 'aiff', pcm: aiffLayout(bytes) };
  const start = afterId3(bytes);
  if (ascii(bytes, start, 4) === 'fLaC') return { format: 'flac', ...flacStreamInfo(bytes, start + 4) };
  if (isMpegAudioFrame(bytes, start)) return { format: 'mp3' };
  throw new AudioRefused(audioRefusals.unknown);
}

/** Where the audio begins after an ID3v2 tag (MP3s and some FLACs carry one), or 0. */
function afterId3(bytes: Buffer): number {
  if (bytes.length < 10 || ascii(bytes, 0, 3) !== 'ID3') return 0;
  const size = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  const hasFooter = (bytes[5]! & 0x10) !== 0;
  return 10 + size + (hasFooter ? 10 : 0);
}

/** An MPEG audio frame header at `at`: sync, a version, layer III/II/I, a bitrate and a sample rate. */
function isMpegAudioFrame(bytes: Buffer, at: number): boolean {
  if (bytes.length < at + 4) return false;
  const [b0, b1, b2] = [bytes[at]!, bytes[at + 1]!, bytes[at + 2]!];
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  const bitrate = b2 >> 4;
  const rate = (b2 >> 2) & 3;
  return b0 === 0xff && (b1 & 0xe0) === 0xe0 && version !== 1 && layer !== 0 && bitrate !== 0 && bitrate !== 15 && rate !== 3;
}

function wavLayout(bytes: Buffer): PcmLayout {
  let format: { code: number; channels: number; sampleRate: number; bits: number } | undefined;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = ascii(bytes, at, 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + size > bytes.length) throw new AudioRefused(audioRefusals.cutShort);
      let code = bytes.readUInt16LE(body);
      // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of the sub-format GUID.
      if (code === 0xfffe && size >= 40) code = bytes.readUInt16LE(body + 24);
      format = { code, channels: bytes.readUInt16LE(body + 2), sampleRate: bytes.readUInt32LE(body + 4), bits: bytes.readUInt16LE(body + 14) };
    } else if (id === 'data') {
      if (!format) break;
      const isFloat = format.code === 3;
      if (format.code !== 1 && !isFloat) throw new AudioRefused(audioRefusals.encoding(`a WAV of format code ${format.code}`));
      return checkedPcm(bytes, { dataOffset: body, dataBytes: size, channels: format.channels, sampleRate: format.sampleRate, bits: format.bits, isFloat, isLittleEndian: true });
    }
    at = body + size + (size % 2);
  }
  throw new AudioRefused(format ? audioRefusals.noAudio : audioRefusals.cutShort);
}

/** An 80-bit IEEE 754 extended number (AIFF's sample rate). */
function readExtended(bytes: Buffer, at: number): number {
  const exponent = (bytes.readUInt16BE(at) & 0x7fff) - 16383;
  const mantissa = bytes.readUInt32BE(at + 2) * 2 ** 32 + bytes.readUInt32BE(at + 6);
  return mantissa * 2 ** (exponent - 63);
}

function aiffLayout(bytes: Buffer): PcmLayout {
  const isAifc = ascii(bytes, 8, 4) === 'AIFC';
  let comm: { channels: number; sampleRate: number; bits: number; isFloat: boolean; isLittleEndian: boolean } | undefined;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = ascii(bytes, at, 4);
    const size = bytes.readUInt32BE(at + 4);
    const body = at + 8;
    if (id === 'COMM') {
      if (size < 18 || body + size > bytes.length) throw new AudioRefused(audioRefusals.cutShort);
      const compression = isAifc && size >= 22 ? ascii(bytes, body + 18, 4) : 'NONE';
      if (!['NONE', 'sowt', 'fl32', 'FL32'].includes(compression)) throw new AudioRefused(audioRefusals.encoding(`an AIFF-C compressed as "${compression}"`));
      comm = {
        channels: bytes.readUInt16BE(body),
        bits: bytes.readUInt16BE(body + 6),
        sampleRate: Math.round(readExtended(bytes, body + 8)),
        isFloat: compression.toLowerCase() === 'fl32',
        isLittleEndian: compression === 'sowt',
      };
    } else if (id === 'SSND') {
      if (!comm || body + 8 > bytes.length) break;
      const offset = bytes.readUInt32BE(body);
      return checkedPcm(bytes, { dataOffset: body + 8 + offset, dataBytes: size - 8 - offset, ...comm });
    }
    at = body + size + (size % 2);
  }
  throw new AudioRefused(comm ? audioRefusals.noAudio : audioRefusals.cutShort);
}

function checkedPcm(
  bytes: Buffer,
  p: { dataOffset: number; dataBytes: number; channels: number; sampleRate: number; bits: number; isFloat: boolean; isLittleEndian: boolean },
): PcmLayout {
  const sampleBytes = p.bits / 8;
  const validBits = p.isFloat ? [32, 64] : [8, 16, 24, 32];
  if (!validBits.includes(p.bits)) throw new AudioRefused(audioRefusals.encoding(`${p.bits}-bit ${p.isFloat ? 'floating point' : 'PCM'}`));
  // Written so that NaN fails too: an AIFF's 80-bit rate can read as NaN or infinity, and no comparison with NaN is true.
  if (!(p.channels >= 1 && p.channels <= 8 && p.sampleRate >= 8000 && p.sampleRate <= 384_000)) throw new AudioRefused(audioRefusals.unreadable);
  if (p.dataOffset + p.dataBytes > bytes.length) throw new AudioRefused(audioRefusals.cutShort);
  const frames = Math.floor(p.dataBytes / (sampleBytes * p.channels));
  // Fewer than one: an AIFF's SSND offset past the end of its chunk leaves a negative count of bytes.
  if (!(frames >= 1)) throw new AudioRefused(audioRefusals.noAudio);
  return { dataOffset: p.dataOffset, frames, channels: p.channels, sampleRate: p.sampleRate, bitsPerSample: p.bits, isFloat: p.isFloat, isLittleEndian: p.isLittleEndian };
}

/** FLAC's STREAMINFO (always the first metadata block): sample rate and total samples (0 = unknown). */
function flacStreamInfo(bytes: Buffer, at: number): { sampleRate: number; frames: number } {
  if (bytes.length < at + 4 + 34 || (bytes[at]! & 0x7f) !== 0) throw new AudioRefused(audioRefusals.cutShort);
  const info = at + 4;
  const sampleRate = (bytes[info + 10]! << 12) | (bytes[info + 11]! << 4) | (bytes[info + 12]! >> 4);
  const frames = (bytes[info + 13]! & 0x0f) * 2 ** 32 + bytes.readUInt32BE(info + 14);
  if (sampleRate === 0) throw new AudioRefused(audioRefusals.unreadable);
  return { sampleRate, frames };
}

/** The samples of `count` frames from `from` of a WAV or AIFF, one Float32Array per channel in [-1, 1]. */
export function readPcmFrames(bytes: Buffer, pcm: PcmLayout, from: number, count: number): Float32Array[] {
  const sampleBytes = pcm.bitsPerSample / 8;
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
  const frameBytes = sampleBytes * pcm.channels;
  for (let f = 0; f < count; f++) {
    const at = pcm.dataOffset + (from + f) * frameBytes;
    for (let c = 0; c < pcm.channels; c++) channels[c]![f] = read(at + c * sampleBytes);
  }
  return channels;
}
