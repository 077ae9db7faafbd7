import { MPEGDecoder } from 'mpg123-decoder';

/** Test audio written by code (no binary fixtures): a sine tone as 16-bit PCM WAV or AIFF. */
export interface Tone {
  seconds: number;
  sampleRate?: number;
  channels?: 1 | 2;
  hz?: number;
}

function sineSamples({ seconds, sampleRate = 44_100, channels = 2, hz = 440 }: Tone): Int16Array {
  const frames = Math.round(seconds * sampleRate);
  const samples = new Int16Array(frames * channels);
  for (let f = 0; f < frames; f++) {
    const v = Math.round(Math.sin((2 * Math.PI * hz * f) / sampleRate) * 0.5 * 32767);
    for (let c = 0; c < channels; c++) samples[f * channels + c] = v;
  }
  return samples;
}

export function aSineWav(tone: Tone): Buffer {
  const { sampleRate = 44_100, channels = 2 } = tone;
  const samples = sineSamples(tone);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

/** The same tone as a big-endian AIFF. */
export function aSineAiff(tone: Tone): Buffer {
  const { sampleRate = 44_100, channels = 2 } = tone;
  const samples = sineSamples(tone);
  const data = Buffer.alloc(samples.byteLength);
  samples.forEach((s, i) => data.writeInt16BE(s, i * 2));
  const comm = Buffer.alloc(8 + 18);
  comm.write('COMM', 0);
  comm.writeUInt32BE(18, 4);
  comm.writeUInt16BE(channels, 8);
  comm.writeUInt32BE(samples.length / channels, 10);
  comm.writeUInt16BE(16, 14);
  // 80-bit extended sample rate: exponent and a 64-bit mantissa with its top bit set.
  const exponent = Math.floor(Math.log2(sampleRate));
  comm.writeUInt16BE(16383 + exponent, 16);
  comm.writeUInt32BE(Math.round(sampleRate * 2 ** (31 - exponent)) >>> 0, 18);
  const ssnd = Buffer.alloc(16);
  ssnd.write('SSND', 0);
  ssnd.writeUInt32BE(8 + data.length, 4);
  const form = Buffer.alloc(12);
  form.write('FORM', 0);
  form.writeUInt32BE(4 + comm.length + ssnd.length + data.length, 4);
  form.write('AIFF', 8);
  return Buffer.concat([form, comm, ssnd, data]);
}

/** An MP3 decoded as a listener's player would (mpg123 in WebAssembly): its channels and sample rate. */
export async function decodeMp3(bytes: Buffer) {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    return decoder.decode(bytes);
  } finally {
    decoder.free();
  }
}
