import { mpegRates } from '../audio/audio-format.js';

/**
 * The first frame of a download MP3 (docs/decisions/0103): LAME's Xing (VBR) or Info (CBR) tag, which
 * wasm-media-encoders does not write. It says how many frames and bytes follow and where each hundredth of the
 * track begins (the seek table), so that a player knows the length and seeks without reading the whole file,
 * and LAME's extension says the encoder's delay and padding (gapless playback). The encoded bytes are read as
 * they are written, a frame header at a time, keeping a fixed number of frame positions: memory is the same for
 * any length.
 */

const samplesPerFrame = 1152;
/** LAME's encoder delay, in samples, before the first sample of the input (decoders add their own 529). */
const encoderDelay = 576;
/** MPEG-1 layer III bitrates (kbit/s) by the header's bitrate index. */
const bitrates = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
/** Frame positions kept for the seek table: when full, every other is dropped and positions are taken half as often (as LAME does). */
const keptPositions = 400;
const tocEntries = 100;

/** CRC-16 as LAME computes its tag's and the music's (polynomial 0x8005, reflected, starting at 0). */
const crcTable = Uint16Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
  return c;
});
function crc16(bytes: Uint8Array, crc = 0): number {
  for (const byte of bytes) crc = (crc >>> 8) ^ crcTable[(crc ^ byte) & 0xff]!;
  return crc;
}

export interface Mp3Shape {
  /** The rate of the frames (after LAME's resampling, if any). */
  sampleRate: number;
  /** The samples given to the encoder, at `sampleRate`. */
  samples: number;
  /** 320 kbit/s CBR, or VBR at a LAME quality (0: V0). */
  quality: { bitrate: 320 } | { vbrQuality: number };
}

export class Mp3InfoTag {
  /** The tag frame's length: a 128 kbit/s frame for VBR (LAME's), a frame of the stream's bitrate for CBR. */
  readonly frameBytes: number;
  private readonly kbps: number;
  private frames = 0;
  private audioBytes = 0;
  private musicCrc = 0;
  /** The next frame header's bytes as they arrive, and the bytes of the current frame still to come. */
  private readonly header = new Uint8Array(4);
  private headerHave = 0;
  private frameLeft = 0;
  private firstHeader: Uint8Array | undefined;
  /** Byte positions (from the first audio frame) of frames 0, every, 2 × every… */
  private readonly positions = new Float64Array(keptPositions);
  private every = 1;

  constructor(private readonly shape: Mp3Shape) {
    if (!mpegRates[3]!.includes(shape.sampleRate)) throw new Error(`an MP3 tag frame needs an MPEG-1 rate, not ${shape.sampleRate} Hz`);
    this.kbps = 'bitrate' in shape.quality ? shape.quality.bitrate : 128;
    this.frameBytes = Math.floor((144_000 * this.kbps) / shape.sampleRate);
  }

  /** The encoder's output, as it comes: its frames counted and their positions noted. */
  take(bytes: Uint8Array): void {
    this.musicCrc = crc16(bytes, this.musicCrc);
    let at = 0;
    while (at < bytes.length) {
      if (this.frameLeft > 0) {
        const skipped = Math.min(this.frameLeft, bytes.length - at);
        this.frameLeft -= skipped;
        at += skipped;
        continue;
      }
      this.header[this.headerHave++] = bytes[at++]!;
      // The header began 4 bytes back, in this part or the one before.
      if (this.headerHave === 4) this.startFrame(this.audioBytes + at - 4);
    }
    this.audioBytes += bytes.length;
  }

  private startFrame(position: number): void {
    const [b0, b1, b2] = this.header;
    const bitrate = bitrates[b2! >> 4];
    const sampleRate = mpegRates[3]![(b2! >> 2) & 3];
    // MPEG-1 layer III (with or without CRC), the only frames LAME writes at these rates.
    if (b0 !== 0xff || (b1! & 0xfe) !== 0xfa || !bitrate || sampleRate !== this.shape.sampleRate) {
      throw new Error(`the MP3 encoder wrote no frame header where frame ${this.frames + 1} should begin`);
    }
    this.firstHeader ??= this.header.slice();
    this.notePosition(this.frames, position);
    this.frames++;
    this.headerHave = 0;
    this.frameLeft = Math.floor((144_000 * bitrate) / sampleRate) + ((b2! >> 1) & 1) - 4;
  }

  private notePosition(frame: number, position: number): void {
    if (frame % this.every !== 0) return;
    let slot = frame / this.every;
    if (slot === keptPositions) {
      for (let i = 0; i < keptPositions / 2; i++) this.positions[i] = this.positions[2 * i]!;
      this.every *= 2;
      slot /= 2;
    }
    this.positions[slot] = position;
  }

  /** The tag frame, once every frame has been taken: it goes between the ID3 tag and the first audio frame. */
  frame(): Buffer {
    const first = this.firstHeader;
    if (!first || this.headerHave !== 0 || this.frameLeft !== 0) throw new Error('the MP3 encoder ended inside a frame');
    const isVbr = 'vbrQuality' in this.shape.quality;
    const isMono = first[3]! >> 6 === 3;
    const out = Buffer.alloc(this.frameBytes);
    // The first frame's header, at the tag's bitrate, without padding or CRC (the side information is silence).
    out[0] = 0xff;
    out[1] = 0xfb;
    out[2] = (bitrates.indexOf(this.kbps) << 4) | (first[2]! & 0x0d);
    out[3] = first[3]!;
    let at = 4 + (isMono ? 17 : 32);
    const streamBytes = this.frameBytes + this.audioBytes;
    at += out.write(isVbr ? 'Xing' : 'Info', at, 'latin1');
    // Flags: frames, bytes, seek table and quality follow.
    at = out.writeUInt32BE(0x0f, at);
    at = out.writeUInt32BE(this.frames, at);
    at = out.writeUInt32BE(streamBytes, at);
    for (let i = 0; i < tocEntries; i++) {
      const position = this.positions[Math.floor(Math.floor((i * this.frames) / tocEntries) / this.every)]!;
      out[at++] = Math.min(255, Math.floor((256 * (this.frameBytes + position)) / streamBytes));
    }
    const quality = 'vbrQuality' in this.shape.quality ? this.shape.quality.vbrQuality : 0;
    at = out.writeUInt32BE(100 - 10 * quality, at);
    // LAME's extension: version, VBR method (CBR 1, LAME's default VBR 4), then what players read of it.
    at += out.write('LAME3.100', at, 'latin1');
    out[at++] = isVbr ? 4 : 1;
    at += 1 + 4 + 2 + 2 + 1; // lowpass, peak, track and album gain, flags: not known here
    out[at++] = isVbr ? 0 : 255; // ABR / minimal bitrate: CBR's 320 written as 255
    const padding = this.frames * samplesPerFrame - encoderDelay - this.shape.samples;
    if (padding < 0 || padding > 0xfff) throw new Error(`the MP3 encoder wrote ${this.frames} frames for ${this.shape.samples} samples`);
    out.writeUIntBE((encoderDelay << 12) | padding, at, 3);
    at += 3;
    // Misc: stereo mode (mono 0, stereo 1, joint stereo 3) and the rate (32 kHz 0, 44.1 1, 48 2).
    const mode = first[3]! >> 6;
    const stereoMode = mode === 3 ? 0 : mode === 1 ? 3 : 1;
    out[at++] = (stereoMode << 2) | ([32_000, 44_100, 48_000].indexOf(this.shape.sampleRate) << 6);
    at += 1 + 2; // MP3 gain, surround and preset
    at = out.writeUInt32BE(streamBytes, at);
    at = out.writeUInt16BE(this.musicCrc, at);
    out.writeUInt16BE(crc16(out.subarray(0, at)), at);
    return out;
  }
}
