import { createRandom, hashString } from '../../lib/random.js';

/**
 * Preview audio of the demo catalog (issue 7 §2): a short house loop rendered from a key (the
 * track's ISRC), so that a newcomer hears something with no network. Four bars of kick, off-beat
 * hat, bass and a minor chord progression; key and tempo come from the key's hash. Plain 8-bit mono
 * PCM WAV at 11025 Hz: every browser plays it and one preview weighs about 80 KB.
 */

export const previewSampleRate = 11_025;
const beatsPerLoop = 16;
const fadeSeconds = 0.15;

export interface PreviewParams {
  bpm: number;
  /** MIDI note of the key's root (bass register). */
  rootNote: number;
  /** Semitone offsets of the four bars' chord roots from the key's root. */
  progression: readonly number[];
}

const progressions: readonly (readonly number[])[] = [
  [0, 8, 3, 10], // i VI III VII
  [0, 5, 8, 7], // i iv VI v
  [0, 10, 8, 10], // i VII VI VII
  [0, 3, 5, 8], // i III iv VI
];

/** The loop's tempo, key and progression, derived from the key's hash alone. */
export function previewParamsFor(key: string): PreviewParams {
  const random = createRandom(hashString(`preview:${key}`));
  return {
    bpm: random.int(120, 134),
    rootNote: random.int(33, 44), // A1 … G#2
    progression: random.pick(progressions),
  };
}

const frequencyOf = (midiNote: number) => 440 * 2 ** ((midiNote - 69) / 12);

/** The loop as samples in [-1, 1]. */
function renderSamples(key: string): Float32Array {
  const params = previewParamsFor(key);
  const noise = createRandom(hashString(`noise:${key}`));
  const secondsPerBeat = 60 / params.bpm;
  const length = Math.round(beatsPerLoop * secondsPerBeat * previewSampleRate);
  const out = new Float32Array(length);

  for (let i = 0; i < length; i++) {
    const t = i / previewSampleRate;
    const beatPosition = t / secondsPerBeat;
    const beat = Math.floor(beatPosition);
    const inBeat = (beatPosition - beat) * secondsPerBeat; // seconds since the beat
    const bar = Math.floor(beat / 4);
    const chordRoot = params.rootNote + (params.progression[bar % params.progression.length] ?? 0);

    // Kick on every beat: a sine sweeping down from 150 Hz, decaying fast.
    const kickPhase = 2 * Math.PI * (50 * inBeat + (100 / 30) * (1 - Math.exp(-30 * inBeat)));
    const kick = Math.sin(kickPhase) * Math.exp(-9 * inBeat);

    // Hat on the off-beat: short white-noise burst.
    const offBeat = inBeat - secondsPerBeat / 2;
    const white = noise.next() * 2 - 1;
    const hat = offBeat >= 0 ? white * Math.exp(-60 * offBeat) : 0;

    // Bass on the off-beat: the chord's root, a soft square (fundamental plus odd harmonics).
    const bassFrequency = frequencyOf(chordRoot);
    const bassEnvelope = offBeat >= 0 ? Math.exp(-6 * offBeat) : 0;
    const bassPhase = 2 * Math.PI * bassFrequency * t;
    const bass = bassEnvelope * (Math.sin(bassPhase) + Math.sin(3 * bassPhase) / 3 + Math.sin(5 * bassPhase) / 5);

    // Chord: a minor triad two octaves up, restruck every bar and held.
    const inBar = t - bar * 4 * secondsPerBeat;
    const chordEnvelope = Math.min(1, inBar / 0.03) * Math.exp(-0.9 * inBar);
    let chord = 0;
    for (const interval of [0, 3, 7]) chord += Math.sin(2 * Math.PI * frequencyOf(chordRoot + 24 + interval) * t);

    out[i] = 0.42 * kick + 0.1 * hat + 0.2 * bass + 0.09 * chordEnvelope * chord;
  }

  const fadeLength = Math.round(fadeSeconds * previewSampleRate);
  for (let i = 0; i < fadeLength; i++) {
    const gain = i / fadeLength;
    out[i] = (out[i] ?? 0) * gain;
    out[length - 1 - i] = (out[length - 1 - i] ?? 0) * gain;
  }
  return out;
}

/** A complete WAV file (RIFF, PCM, 8-bit unsigned, mono) of the loop for this key. */
export function renderPreviewWav(key: string): Buffer {
  const samples = renderSamples(key);
  const header = 44;
  const wav = Buffer.alloc(header + samples.length);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(wav.length - 8, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(previewSampleRate, 24);
  wav.writeUInt32LE(previewSampleRate, 28); // bytes per second: one byte per sample
  wav.writeUInt16LE(1, 32); // block align
  wav.writeUInt16LE(8, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples.length, 40);
  for (let i = 0; i < samples.length; i++) {
    const clipped = Math.max(-1, Math.min(1, samples[i] ?? 0));
    wav[header + i] = Math.round(128 + clipped * 127);
  }
  return wav;
}
