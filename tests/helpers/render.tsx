import createCache, { type StylisElement, type StylisPlugin } from '@emotion/cache';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { userEvent, type Options as UserEventOptions, type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from '../../src/client/app/providers.js';

/**
 * A person at the keyboard and mouse, without user-event's default pause (a timer tick) after each key
 * and pointer move: on a busy machine each tick stretches, and a typed word cost seconds. Every component
 * test makes its user here; `options` as user-event's own (say, `pointerEventsCheck`).
 */
export function setupUser(options: Omit<UserEventOptions, 'delay' | 'advanceTimers'> = {}): UserEvent {
  return userEvent.setup({ ...options, delay: null });
}

const noDuration = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };

/**
 * The app's theme (light or dark, as toggled) without motion: no ripples, transitions that take 0 ms.
 * A ripple or a transition is timers and renders that a test waits through and never checks;
 * what a transition shows at its end is what the test sees at once.
 */
function withoutMotion(theme: Theme): Theme {
  const buttonBase = theme.components?.MuiButtonBase;
  return {
    ...theme,
    motion: { ...theme.motion, reducedMotion: 'always' },
    transitions: { ...theme.transitions, create: () => 'none', duration: noDuration, getAutoHeightDuration: () => 0 },
    components: { ...theme.components, MuiButtonBase: { ...buttonBase, defaultProps: { ...buttonBase?.defaultProps, disableRipple: true } } },
  };
}

/**
 * The key of the styles each render inserts into its own emotion cache, which tests/setup/dom.ts takes out
 * of the document after each test. With emotion's one default cache, the style tags of every test a worker
 * ran stayed in `<head>` (2,000 by the end of a run), and jsdom matches every element a query looks at
 * against all of them: Testing Library's role queries check each element's computed style.
 */
export const testStylesKey = 'test';

/** The CSS properties jsdom acts on for what a test observes: whether an element shows, and whether it takes a click. */
const observedProperties = new Set(['display', 'visibility', 'pointer-events']);

/** Whether a style element keeps a declaration of `observedProperties`, once the others are taken out of it. */
function keepsObserved(element: StylisElement): boolean {
  if (element.type === 'decl') return observedProperties.has(String(element.props));
  if (!Array.isArray(element.children)) return true;
  element.children = element.children.filter(keepsObserved);
  return element.children.length > 0;
}

/**
 * Keeps, of the styles a render inserts, only the declarations of `observedProperties`: a rule (or an @media,
 * a @keyframes) left empty becomes a comment, which emotion does not insert; and no vendor prefixes (emotion's
 * default plugin). jsdom lays nothing out and paints nothing, yet it matched each element a role query or a
 * click looked at against every rule in the document: a form's sizes, colours and fonts were most of a
 * component test's time. A test of colours renders without this cache (notistack-host.test.tsx).
 */
const onlyObservedStyles: StylisPlugin = (element) => {
  if (element.root === null && !keepsObserved(element)) element.type = 'comm';
};

/**
 * Renders a page or component as the app would: the app's providers (its theme without motion) with a
 * query client that does not retry, and a router at `path` matching `route` (e.g. '/:label/releases').
 */
export function renderWithApp(
  ui: ReactElement,
  { path = '/', route = '*' }: { path?: string; route?: string } = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <AppProviders queryClient={queryClient} emotionCache={createCache({ key: testStylesKey, stylisPlugins: [onlyObservedStyles] })}>
      <ThemeProvider theme={withoutMotion}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
          </Routes>
        </MemoryRouter>
      </ThemeProvider>
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
