import { open } from 'node:fs/promises';

/**
 * An audio file on disk (an upload's or a job's scratch file), read where it is asked (a chunk header, a
 * window's span, the next 64 KiB), never whole (docs/decisions/0087).
 */
export interface AudioFile {
  readonly size: number;
  /** Up to `length` bytes from `at`: fewer at the end of the file, none past it. */
  read(at: number, length: number): Promise<Buffer>;
}

/** `use` with the file at `path` open for positioned reads; closed afterwards, whatever happens. */
export async function withAudioFile<T>(path: string, use: (file: AudioFile) => Promise<T>): Promise<T> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    return await use({
      size,
      async read(at, length) {
        const bytes = Buffer.alloc(Math.max(0, Math.min(length, size - at)));
        const { bytesRead } = await handle.read(bytes, 0, bytes.length, at);
        return bytes.subarray(0, bytesRead);
      },
    });
  } finally {
    await handle.close();
  }
}
