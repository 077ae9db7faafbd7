import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createLogger } from '../../src/server/logging.js';

export interface CapturedLog {
  /** The server's logger (its redaction included), writing here. */
  logger: Logger;
  /** The messages logged so far at `level` ('warn', 'info', …), in order. */
  messages(level: 'warn' | 'info'): string[];
}

const levelNumbers = { info: 30, warn: 40 } as const;

export function captureLog(): CapturedLog {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  return {
    logger: createLogger('info', stream),
    messages: (level) => lines.filter((line) => line.level === levelNumbers[level]).map((line) => line.msg),
  };
}
