import { describe, expect, it } from 'vitest';
import { aSineAiff, aSineWav, decodeMp3 } from '../../../../../tests/helpers/audio.js';
import { AudioRefused, audioRefusals, probeAudio } from './audio-format.js';
import { cutPreviews, placeWindow } from './cut-preview.js';

/** Why probeAudio refuses the bytes (always an AudioRefused), or undefined when it takes them. */
function refusal(bytes: Buffer): string | undefined {
  try {
    probeAudio(bytes);
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(AudioRefused);
    return (err as Error).message;
  }
}

describe('cutting a preview', () => {
  it('places the default window at 25% for 60 s, never past the end, and a short track whole', () => {
    expect(placeWindow({ startMs: null, lengthMs: null }, 360_000)).toEqual({ startMs: 90_000, lengthMs: 60_000 });
    expect(placeWindow({ startMs: 330_000, lengthMs: 60_000 }, 360_000)).toEqual({ startMs: 300_000, lengthMs: 60_000 });
    expect(placeWindow({ startMs: null, lengthMs: null }, 40_000)).toEqual({ startMs: 0, lengthMs: 40_000 });
    expect(placeWindow({ startMs: 5_000, lengthMs: 20_000 }, 360_000)).toEqual({ startMs: 5_000, lengthMs: 20_000 });
  });

  it('reads the duration and encodes each window to an MP3 of its length, from WAV and AIFF alike', async () => {
    for (const file of [aSineWav({ seconds: 12, sampleRate: 22_050 }), aSineAiff({ seconds: 12, sampleRate: 22_050 })]) {
      const progress: number[] = [];
      const result = await cutPreviews(file, [{ startMs: null, lengthMs: 4_000 }, { startMs: 1_000, lengthMs: 2_000 }], (done) => progress.push(done));
      expect(result.durationMs).toBe(12_000);
      expect(result.previews).toHaveLength(2);
      const [long, short] = await Promise.all(result.previews.map(decodeMp3));
      expect(long!.sampleRate).toBe(22_050);
      // The encoder pads a frame or two at each end.
      expect(long!.samplesDecoded / 22_050).toBeCloseTo(4, 0);
      expect(short!.samplesDecoded / 22_050).toBeCloseTo(2, 0);
      expect(progress.at(-1)).toBe(6 * 22_050);
      // Faded in: the first samples are near silence, the middle is the tone at half scale.
      const channel = long!.channelData[0]!;
      expect(Math.max(...channel.subarray(0, 200).map(Math.abs))).toBeLessThan(0.05);
      expect(Math.max(...channel.subarray(40_000, 41_000).map(Math.abs))).toBeGreaterThan(0.4);
    }
  });

  it('refuses what is no audio, or a header that promises more than the file holds', () => {
    expect(refusal(Buffer.from('definitely not audio, just some words'))).toBe(audioRefusals.unknown);
    expect(refusal(aSineWav({ seconds: 1 }).subarray(0, 1000))).toBe(audioRefusals.cutShort);
    expect(refusal(aSineWav({ seconds: 1 }))).toBeUndefined();
  });

  it('refuses a header whose numbers are not numbers or point outside their chunk, in AIFF and WAV alike', () => {
    // The AIFF's 80-bit sample rate (COMM at 12, its rate at 12 + 16) with the exponent of NaN and infinity.
    const nanRate = aSineAiff({ seconds: 1 });
    nanRate.writeUInt16BE(0x7fff, 28);
    expect(refusal(nanRate)).toBe(audioRefusals.unreadable);
    const infiniteRate = aSineAiff({ seconds: 1 });
    infiniteRate.writeUInt16BE(0x7fff, 28);
    infiniteRate.writeUInt32BE(0, 30);
    infiniteRate.writeUInt32BE(0, 34);
    expect(refusal(infiniteRate)).toBe(audioRefusals.unreadable);
    // SSND's offset (at 12 + 26 + 8) past the end of its chunk: fewer than no frames.
    const pastItsChunk = aSineAiff({ seconds: 1 });
    pastItsChunk.writeUInt32BE(pastItsChunk.length, 46);
    expect(refusal(pastItsChunk)).toBe(audioRefusals.noAudio);
    // A WAV of no channels and one of a rate no recording has.
    const noChannels = aSineWav({ seconds: 1 });
    noChannels.writeUInt16LE(0, 22);
    expect(refusal(noChannels)).toBe(audioRefusals.unreadable);
    const zeroRate = aSineWav({ seconds: 1 });
    zeroRate.writeUInt32LE(0, 24);
    expect(refusal(zeroRate)).toBe(audioRefusals.unreadable);
  });
});
