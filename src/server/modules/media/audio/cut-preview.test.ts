import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { aConstantFlacBomb, aSilentMp3Bomb, aSineAiff, aSineFlac, aSineMp3, aSineWav, decodeMp3, scratchFolder } from '../../../../../tests/helpers/audio.js';
import { withAudioFile } from './audio-file.js';
import { AudioRefused, audioRefusals, probeAudio } from './audio-format.js';
import { cutPreviews, placeWindow } from './cut-preview.js';

let scratch: Awaited<ReturnType<typeof scratchFolder>>;
beforeAll(async () => {
  scratch = await scratchFolder();
});
afterAll(async () => {
  await scratch?.remove();
});

/** Why the header of `bytes` is refused (always an AudioRefused), or undefined when it is taken. */
async function refusal(bytes: Buffer): Promise<string | undefined> {
  try {
    await withAudioFile(await scratch.write(bytes), probeAudio);
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(AudioRefused);
    return (err as Error).message;
  }
}

/** Why cutting the previews of `bytes` is refused (always an AudioRefused). */
async function cutRefusal(bytes: Buffer): Promise<string> {
  const err: unknown = await cutPreviews(await scratch.write(bytes), [{ startMs: null, lengthMs: null }]).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AudioRefused);
  return (err as Error).message;
}

const tooLong = /^is longer than 3 hours/;
const tooDense = /^decodes to more than 64 samples for each byte of the file/;

/** The loudest sample of `channel` between `from` and `to` seconds. */
const peak = (channel: Float32Array, sampleRate: number, from: number, to: number) =>
  Math.max(...channel.subarray(Math.round(from * sampleRate), Math.round(to * sampleRate)).map(Math.abs));

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
      const result = await cutPreviews(await scratch.write(file), [{ startMs: null, lengthMs: 4_000 }, { startMs: 1_000, lengthMs: 2_000 }], (done) => progress.push(done));
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

  it('cuts the window where it lies from WAV, FLAC (its last, shorter frame included) and MP3 alike', async () => {
    // 12 s, silent for 6: a window from 5 s for 2 s is a second of silence, then the tone (fading out).
    const tone = { seconds: 12, sampleRate: 22_050, channels: 1, silentFor: 6 } as const;
    const files = { wav: aSineWav(tone), flac: aSineFlac(tone), mp3: await aSineMp3(tone) };
    for (const [format, bytes] of Object.entries(files)) {
      const result = await cutPreviews(await scratch.write(bytes), [{ startMs: 5_000, lengthMs: 2_000 }]);
      // MP3: whole frames of 576 samples, the encoder's delay and padding included.
      if (format === 'mp3') expect(result.durationMs - 12_000, format).toSatisfy((extra: number) => extra >= 0 && extra < 100);
      else expect(result.durationMs, format).toBe(12_000);
      const preview = await decodeMp3(result.previews[0]!);
      expect(preview.samplesDecoded / 22_050, format).toBeCloseTo(2, 0);
      // Where the tone begins: at 1 s, plus the encoders' delay (about 50 ms each).
      const channel = preview.channelData[0]!;
      expect(peak(channel, 22_050, 0.6, 0.95), format).toBeLessThan(0.02);
      expect(peak(channel, 22_050, 1.2, 1.3), format).toBeGreaterThan(0.15);
    }
  });

  it('refuses what is no audio, or a header that promises more than the file holds', async () => {
    expect(await refusal(Buffer.from('definitely not audio, just some words'))).toBe(audioRefusals.unknown);
    expect(await refusal(aSineWav({ seconds: 1 }).subarray(0, 1000))).toBe(audioRefusals.cutShort);
    expect(await refusal(aSineWav({ seconds: 1 }))).toBeUndefined();
    expect(await refusal(aSineFlac({ seconds: 1 }))).toBeUndefined();
  });

  it('refuses a header whose numbers are not numbers or point outside their chunk, in AIFF and WAV alike', async () => {
    // The AIFF's 80-bit sample rate (COMM at 12, its rate at 12 + 16) with the exponent of NaN and infinity.
    const nanRate = aSineAiff({ seconds: 1 });
    nanRate.writeUInt16BE(0x7fff, 28);
    expect(await refusal(nanRate)).toBe(audioRefusals.unreadable);
    const infiniteRate = aSineAiff({ seconds: 1 });
    infiniteRate.writeUInt16BE(0x7fff, 28);
    infiniteRate.writeUInt32BE(0, 30);
    infiniteRate.writeUInt32BE(0, 34);
    expect(await refusal(infiniteRate)).toBe(audioRefusals.unreadable);
    // SSND's offset (at 12 + 26 + 8) past the end of its chunk: fewer than no frames.
    const pastItsChunk = aSineAiff({ seconds: 1 });
    pastItsChunk.writeUInt32BE(pastItsChunk.length, 46);
    expect(await refusal(pastItsChunk)).toBe(audioRefusals.noAudio);
    // A WAV of no channels and one of a rate no recording has.
    const noChannels = aSineWav({ seconds: 1 });
    noChannels.writeUInt16LE(0, 22);
    expect(await refusal(noChannels)).toBe(audioRefusals.unreadable);
    const zeroRate = aSineWav({ seconds: 1 });
    zeroRate.writeUInt32LE(0, 24);
    expect(await refusal(zeroRate)).toBe(audioRefusals.unreadable);
  });

  it('refuses from the header a FLAC or MP3 that declares more than 3 hours, or more than 64 samples a byte', async () => {
    // 200 frames of 65,535 samples (5 minutes) in 3.4 KB: some 3,800 samples a byte.
    expect(await refusal(aConstantFlacBomb({ frames: 200 }))).toMatch(tooDense);
    expect(await refusal(aConstantFlacBomb({ frames: 200, declaredSamples: 3 * 3600 * 44_100 + 1 }))).toMatch(tooLong);
    // LAME's Info frame (after the first frame's 4-byte header and 32 bytes of side information) saying 4.4 hours.
    const mp3 = await aSineMp3({ seconds: 1 });
    mp3.write('Info', 36);
    mp3.writeUInt32BE(1, 40);
    mp3.writeUInt32BE(600_000, 44);
    expect(await refusal(mp3)).toMatch(tooLong);
  });

  it('refuses a FLAC whose STREAMINFO lies (1 s declared) by counting its frames, before decoding any of them', async () => {
    const bomb = aConstantFlacBomb({ frames: 200, declaredSamples: 44_100 });
    expect(await refusal(bomb)).toBeUndefined();
    const decodes = vi.spyOn(FLACDecoder.prototype, 'decodeFrames');
    try {
      expect(await cutRefusal(bomb)).toMatch(tooDense);
      expect(decodes).not.toHaveBeenCalled();
    } finally {
      decodes.mockRestore();
    }
  });

  it('refuses an MP3 of silent frames that no header declares once the count passes 3 hours', async () => {
    // 10.8 MB at 24 samples a byte: just over 3 hours.
    expect(await cutRefusal(aSilentMp3Bomb({ frames: 450_001 }))).toMatch(tooLong);
  });
});
