import { createMp3Encoder, type WasmMediaEncoder } from 'wasm-media-encoders';
import { withAudioFile, type AudioFile } from './audio-file.js';
import { AudioRefused, audioRefusals, decodePcm, probeAudio, type PcmLayout } from './audio-format.js';
import { countSamples, decodeSpans, type Span } from './compressed-audio.js';

/**
 * Cutting a track's streaming preview (docs/decisions/0026, 0087): from the upload's file, checked from its
 * header, read only where the windows lie (WAV/AIFF by hand, FLAC and MP3 a frame at a time in WebAssembly),
 * each window faded and encoded to MP3 (LAME in WebAssembly) as its samples arrive. Memory is bounded by the
 * windows, never the file. Pure computation: `preview-worker.ts` runs it in a process of its own, off the request path.
 */

/** A track's preview window; null takes the default (60 s from 25% of the track). */
export interface PreviewWindow {
  startMs: number | null;
  lengthMs: number | null;
}

export const previewDefaults = { lengthMs: 60_000, startFraction: 0.25, fadeInMs: 500, fadeOutMs: 1_500, bitrate: 128 } as const;

/** The sample rates MP3 has; anything else is resampled to 44.1 kHz. */
const mp3Rates = new Set([8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000]);

/** Where a window falls in a track of `durationMs`: the default start at 25%, never past the end. */
export function placeWindow(window: PreviewWindow, durationMs: number): { startMs: number; lengthMs: number } {
  const lengthMs = Math.min(window.lengthMs ?? previewDefaults.lengthMs, durationMs);
  const wanted = window.startMs ?? Math.round(durationMs * previewDefaults.startFraction);
  return { startMs: Math.max(0, Math.min(wanted, durationMs - lengthMs)), lengthMs };
}

/**
 * One window's preview, made as the track's samples arrive in order (blocks of any length, each with its
 * position): the window's part of each block resampled by linear interpolation when MP3 has no such rate,
 * faded in and out, and encoded a second at a time. It holds a second of samples and the MP3 so far.
 */
class WindowCut {
  private readonly step: number;
  private readonly outFrames: number;
  private readonly fadeIn: number;
  private readonly fadeOut: number;
  /** The next sample to make, at the output rate; it reads the window's input samples `step` times further on. */
  private next = 0;
  /** The window's input samples received so far, and the last of them per channel (a sample to interpolate from). */
  private received = 0;
  private last: number[];
  private readonly second: Float32Array[];
  private filled = 0;
  private encodedInput = 0;
  private readonly parts: Buffer[] = [];

  constructor(
    private readonly span: Span,
    private readonly format: { inRate: number; outRate: number; channels: 1 | 2 },
    private readonly encoder: WasmMediaEncoder<'audio/mpeg'>,
    private readonly onEncoded: (inputSamples: number) => void,
  ) {
    this.step = format.inRate / format.outRate;
    this.outFrames = Math.floor((span.count * format.outRate) / format.inRate);
    this.fadeIn = Math.min(Math.round((previewDefaults.fadeInMs * format.outRate) / 1000), Math.floor(this.outFrames / 2));
    this.fadeOut = Math.min(Math.round((previewDefaults.fadeOutMs * format.outRate) / 1000), Math.floor(this.outFrames / 2));
    this.last = new Array<number>(format.channels).fill(0);
    this.second = Array.from({ length: format.channels }, () => new Float32Array(format.outRate));
  }

  /** Takes what falls in the window of `block` (one Float32Array per channel, the first two used), which starts at sample `at` of the track. */
  take(block: Float32Array[], at: number): void {
    const first = Math.max(0, this.span.from - at);
    const end = Math.min(block[0]!.length, this.span.from + this.span.count - at);
    if (end <= first) return;
    const base = this.received;
    this.received += end - first;
    const sample = (c: number, j: number) => (j < base ? this.last[c]! : block[c]![first + j - base]!);
    while (this.next < this.outFrames) {
      const x = this.next * this.step;
      const j = Math.floor(x);
      const k = Math.min(j + 1, this.span.count - 1);
      if (k >= this.received) break;
      const gain = Math.min(1, this.fadeIn ? this.next / this.fadeIn : 1, this.fadeOut ? (this.outFrames - 1 - this.next) / this.fadeOut : 1);
      for (let c = 0; c < this.format.channels; c++) {
        const a = sample(c, j);
        this.second[c]![this.filled] = (a + (sample(c, k) - a) * (x - j)) * gain;
      }
      this.next++;
      if (++this.filled === this.format.outRate) this.encode();
    }
    for (let c = 0; c < this.format.channels; c++) this.last[c] = block[c]![end - 1]!;
  }

  /** The window's MP3; AudioRefused when the file ended before the window did. */
  finish(): Buffer {
    if (this.next < this.outFrames) throw new AudioRefused(audioRefusals.cutShort);
    this.encode();
    this.parts.push(Buffer.from(this.encoder.finalize()));
    return Buffer.concat(this.parts);
  }

  private encode(): void {
    if (this.filled === 0) return;
    // The encoder reuses its output buffer: each part is copied before the next call.
    this.parts.push(Buffer.from(this.encoder.encode(this.second.map((c) => c.subarray(0, this.filled)))));
    this.filled = 0;
    const input = this.next === this.outFrames ? this.span.count : Math.round(this.next * this.step);
    this.onEncoded(input - this.encodedInput);
    this.encodedInput = input;
  }
}

export interface CutResult {
  /** The track's length as the file says it. */
  durationMs: number;
  /** One MP3 per window, in order. */
  previews: Buffer[];
}

/** Reads each span of a WAV or AIFF from the file, about 64 KiB at a time, for `take`. */
export async function readPcmSpans(file: AudioFile, pcm: PcmLayout, spans: Span[], take: (span: number, channels: Float32Array[], at: number) => void): Promise<void> {
  const frameBytes = (pcm.bitsPerSample / 8) * pcm.channels;
  const framesPerRead = Math.max(1, Math.floor((64 * 1024) / frameBytes));
  for (const [i, span] of spans.entries()) {
    for (let at = span.from; at < span.from + span.count; at += framesPerRead) {
      const count = Math.min(framesPerRead, span.from + span.count - at);
      take(i, decodePcm(await file.read(pcm.dataOffset + at * frameBytes, count * frameBytes), pcm), at);
    }
  }
}

/**
 * The MP3 previews of `windows` cut from the audio file at `path`. `onProgress` hears the samples encoded of
 * all windows together. A file refused by its header or its frames, or one the decoders cannot read, is
 * AudioRefused.
 */
export async function cutPreviews(path: string, windows: PreviewWindow[], onProgress: (done: number, total: number) => void = () => {}): Promise<CutResult> {
  return withAudioFile(path, async (file) => {
    const probe = await probeAudio(file);
    const { sampleRate, channels } = 'pcm' in probe ? probe.pcm : probe.stream;
    const frames = 'pcm' in probe ? probe.pcm.frames : await countSamples(file, probe);
    const durationMs = Math.round((frames / sampleRate) * 1000);
    const spans = windows.map((w) => {
      const placed = placeWindow(w, durationMs);
      return { from: Math.floor((placed.startMs * sampleRate) / 1000), count: Math.floor((placed.lengthMs * sampleRate) / 1000) };
    });
    const total = spans.reduce((sum, s) => sum + s.count, 0);
    let done = 0;
    const format = {
      inRate: sampleRate,
      outRate: mp3Rates.has(sampleRate) ? sampleRate : 44_100,
      // Stereo stays stereo (the first two channels of a multichannel file), mono stays mono.
      channels: Math.min(channels, 2) as 1 | 2,
    };
    const cuts: WindowCut[] = [];
    for (const span of spans) {
      const encoder = await createMp3Encoder();
      encoder.configure({ sampleRate: format.outRate, channels: format.channels, bitrate: previewDefaults.bitrate });
      cuts.push(
        new WindowCut(span, format, encoder, (samples) => {
          done += samples;
          onProgress(done, total);
        }),
      );
    }
    if ('pcm' in probe) await readPcmSpans(file, probe.pcm, spans, (i, block, at) => cuts[i]!.take(block, at));
    else await decodeSpans(file, probe, spans, (block, at) => cuts.forEach((cut) => cut.take(block, at)));
    return { durationMs, previews: cuts.map((cut) => cut.finish()) };
  });
}
