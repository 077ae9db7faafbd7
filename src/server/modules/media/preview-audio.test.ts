import { describe, expect, it } from 'vitest';
import { previewParamsFor, previewSampleRate, renderPreviewWav } from './preview-audio.js';

function readHeader(wav: Buffer) {
  return {
    riff: wav.toString('ascii', 0, 4),
    riffSize: wav.readUInt32LE(4),
    wave: wav.toString('ascii', 8, 12),
    fmt: wav.toString('ascii', 12, 16),
    format: wav.readUInt16LE(20),
    channels: wav.readUInt16LE(22),
    sampleRate: wav.readUInt32LE(24),
    byteRate: wav.readUInt32LE(28),
    bitsPerSample: wav.readUInt16LE(34),
    data: wav.toString('ascii', 36, 40),
    dataSize: wav.readUInt32LE(40),
  };
}

describe('demo preview audio', () => {
  const wav = renderPreviewWav('QZDA82600001');

  it('is a valid mono 8-bit PCM WAV file', () => {
    expect(readHeader(wav)).toEqual({
      riff: 'RIFF',
      riffSize: wav.length - 8,
      wave: 'WAVE',
      fmt: 'fmt ',
      format: 1,
      channels: 1,
      sampleRate: previewSampleRate,
      byteRate: previewSampleRate,
      bitsPerSample: 8,
      data: 'data',
      dataSize: wav.length - 44,
    });
  });

  it('lasts 6 to 8 seconds and stays under 100 KB', () => {
    const seconds = readHeader(wav).dataSize / previewSampleRate;
    expect(seconds).toBeGreaterThanOrEqual(6);
    expect(seconds).toBeLessThanOrEqual(8);
    expect(wav.length).toBeLessThan(100 * 1024);
  });

  it('is audible, not clipped everywhere, and fades in and out', () => {
    const samples = [...wav.subarray(44)].map((b) => b - 128);
    const peak = Math.max(...samples.map(Math.abs));
    expect(peak).toBeGreaterThan(60);
    expect(samples.filter((s) => Math.abs(s) >= 127).length / samples.length).toBeLessThan(0.01);
    expect(Math.abs(samples[0] ?? 99)).toBeLessThanOrEqual(1);
    expect(Math.abs(samples.at(-1) ?? 99)).toBeLessThanOrEqual(1);
  });

  it('is the same for the same key and differs between keys', () => {
    expect(renderPreviewWav('QZDA82600001').equals(wav)).toBe(true);
    const other = renderPreviewWav('QZDA82600002');
    expect(other.equals(wav)).toBe(false);
    const keys = Array.from({ length: 20 }, (_, i) => `QZDA826000${String(i).padStart(2, '0')}`);
    const distinct = new Set(keys.map((k) => JSON.stringify(previewParamsFor(k))));
    expect(distinct.size).toBeGreaterThan(10);
  });
});
