import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { testStylesKey } from '../helpers/render.js';

// The whole suite shares two cores with browsers and databases: give findBy/waitFor 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

// What the app loads when first used (docs/decisions/0023), loaded before any test fakes the clock:
// a dynamic import waits on the module loader, which a fake clock can hold up.
beforeAll(() => Promise.all([import('../../src/client/lib/notistack-host.js'), import('../../src/client/features/spotify/api/spotify-answers.js')]));

afterEach(() => {
  cleanup();
  localStorage.clear();
  // The styles of the test's own emotion cache (renderWithApp): the next test starts from its own.
  for (const tag of document.head.querySelectorAll(`style[data-emotion^="${testStylesKey}"]`)) tag.remove();
});

// jsdom has no layout: MUI's media queries and the infinite-scroll trigger need these.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
