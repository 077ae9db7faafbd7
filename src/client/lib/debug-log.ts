// In-memory log behind the debug panel (docs/product.md §2 Layout, §9: last 50 entries, levels info/warn/error).
// A plain store rather than React state so that non-React code (the API client) can report into it.

export type DebugLevel = 'info' | 'warn' | 'error';

export interface DebugEntry {
  /** Increasing number, unique for the page's lifetime: a stable React key. */
  id: number;
  level: DebugLevel;
  message: string;
  /** Epoch milliseconds. */
  time: number;
}

export const debugLogCap = 50;

const noEntries: readonly DebugEntry[] = Object.freeze([]);
let entries: readonly DebugEntry[] = noEntries;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly DebugEntry[]) {
  entries = next;
  for (const listener of listeners) listener();
}

function add(level: DebugLevel, message: string) {
  const entry: DebugEntry = { id: nextId++, level, message, time: Date.now() };
  publish([...entries, entry].slice(-debugLogCap));
}

export const debugLog = {
  info: (message: string) => add('info', message),
  warn: (message: string) => add('warn', message),
  error: (message: string) => add('error', message),
  clear: () => publish(noEntries),
  /** For `useSyncExternalStore`: returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The same array until the log changes, as `useSyncExternalStore` requires. */
  getSnapshot: (): readonly DebugEntry[] => entries,
  /** Server rendering has no log. */
  getServerSnapshot: (): readonly DebugEntry[] => noEntries,
};
