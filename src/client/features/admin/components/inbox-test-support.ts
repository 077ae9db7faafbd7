// Test support (not a test): the admin API table of tests/helpers/admin-routes.tsx, plus the full
// URL of every call, since the Demos and Members tabs send their filters in the query string.
import { vi } from 'vitest';
import { serveAdminApi, type Answer } from '../../../../../tests/helpers/admin-routes.js';

export function serveInboxApi(table: Record<string, Answer | Answer[]>) {
  const sent = serveAdminApi(table);
  const answer = globalThis.fetch;
  const urls: URL[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(new URL(String(input), 'http://localhost'));
    return answer(input, init);
  });
  /** The query of each call to `path`, in order. */
  const queries = (path: string) => urls.filter((url) => url.pathname === path).map((url) => Object.fromEntries(url.searchParams));
  return { sent, queries };
}
