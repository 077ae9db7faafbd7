import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { MPEGDecoder } from 'mpg123-decoder';
import { createMp3Encoder } from 'wasm-media-encoders';
import { AudioRefused, audioRefusals, probeAudio, readPcmFrames } from './audio-format.js';

/**
 * Cutting a track's streaming preview (docs/decisions/0026): decode the upload (WAV/AIFF by hand, FLAC
 * and MP3 in WebAssembly), take the window, fade it in and out, and encode it to MP3 (LAME in
 * WebAssembly). Pure computation: `preview-worker.ts` runs it on a worker thread, off the request path.
 */

/** A track's preview window; null takes the default (60 s from 25% of the track). */
export interface PreviewWindow {
  startMs: number | null;
  lengthMs: number | null;
}

export const previewDefaults = { lengthMs: 60_000, startFraction: 0.25, fadeInMs: 500, fadeOutMs: 1_500, bitrate: 128 } as const;

/** The sample rates MP3 has; anything else is resampled to 44.1 kHz. */
const mp3Rates = new Set([8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000]);

/** An opened upload: its length and a way to read any span of it as one Float32Array per channel. */
interface OpenedAudio {
  sampleRate: number;
  frames: number;
  channels: number;
  read(from: number, count: number): Float32Array[];
}

function decoded(audio: { channelData: Float32Array[]; samplesDecoded: number; sampleRate: number }): OpenedAudio {
  if (audio.samplesDecoded === 0 || audio.channelData.length === 0) throw new AudioRefused(audioRefusals.unreadable);
  return {
    sampleRate: audio.sampleRate,
    frames: audio.samplesDecoded,
    channels: audio.channelData.length,
    read: (from, count) => audio.channelData.map((c) => c.subarray(from, from + count)),
  };
}

/** Opens an upload: WAV and AIFF are read only where a window asks; FLAC and MP3 are decoded whole. */
export async function openAudio(bytes: Buffer): Promise<OpenedAudio> {
  const probe = probeAudio(bytes);
  if (probe.format === 'wav' || probe.format === 'aiff') {
    const { pcm } = probe;
    return { sampleRate: pcm.sampleRate, frames: pcm.frames, channels: pcm.channels, read: (from, count) => readPcmFrames(bytes, pcm, from, count) };
  }
  const decoder = probe.format === 'flac' ? new FLACDecoder() : new MPEGDecoder();
  try {
    await decoder.ready;
    return decoded(await decoder.decode(bytes));
  } catch (err) {
    throw err instanceof AudioRefused ? err : new AudioRefused(audioRefusals.unreadable);
  } finally {
    decoder.free();
  }
}

/** Where a window falls in a track of `durationMs`: the default start at 25%, never past the end. */
export function placeWindow(window: PreviewWindow, durationMs: number): { startMs: number; lengthMs: number } {
  const lengthMs = Math.min(window.lengthMs ?? previewDefaults.lengthMs, durationMs);
  const wanted = window.startMs ?? Math.round(durationMs * previewDefaults.startFraction);
  return { startMs: Math.max(0, Math.min(wanted, durationMs - lengthMs)), lengthMs };
}

/** Linear interpolation to `to` Hz (only for rates MP3 does not have: 88.2, 96, 192 kHz…). */
function resample(channel: Float32Array, from: number, to: number): Float32Array {
  const out = new Float32Array(Math.floor((channel.length * to) / from));
  const step = from / to;
  for (let i = 0; i < out.length; i++) {
    const x = i * step;
    const j = Math.floor(x);
    const a = channel[j] ?? 0;
    const b = channel[j + 1] ?? a;
    out[i] = a + (b - a) * (x - j);
  }
  return out;
}

/** Short fades at both ends, in place. */
function fade(channels: Float32Array[], sampleRate: number): void {
  const frames = channels[0]!.length;
  const fadeIn = Math.min(Math.round((previewDefaults.fadeInMs * sampleRate) / 1000), Math.floor(frames / 2));
  const fadeOut = Math.min(Math.round((previewDefaults.fadeOutMs * sampleRate) / 1000), Math.floor(frames / 2));
  for (const c of channels) {
    for (let i = 0; i < fadeIn; i++) c[i]! *= i / fadeIn;
    for (let i = 0; i < fadeOut; i++) c[frames - 1 - i]! *= i / fadeOut;
  }
}

export interface CutResult {
  /** The track's length as the file says it. */
  durationMs: number;
  /** One MP3 per window, in order. */
  previews: Buffer[];
}

/**
 * The MP3 previews of `windows` cut from the upload `bytes`. `onProgress` hears the frames encoded
 * of all windows together. A file the decoders cannot read is AudioRefused.
 */
export async function cutPreviews(bytes: Buffer, windows: PreviewWindow[], onProgress: (done: number, total: number) => void = () => {}): Promise<CutResult> {
  const audio = await openAudio(bytes);
  const durationMs = Math.round((audio.frames / audio.sampleRate) * 1000);
  const spans = windows.map((w) => {
    const placed = placeWindow(w, durationMs);
    return { from: Math.floor((placed.startMs * audio.sampleRate) / 1000), count: Math.floor((placed.lengthMs * audio.sampleRate) / 1000) };
  });
  const total = spans.reduce((sum, s) => sum + s.count, 0);
  let done = 0;
  const previews: Buffer[] = [];
  const outRate = mp3Rates.has(audio.sampleRate) ? audio.sampleRate : 44_100;
  for (const span of spans) {
    // Stereo stays stereo (the first two channels of a multichannel file), mono stays mono.
    const read = audio.read(span.from, span.count).slice(0, 2);
    // Copies: the fades must not touch a decoded file that another window reads.
    const channels = read.map((c) => (outRate === audio.sampleRate ? Float32Array.from(c) : resample(c, audio.sampleRate, outRate)));
    fade(channels, outRate);
    const encoder = await createMp3Encoder();
    encoder.configure({ sampleRate: outRate, channels: channels.length as 1 | 2, bitrate: previewDefaults.bitrate });
    const parts: Buffer[] = [];
    const chunk = outRate; // a second at a time
    for (let at = 0; at < channels[0]!.length; at += chunk) {
      // The encoder reuses its output buffer: each part is copied before the next call.
      parts.push(Buffer.from(encoder.encode(channels.map((c) => c.subarray(at, at + chunk)))));
      done += Math.round((Math.min(chunk, channels[0]!.length - at) * audio.sampleRate) / outRate);
      onProgress(Math.min(done, total), total);
    }
    parts.push(Buffer.from(encoder.finalize()));
    previews.push(Buffer.concat(parts));
  }
  return { durationMs, previews };
}
