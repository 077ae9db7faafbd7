import { cutPreviewsOffThread } from '../src/server/modules/media/audio/preview-thread.js';
import { aSineWav } from '../tests/helpers/audio.js';
import { fmt, heading, median, printTable, recordVerdict, timed } from './support.js';

const runs = 3;
const mib = (bytes: number) => bytes / 1024 / 1024;

/**
 * The preview cutter on a 6-minute 44.1 kHz 16-bit stereo WAV (generated): the default window (60 s
 * from 25%) decoded, faded and encoded to MP3 on a worker thread, as a job does. Peak memory is the
 * process's resident set, sampled every 20 ms while it cuts (the worker thread is in the process).
 */
export async function runAudioBench(): Promise<void> {
  heading('Audio preview: cut 60 s from a 6-minute WAV to MP3 on a worker thread');
  const wav = aSineWav({ seconds: 360, sampleRate: 44_100, channels: 2 });
  const rows: string[][] = [];
  const times: number[] = [];
  const peaks: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const { ms, value } = await timed(() => cutPreviewsOffThread(wav, [{ startMs: null, lengthMs: null }], () => {}));
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    times.push(ms);
    peaks.push(peak);
    rows.push([String(run), fmt(ms / 1000, 2), fmt(mib(value.previews[0]!.length), 2), fmt(mib(before), 0), fmt(mib(peak), 0), fmt(mib(peak - before), 0)]);
  }
  printTable(['run', 'seconds', 'MP3 MiB', 'RSS before MiB', 'RSS peak MiB', 'peak - before MiB'], rows);
  console.log(`WAV: ${fmt(mib(wav.length), 1)} MiB, 360 s; preview 60 s at 128 kbit/s.`);
  recordVerdict({ backend: 'both', figure: 'preview cut from a 6-minute WAV (median)', measured: `${fmt(median(times) / 1000, 2)} s`, goal: '(printed)' });
  recordVerdict({ backend: 'both', figure: 'peak memory while cutting it (process RSS)', measured: `${fmt(mib(Math.max(...peaks)), 0)} MiB`, goal: '(printed)' });
}
