import { closeSync, openSync } from 'node:fs';
import type { DownloadFormat } from '../../../../shared/download-formats.js';
import { withAudioFile } from '../audio/audio-file.js';
import { probeAudio, type AudioProbe } from '../audio/audio-format.js';
import { countSamples, decodeSpans } from '../audio/compressed-audio.js';
import { readPcmSpans } from '../audio/cut-preview.js';
import type { DownloadTags } from './download-tags.js';
import { formatWriter, OutputFile, type SourceShape } from './format-writers.js';

/**
 * Makes one download format of a master (docs/decisions/0103): the master (an uploaded WAV, AIFF, FLAC or MP3)
 * checked from its header as every upload is (decision 0087), decoded in order a block at a time (WAV and AIFF
 * read 64 KiB at a time, FLAC and MP3 a frame at a time), each block handed to the format's writer, which writes
 * it to `outPath` at once. Pure computation: `format-worker.ts` runs it in a process of its own with limited memory.
 */

/** 16 or 24 bits, as the master: 8-bit PCM and MP3 to 16, 32-bit and floating point to 24. */
function depthOf(probe: AudioProbe): 16 | 24 {
  const bits = 'pcm' in probe ? probe.pcm.bitsPerSample : probe.stream.bitsPerSample;
  return bits !== undefined && bits > 16 ? 24 : 16;
}

export async function makeFormat(
  masterPath: string,
  outPath: string,
  format: DownloadFormat,
  tags: DownloadTags,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<SourceShape> {
  return withAudioFile(masterPath, async (file) => {
    const probe = await probeAudio(file);
    const { sampleRate, channels } = 'pcm' in probe ? probe.pcm : probe.stream;
    const frames = 'pcm' in probe ? probe.pcm.frames : await countSamples(file, probe);
    const shape: SourceShape = { frames, sampleRate, channels, bitsPerSample: depthOf(probe) };
    const fd = openSync(outPath, 'w');
    try {
      const writer = await formatWriter(format, new OutputFile(fd), shape, tags);
      let done = 0;
      const take = (block: Float32Array[]) => {
        writer.write(block);
        done += block[0]!.length;
        onProgress(done, frames);
      };
      const whole = [{ from: 0, count: frames }];
      if ('pcm' in probe) await readPcmSpans(file, probe.pcm, whole, (_span, block) => take(block));
      else await decodeSpans(file, probe, whole, (block) => take(block));
      writer.finish();
      return shape;
    } finally {
      closeSync(fd);
    }
  });
}
