import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './paths.js';

// The process's last line, in a process of its own that installs it as src/server/start-server.ts does, logs
// through the server's logger to a pipe (JSON lines, as in production) and then fails as `failure` says.

interface Ended {
  code: number | null;
  lines: Record<string, unknown>[];
  stderr: string;
}

const moduleUrl = (path: string) => pathToFileURL(join(projectRoot, path)).href;

function runFailing(failure: string): Promise<Ended> {
  const script = `
    import { EventEmitter } from 'node:events';
    import { createLogger } from ${JSON.stringify(moduleUrl('src/server/logging.ts'))};
    import { exitOnUnexpectedError } from ${JSON.stringify(moduleUrl('src/server/last-line.ts'))};
    const logger = createLogger('info');
    exitOnUnexpectedError(logger, 'server');
    // Work that would keep the process running for ever: it exits for the error, not for lack of work.
    setInterval(() => undefined, 1_000);
    setTimeout(() => {
      for (let i = 0; i < 2_000; i++) logger.info({ i }, 'working');
      ${failure};
    }, 10);
  `;
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { cwd: projectRoot, timeout: 10_000 }, (err, stdout, stderr) => {
      const lines = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, lines, stderr });
    });
  });
}

describe('the last line of a process that meets an error nothing caught', () => {
  it("logs an 'error' event nobody listens to (a dropped database client's) with its kind, role and stack, after every line before it, and exits with 1", async () => {
    const ended = await runFailing("new EventEmitter().emit('error', new Error('Connection terminated unexpectedly'))");
    expect(ended.code).toBe(1);
    // Node's own "Unhandled 'error' event" trace is not printed: the log line says it.
    expect(ended.stderr).toBe('');
    const working = ended.lines.filter((line) => line.msg === 'working');
    expect(working).toHaveLength(2_000);
    expect(ended.lines.at(-1)).toMatchObject({
      level: 60,
      msg: 'uncaught exception: the process exits',
      kind: 'uncaught exception',
      role: 'server',
      pid: expect.any(Number),
      uptimeSeconds: expect.any(Number),
      error: { type: 'Error', message: 'Connection terminated unexpectedly', stack: expect.stringMatching(/^ {4}at /) },
    });
  });

  it('logs a rejected promise nobody awaits as an unhandled rejection, and exits with 1', async () => {
    const ended = await runFailing("void Promise.reject(new TypeError('nobody awaits this'))");
    expect(ended.code).toBe(1);
    expect(ended.lines.at(-1)).toMatchObject({
      level: 60,
      msg: 'unhandled rejection: the process exits',
      kind: 'unhandled rejection',
      role: 'server',
      error: { type: 'TypeError', message: 'nobody awaits this', stack: expect.stringMatching(/^ {4}at /) },
    });
  });

  it('logs a rejection with something other than an Error as what it was', async () => {
    const ended = await runFailing("void Promise.reject('a bare string')");
    expect(ended.code).toBe(1);
    expect(ended.lines.at(-1)).toMatchObject({ kind: 'unhandled rejection', error: { type: 'string', message: 'a bare string' } });
  });
});
