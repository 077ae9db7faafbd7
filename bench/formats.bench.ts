import { stat } from 'node:fs/promises';
import { downloadFormats } from '../src/shared/download-formats.js';
import { formatProcessLimits, makeFormatApart } from '../src/server/modules/media/formats/format-process.js';
import { coverSize } from '../src/server/modules/media/formats/download-source.js';
import { aSineWav, scratchFolder } from '../tests/helpers/audio.js';
import { aPicture } from '../tests/helpers/images.js';
import { fmt, heading, median, peakTreeRss, printTable, recordVerdict } from './support.js';

const runs = 2;
const mib = (bytes: number) => bytes / 1024 / 1024;

/**
 * The download formats (docs/decisions/0103) as a job makes them, in a process of its own with its memory limits,
 * from a scratch file: each format of a 6-minute 44.1 kHz 16-bit stereo WAV master (generated), with the tags
 * and a 600 px cover. Peak memory is the resident set of this process and the job's, sampled every 20 ms while
 * it works, above what it was before.
 */
export async function runFormatsBench(): Promise<void> {
  heading('Download formats: each made from a 6-minute WAV master in a process of its own');
  const master = aSineWav({ seconds: 360, sampleRate: 44_100, channels: 2 });
  const tags = {
    title: 'No More (Extended Mix)',
    artists: 'Bench Artist',
    album: 'Bench EP',
    label: 'Build It Records',
    catalogNumber: 'BIR001',
    isrc: 'GBKPL1912345',
    releaseDate: '2026-11-27',
    cover: { jpeg: await aPicture(coverSize, coverSize), size: coverSize },
  };
  const scratch = await scratchFolder();
  const rows: string[][] = [];
  try {
    const masterPath = await scratch.write(master);
    for (const format of downloadFormats) {
      const times: number[] = [];
      const peaks: number[] = [];
      let size = 0;
      for (let run = 1; run <= runs; run++) {
        const outPath = `${masterPath}.${run}.${format}`;
        const { ms, peakBytes } = await peakTreeRss(() => makeFormatApart({ masterPath, outPath, format, tags }, formatProcessLimits, () => {}));
        times.push(ms);
        peaks.push(peakBytes);
        size = (await stat(outPath)).size;
      }
      rows.push([format, fmt(mib(size), 1), fmt(median(times) / 1000, 2), fmt(mib(Math.max(...peaks)), 0)]);
      recordVerdict({ backend: 'both', figure: `${format} of a 6-minute WAV (median of ${runs})`, measured: `${fmt(median(times) / 1000, 2)} s, +${fmt(mib(Math.max(...peaks)), 0)} MiB RSS`, goal: '(printed)' });
    }
  } finally {
    await scratch.remove();
  }
  printTable(['format', 'file MiB', 'seconds (median)', 'RSS peak - before MiB (max)'], rows);
}
