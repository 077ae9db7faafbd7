import { readFile } from 'node:fs/promises';
import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { parseFile } from 'music-metadata';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aSineFlac, aSineMp3, aSineWav, decodeMp3, scratchFolder } from '../../../../../tests/helpers/audio.js';
import { downloadFormats, type DownloadFormat } from '../../../../shared/download-formats.js';
import { withAudioFile } from '../audio/audio-file.js';
import { AudioRefused, audioRefusals, decodePcm, mpegRates, probeAudio } from '../audio/audio-format.js';
import type { DownloadTags } from './download-tags.js';
import { formatProcessLimits, makeFormatApart } from './format-process.js';

// Issue 36, part 3 (docs/decisions/0103): each download format of a master decodes to the master's audio (the
// lossless ones sample for sample), exactly as long as the master (MP3s by their LAME tag), and carries the tags and cover.

let scratch: Awaited<ReturnType<typeof scratchFolder>>;
let cover: Buffer;
beforeAll(async () => {
  scratch = await scratchFolder();
  cover = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
});
afterAll(async () => {
  await scratch?.remove();
});

const tags = (): DownloadTags => ({
  title: 'No More (Extended Mix)',
  artists: 'Aïda, B feat. C',
  album: 'No More EP',
  label: 'Build It Tech',
  catalogNumber: 'BIT042',
  isrc: 'GBKPL1912345',
  releaseDate: '2026-11-27',
  cover: { jpeg: cover, size: 600 },
});

const tone = { seconds: 4, sampleRate: 44_100, channels: 2 } as const;
const frames = tone.seconds * tone.sampleRate;
/** An MPEG-1 layer III frame's samples. */
const mp3Frame = 1152;

/** `format` made from the master `bytes` in the format process, as a job makes it: the file's path. */
async function made(bytes: Buffer, format: DownloadFormat): Promise<string> {
  const masterPath = await scratch.write(bytes);
  const outPath = `${masterPath}.${format}`;
  await makeFormatApart({ masterPath, outPath, format, tags: tags() }, formatProcessLimits, () => {});
  return outPath;
}

/** A WAV's or AIFF's samples, read back by the upload's own reader. */
async function pcmOf(path: string): Promise<{ channels: Float32Array[]; bits: number }> {
  return withAudioFile(path, async (file) => {
    const probe = await probeAudio(file);
    if (!('pcm' in probe)) throw new Error(`${path} is no PCM`);
    const { pcm } = probe;
    return { channels: decodePcm(await file.read(pcm.dataOffset, pcm.frames * pcm.channels * (pcm.bitsPerSample / 8)), pcm), bits: pcm.bitsPerSample };
  });
}

/** The audio of a made file, decoded by the decoders the server reads masters with. */
async function decoded(path: string, format: DownloadFormat): Promise<Float32Array[]> {
  if (format === 'wav' || format === 'aiff') return (await pcmOf(path)).channels;
  const bytes = await readFile(path);
  if (format === 'flac') {
    const decoder = new FLACDecoder();
    await decoder.ready;
    try {
      return (await decoder.decodeFile(bytes)).channelData;
    } finally {
      decoder.free();
    }
  }
  return (await decodeMp3(bytes)).channelData;
}

/** Where each MPEG-1 layer III frame after `from` begins, from its header's bitrate, rate and padding. */
function frameStarts(bytes: Buffer, from: number): number[] {
  const kbps = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const starts: number[] = [];
  for (let at = from; at < bytes.length; ) {
    expect(bytes.readUInt16BE(at) & 0xfffe, `a frame header at ${at}`).toBe(0xfffa);
    starts.push(at);
    at += Math.floor((144_000 * kbps[bytes[at + 2]! >> 4]!) / mpegRates[3]![(bytes[at + 2]! >> 2) & 3]!) + ((bytes[at + 2]! >> 1) & 1);
  }
  return starts;
}

describe('download formats made from a master', () => {
  it('each format decodes to the master, exactly as long as it, and carries the tags and the cover', { timeout: 120_000 }, async () => {
    const master = aSineWav(tone);
    const masterPath = await scratch.write(master);
    const original = (await pcmOf(masterPath)).channels;
    for (const format of downloadFormats) {
      const path = await made(master, format);
      const audio = await decoded(path, format);
      expect(audio.length, format).toBe(2);
      if (format.startsWith('mp3')) {
        // The LAME tag's delay and padding let the decoder (mpg123, gapless) drop what the encoder added: the master's length.
        expect(audio[0]!.length, format).toBe(frames);
        // The tone (at half scale) is there, not silence.
        expect(Math.max(...audio[0]!.subarray(44_100, 48_000).map(Math.abs)), format).toBeGreaterThan(0.4);
      } else {
        // Lossless, 16-bit as the master: sample for sample (the FLAC decoder scales by 32,767, the PCM reader by 32,768).
        expect(audio[0]!.length, format).toBe(frames);
        const scale = format === 'flac' ? 32_767 : 32_768;
        expect(audio.every((channel, c) => channel.every((v, i) => Math.round(v * scale) === Math.round(original[c]![i]! * 32_768))), format).toBe(true);
      }
      const { common, format: read } = await parseFile(path);
      expect({ format, title: common.title, artist: common.artist, album: common.album, label: common.label, catalog: common.catalognumber, isrc: common.isrc, year: common.year }).toEqual({
        format,
        title: 'No More (Extended Mix)',
        artist: 'Aïda, B feat. C',
        album: 'No More EP',
        label: ['Build It Tech'],
        catalog: ['BIT042'],
        isrc: ['GBKPL1912345'],
        year: 2026,
      });
      expect(common.picture?.[0]?.format, format).toBe('image/jpeg');
      expect(Buffer.from(common.picture![0]!.data).equals(cover), format).toBe(true);
      if (format === 'mp3-320') expect(read.bitrate, format).toBe(320_000);
      if (format === 'flac') expect(common.date, format).toBe('2026-11-27');
    }
  });

  it('an MP3 begins with its Xing (V0) or Info (320) frame: the frames and bytes that follow, a seek table, the delay and padding', { timeout: 60_000 }, async () => {
    // The mono 48 kHz master is long enough (over 400 frames) that the writer keeps every other frame's position.
    const long = { seconds: 12, sampleRate: 48_000, channels: 1 } as const;
    const cases = [
      { format: 'mp3-v0', tag: 'Xing', profile: 'V0', master: tone },
      { format: 'mp3-320', tag: 'Info', profile: 'CBR', master: tone },
      { format: 'mp3-v0', tag: 'Xing', profile: 'V0', master: long },
    ] as const;
    for (const { format, tag, profile, master } of cases) {
      const path = await made(aSineWav(master), format);
      const bytes = await readFile(path);
      // The first frame after the ID3 tag, as the upload's reader finds it, and the frames after it, header by header.
      const probe = await withAudioFile(path, probeAudio);
      if (!('stream' in probe)) throw new Error('no MP3');
      const starts = frameStarts(bytes, probe.stream.firstFrameAt);
      // After the frame header and the side information (32 bytes in stereo, 17 in mono).
      const xing = starts[0]! + 4 + (master.channels === 2 ? 32 : 17);
      expect(bytes.toString('latin1', xing, xing + 4), format).toBe(tag);
      const audioFrames = starts.length - 1;
      expect({ frames: bytes.readUInt32BE(xing + 8), bytes: bytes.readUInt32BE(xing + 12) }, format).toEqual({ frames: audioFrames, bytes: bytes.length - starts[0]! });
      // The seek table: the hundredths of the length as shares of the bytes, each where its frame begins (or, past
      // 400 frames, at most half a hundredth before it: the writer keeps a bounded number of frame positions).
      const toc = [...bytes.subarray(xing + 16, xing + 116)];
      const share = (frame: number) => Math.floor((256 * (starts[1 + Math.max(0, frame)]! - starts[0]!)) / (bytes.length - starts[0]!));
      for (const i of [0, 25, 50, 99]) {
        const frame = Math.floor((i * audioFrames) / 100);
        expect(toc[i], `${format} ${i}%`).toBeLessThanOrEqual(share(frame));
        expect(toc[i], `${format} ${i}%`).toBeGreaterThanOrEqual(share(frame - Math.ceil(audioFrames / 200)));
      }
      expect(toc.every((v, i) => i === 0 || v >= toc[i - 1]!), format).toBe(true);
      // LAME's extension: its encoder delay (576) and the padding after the last sample add up to the frames.
      const delays = bytes.readUIntBE(xing + 120 + 21, 3);
      expect({ delay: delays >> 12, samples: audioFrames * mp3Frame - (delays >> 12) - (delays & 0xfff) }, format).toEqual({ delay: 576, samples: master.seconds * master.sampleRate });
      // Read as a library reads it by default (no scan of the frames): the length from the tag, in whole frames.
      const { format: read } = await parseFile(path);
      expect({ codecProfile: read.codecProfile, duration: read.duration }, format).toEqual({ codecProfile: profile, duration: (audioFrames * mp3Frame) / master.sampleRate });
      // music-metadata counts the delay and padding frames in: under two frames more than the master.
      expect(read.duration! * master.sampleRate - master.seconds * master.sampleRate, format).toBeLessThan(2 * mp3Frame);
    }
  });

  it("keeps a WAV master's PCM as it is, and makes the lossless formats of a FLAC or MP3 master", { timeout: 60_000 }, async () => {
    const master = aSineWav(tone);
    const wav = await readFile(await made(master, 'wav'));
    // The same header layout (44 bytes) and then the master's data chunk, byte for byte.
    expect(wav.subarray(44, master.length).equals(master.subarray(44))).toBe(true);
    const fromFlac = await made(aSineFlac(tone), 'aiff');
    expect((await pcmOf(fromFlac)).channels[0]!.length).toBe(frames);
    const fromMp3 = await made(await aSineMp3(tone), 'flac');
    expect((await parseFile(fromMp3)).format.bitsPerSample).toBe(16);
  });

  it('fails a master the decoders cannot read, with the reason', async () => {
    const flac = aSineFlac(tone);
    // The frames overwritten with noise after the header: nothing of it is a FLAC frame.
    for (let i = 200; i < flac.length; i++) flac[i] = (i * 7919) % 251;
    const err: unknown = await made(flac, 'mp3-320').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AudioRefused);
    expect((err as Error).message).toBe(audioRefusals.unreadable);
  });
});
