import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The whole suite shares two cores with browsers and databases: give findBy/waitFor 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
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
