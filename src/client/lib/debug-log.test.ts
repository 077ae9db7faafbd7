import { beforeEach, describe, expect, it, vi } from 'vitest';
import { debugLog } from './debug-log.js';

beforeEach(() => debugLog.clear());

describe('debugLog', () => {
  it('records level, message and time, keeping the last 50', () => {
    vi.setSystemTime(new Date('2026-03-03T12:00:00Z'));
    for (let n = 1; n <= 51; n += 1) debugLog.warn(`entry ${n}`);
    vi.useRealTimers();
    const entries = debugLog.getSnapshot();
    expect(entries).toHaveLength(50);
    expect(entries[0]).toMatchObject({ level: 'warn', message: 'entry 2', time: Date.parse('2026-03-03T12:00:00Z') });
    expect(entries.at(-1)?.message).toBe('entry 51');
  });

  it('keeps the snapshot until something changes and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = debugLog.subscribe(listener);
    const before = debugLog.getSnapshot();
    expect(debugLog.getSnapshot()).toBe(before);
    debugLog.error('boom');
    expect(debugLog.getSnapshot()).not.toBe(before);
    expect(listener).toHaveBeenCalledOnce();
    unsubscribe();
    debugLog.info('unheard');
    expect(listener).toHaveBeenCalledOnce();
  });

  it('clear empties the log', () => {
    debugLog.info('one');
    debugLog.clear();
    expect(debugLog.getSnapshot()).toEqual([]);
    expect(debugLog.getServerSnapshot()).toEqual([]);
  });
});
