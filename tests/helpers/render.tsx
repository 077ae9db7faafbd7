import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from '../../src/client/app/providers.js';

/**
 * Renders a page or component as the app would: the app's providers with a query client
 * that does not retry, and a router at `path` matching `route` (e.g. '/:label/releases').
 */
export function renderWithApp(
  ui: ReactElement,
  { path = '/', route = '*' }: { path?: string; route?: string } = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}

/** Answers fetch calls from a table of URL matchers; unmatched calls fail the test loudly. */
export function stubFetch(routes: [RegExp, (url: URL) => unknown | Promise<unknown>][]): () => string[] {
  const calls: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(`${url.pathname}${url.search}`);
    const route = routes.find(([pattern]) => pattern.test(url.pathname + url.search));
    if (!route) return new Response(JSON.stringify({ success: false, error: 'unmatched', message: 'unmatched' }), { status: 599 });
    const body = await route[1](url);
    if (body instanceof Response) return body;
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return () => calls;
}
