import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.js';
import { createDatabaseCheck, createReadinessCheck } from './health.service.js';

/** A database whose every answer the test gives by hand, counting the pings it was sent. */
function databaseAnsweredByHand() {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const db = {
    execute: () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })),
  } as unknown as Db;
  return { db, pending };
}

/** 'answered', 'failed' or 'waiting' once every queued reaction has run. */
async function stateOf(check: Promise<void>): Promise<string> {
  const settled = check.then(
    () => 'answered',
    () => 'failed',
  );
  const flushed = new Promise<string>((resolve) => setImmediate(() => resolve('waiting')));
  return Promise.race([settled, flushed]);
}

describe('createDatabaseCheck', () => {
  it('waits for the database on the first check, then vouches for it for ten seconds without queueing behind it', async () => {
    const { db, pending } = databaseAnsweredByHand();
    let now = 0;
    const check = createDatabaseCheck(db, () => now);

    const first = check();
    expect(await stateOf(first)).toBe('waiting');
    pending[0]!.resolve();
    expect(await stateOf(first)).toBe('answered');

    // A busy database: the check answers at once from the last answer, with one new ping under way.
    now = 9_999;
    expect(await stateOf(check())).toBe('answered');
    expect(await stateOf(check())).toBe('answered');
    expect(pending).toHaveLength(2);

    // Past ten seconds without an answer, the check waits for the database again.
    now = 10_000;
    const late = check();
    expect(await stateOf(late)).toBe('waiting');
    pending[1]!.resolve();
    expect(await stateOf(late)).toBe('answered');
  });

  it('reports a failed ping at once on the next check', async () => {
    const { db, pending } = databaseAnsweredByHand();
    let now = 0;
    const check = createDatabaseCheck(db, () => now);
    const first = check();
    pending[0]!.resolve();
    await first;

    now = 1_000;
    await check();
    pending[1]!.reject(new Error('connection lost'));
    await stateOf(Promise.resolve()); // the failure is heard
    now = 2_000;
    const next = check();
    expect(pending).toHaveLength(3);
    pending[2]!.reject(new Error('connection lost'));
    await expect(next).rejects.toThrow('connection lost');
  });
});

describe('createReadinessCheck', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks the database every time, sharing a ping under way, and gives up when it does not answer in time', async () => {
    // setImmediate stays real: stateOf uses it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { db, pending } = databaseAnsweredByHand();
    const check = createReadinessCheck(db, 800);

    const first = check();
    expect(await stateOf(first)).toBe('waiting');
    pending[0]!.resolve();
    expect(await stateOf(first)).toBe('answered');

    // No answer from before: the next check pings again, and one that comes meanwhile shares it.
    const hung = check();
    const alongside = check();
    expect(pending).toHaveLength(2);
    const outcomes = Promise.allSettled([hung, alongside]);
    await vi.advanceTimersByTimeAsync(799);
    expect(await stateOf(hung)).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect((await outcomes).map((o) => o.status)).toEqual(['rejected', 'rejected']);
    await expect(hung).rejects.toThrow('the database did not answer in 800 ms');
  });
});
