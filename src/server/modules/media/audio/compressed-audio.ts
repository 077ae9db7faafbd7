import { FLACDecoder } from '@wasm-audio-decoders/flac';
import CodecParser, { type CodecFrame } from 'codec-parser';
import { MPEGDecoder } from 'mpg123-decoder';
import type { AudioFile } from './audio-file.js';
import { AudioRefused, audioRefusals, checkLength, type FrameStream } from './audio-format.js';

/**
 * FLAC and MP3, a frame at a time (docs/decisions/0087): codec-parser finds the frames in the file, read 64 KiB
 * at a time; a first pass counts their samples without decoding anything, a second decodes (libFLAC and mpg123
 * in WebAssembly) only the frames a preview window needs. Memory is a chunk and a frame, whatever the file.
 */

export interface CompressedAudio {
  format: 'flac' | 'mp3';
  stream: FrameStream;
}

/** A span of the track in samples per channel: `count` from `from`. */
export interface Span {
  from: number;
  count: number;
}

const chunkBytes = 64 * 1024;
/**
 * MP3 frames decoded before a window and dropped: a frame's data may begin in the frames before it (the bit
 * reservoir reaches back 511 bytes in MPEG-1, 255 in MPEG-2: a frame or two at the bitrates music uses, 24 of
 * the smallest frames there are), so a frame decoded cold would be wrong.
 */
const mp3LeadFrames = 24;

/** The file's frames in order, from its first, each with its position (in samples per channel) in the track. */
async function* framesOf(file: AudioFile, audio: CompressedAudio): AsyncGenerator<{ frame: CodecFrame; at: number }> {
  // No CRC-32 of every frame (codec-parser's default, for Ogg pages): nothing here would read it.
  const parser = new CodecParser<CodecFrame>(audio.format === 'flac' ? 'audio/flac' : 'audio/mpeg', { enableFrameCRC32: false });
  const { firstFrameAt } = audio.stream;
  let isInfo = audio.stream.isFirstFrameInfo;
  let at = 0;
  const yielded = (frame: CodecFrame) => {
    const position = at;
    at += frame.samples;
    return { frame, at: position };
  };
  for (let offset = firstFrameAt; offset < file.size; offset += chunkBytes) {
    for (const frame of each(parser.parseChunk(await file.read(offset, chunkBytes)))) {
      if (isInfo) isInfo = false;
      else yield yielded(frame);
    }
  }
  // codec-parser hands on a FLAC frame once it has found the header of the next, and its flush() misses the
  // last frame: the first frame's header, fed again after the end, is that next header (and is never a frame).
  const tail = audio.format === 'flac' ? parser.parseChunk(await file.read(firstFrameAt, 32)) : parser.flush();
  for (const frame of each(tail)) yield yielded(frame);
}

/** codec-parser's frames (its types call its generators bare iterators). */
function* each(frames: Iterator<CodecFrame>): Generator<CodecFrame> {
  for (let next = frames.next(); !next.done; next = frames.next()) yield next.value;
}

/**
 * The track's samples per channel, counted from its frames' headers without decoding them. Past the limits
 * (3 hours, 64 samples a byte) it stops at once and refuses: a header may say little and the frames hold much.
 */
export async function countSamples(file: AudioFile, audio: CompressedAudio): Promise<number> {
  let samples = 0;
  for await (const { frame } of framesOf(file, audio)) {
    samples += frame.samples;
    checkLength(samples, audio.stream.sampleRate, file.size, true);
  }
  if (samples === 0) throw new AudioRefused(audioRefusals.unreadable);
  return samples;
}

/**
 * Decodes the frames that overlap `spans` (for MP3, from a few frames before each), in order, and hands each
 * frame's samples to `take` with their position; stops after the last span. A frame the decoder cannot read
 * is silence of its length, so that every later sample keeps its place; a file of which nothing decodes is
 * AudioRefused.
 */
export async function decodeSpans(file: AudioFile, audio: CompressedAudio, spans: Span[], take: (channels: Float32Array[], at: number) => void): Promise<void> {
  if (spans.length === 0) return;
  const end = Math.max(...spans.map((s) => s.from + s.count));
  // Positions stay those of the frames: mpg123's gapless mode would drop the encoder's delay it reads from an info frame.
  const decoder = audio.format === 'flac' ? new FLACDecoder() : new MPEGDecoder({ enableGapless: false });
  await decoder.ready;
  let hasDecoded = false;
  try {
    for await (const { frame, at } of framesOf(file, audio)) {
      if (at >= end) break;
      const lead = audio.format === 'mp3' ? mp3LeadFrames * frame.samples : 0;
      if (!spans.some((s) => at + frame.samples > s.from - lead && at < s.from + s.count)) continue;
      const decoded = await decoder.decodeFrames([frame.data]);
      hasDecoded ||= decoded.samplesDecoded > 0;
      // mpg123 always answers two channels (a mono file's second is a copy); a frame it could not decode, none.
      const channels = Array.from({ length: audio.stream.channels }, (_, c) => decoded.channelData[c]);
      take(
        channels.map((c) => (c?.length === frame.samples ? c : fitted(c, frame.samples))),
        at,
      );
    }
  } finally {
    decoder.free();
  }
  if (!hasDecoded) throw new AudioRefused(audioRefusals.unreadable);
}

/** A frame's samples cut or padded with silence to the length its header says (all silence when it has none). */
function fitted(channel: Float32Array | undefined, length: number): Float32Array {
  const out = new Float32Array(length);
  if (channel) out.set(channel.subarray(0, length));
  return out;
}
