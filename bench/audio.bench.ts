import { cutPreviewsApart, previewProcessLimits } from '../src/server/modules/media/audio/preview-process.js';
import { aConstantFlacBomb, aSineFlac, aSineWav, scratchFolder } from '../tests/helpers/audio.js';
import { fmt, heading, median, peakTreeRss, printTable, recordVerdict } from './support.js';

const runs = 3;
const mib = (bytes: number) => bytes / 1024 / 1024;

/**
 * The preview cutter as a job runs it, in a process of its own (docs/decisions/0111), from a scratch file: the default window (60 s from
 * 25%) of a 6-minute 44.1 kHz 16-bit stereo WAV and FLAC (generated; the FLAC's frames verbatim), read, faded
 * and encoded to MP3; and issue 32's FLAC bomb (178 KB, 4.1 hours of constant frames), refused. Peak memory is
 * the resident set of this process and the job's, sampled every 20 ms while it cuts.
 */
export async function runAudioBench(): Promise<void> {
  heading('Audio preview: cut 60 s from a 6-minute WAV and FLAC to MP3 in a process of its own; refuse a FLAC bomb');
  const tone = { seconds: 360, sampleRate: 44_100, channels: 2 } as const;
  const files = [
    { name: 'WAV, 6 min', bytes: aSineWav(tone) },
    { name: 'FLAC, 6 min', bytes: aSineFlac(tone) },
    { name: 'FLAC bomb, 4.1 h', bytes: aConstantFlacBomb({ frames: 10_000 }) },
  ];
  const scratch = await scratchFolder();
  const rows: string[][] = [];
  try {
    for (const file of files) {
      const path = await scratch.write(file.bytes);
      const times: number[] = [];
      const peaks: number[] = [];
      let outcome = '';
      for (let run = 1; run <= runs; run++) {
        const { ms, value, peakBytes } = await peakTreeRss(() =>
          cutPreviewsApart(path, [{ startMs: null, lengthMs: null }], previewProcessLimits, () => {}).then(
            (result) => `MP3 of ${fmt(mib(result.previews[0]!.length), 2)} MiB`,
            (err: Error) => `refused: ${err.message.slice(0, 40)}…`,
          ),
        );
        times.push(ms);
        peaks.push(peakBytes);
        outcome = value;
      }
      rows.push([file.name, fmt(mib(file.bytes.length), 1), fmt(median(times) / 1000, 2), fmt(mib(Math.max(...peaks)), 0), outcome]);
      recordVerdict({ backend: 'both', figure: `preview cut from a ${file.name} (median of ${runs})`, measured: `${fmt(median(times) / 1000, 2)} s`, goal: '(printed)' });
    }
  } finally {
    await scratch.remove();
  }
  printTable(['file', 'MiB', 'seconds (median)', 'RSS peak - before MiB (max)', 'outcome'], rows);
}
