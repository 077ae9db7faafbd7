import { describe, expect, it } from 'vitest';
import { JobProcessDied, runJobProcess } from './job-process.js';

// The media jobs' process (docs/decisions/0111), with a job of the tests' own (tests/helpers/echo-job.ts).

const echoJob = new URL('../../../tests/helpers/echo-job.js', import.meta.url);
const limits = { oldSpaceMb: 32, semiSpaceMb: 4 };
const run = (ask: 'env' | 'refuse' | 'fail' | 'exhaust', onProgress = () => {}) =>
  runJobProcess<{ ask: typeof ask }, { envNames: string[] }>(echoJob, { ask }, limits, { name: 'echo', refused: (message) => new RangeError(message), onProgress });

describe('a job in a process of its own', () => {
  it("runs with none of the server's environment: no database address, secret or key reaches it", async () => {
    process.env.JOB_PROCESS_TEST_SECRET = 'not for the job';
    try {
      const { envNames } = await run('env');
      expect(envNames.filter((name) => name in process.env)).toEqual([]);
    } finally {
      delete process.env.JOB_PROCESS_TEST_SECRET;
    }
  });

  it("answers a refusal as the caller's refusal, and any other failure as an Error", async () => {
    const refused = await run('refuse').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RangeError);
    expect(refused).toMatchObject({ message: 'refused: told to' });
    const failed = await run('fail').catch((err: unknown) => err);
    expect(failed).not.toBeInstanceOf(RangeError);
    expect(failed).toMatchObject({ message: 'broken' });
  });

  it('ends a job whose heap passes its limit as out of memory, and the server goes on', async () => {
    let progressed = 0;
    const died = await run('exhaust', () => progressed++).catch((err: unknown) => err);
    expect(died).toBeInstanceOf(JobProcessDied);
    expect(died).toMatchObject({ message: 'the echo process ran out of memory', isOutOfMemory: true });
    expect(progressed).toBeGreaterThan(0);
    expect((await run('env')).envNames).toBeInstanceOf(Array);
  });
});
