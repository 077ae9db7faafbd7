import pino, { type Logger } from 'pino';
import { loggableError } from './logging.js';

export type UnexpectedErrorKind = 'uncaught exception' | 'unhandled rejection';

/** What the last line keeps of whatever was thrown: an Error as every other log line keeps one. */
function describeThrown(thrown: unknown) {
  return thrown instanceof Error ? loggableError(thrown) : { type: typeof thrown, message: String(thrown).slice(0, 1_000) };
}

/** Writes what the logger still holds to its output now: the process exits next, and pino writes asynchronously. */
function flushLogSync(logger: Logger): void {
  const stream = (logger as unknown as Record<symbol, { flushSync?: () => void } | undefined>)[pino.symbols.streamSym];
  try {
    stream?.flushSync?.();
  } catch {
    // A stream not ready or already closed: pino's own exit hook still tries.
  }
}

/**
 * The process's last line (issue 32): an error nothing else caught (thrown in a callback, an 'error'
 * event nobody listens to, a rejected promise nobody awaits) is logged once, at `fatal`, with its
 * kind, the process's role and the error with its stack, flushed, and the process exits with code 1.
 *
 * It does not keep running: after an uncaught exception nothing says what was left half done (a
 * transaction, a lock, a lease, a request never answered), and a process that limps on serves that
 * state for hours. One that exits is restarted clean by its supervisor (systemd, the container
 * runtime), and the load balancer's readiness check takes it out of rotation meanwhile.
 */
export function exitOnUnexpectedError(logger: Logger, role: string): void {
  let isExiting = false;
  const lastLine = (kind: UnexpectedErrorKind) => (thrown: unknown) => {
    // A second error while the first is written (or from the exit itself) adds nothing.
    if (isExiting) return;
    isExiting = true;
    try {
      logger.fatal({ kind, role, pid: process.pid, uptimeSeconds: Math.round(process.uptime()), error: describeThrown(thrown) }, `${kind}: the process exits`);
      flushLogSync(logger);
    } catch {
      // The logger itself failed: Node's own words, on stderr (written at once to a pipe or file).
      process.stderr.write(`${kind} (${role}): ${thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)}\n`);
    } finally {
      process.exit(1);
    }
  };
  process.on('uncaughtException', lastLine('uncaught exception'));
  process.on('unhandledRejection', lastLine('unhandled rejection'));
}
