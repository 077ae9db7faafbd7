// @vitest-environment-options {"url": "https://buildit.example/records"}
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../tests/helpers/render.js';
import { DebugPanel, isDebugLocation } from './debug-panel.js';

// A deployed site: the panel appears only with a `debug` query parameter (docs/product.md §2 Layout).

afterEach(() => window.history.replaceState(null, '', '/records'));

describe('DebugPanel on a deployed site', () => {
  it('is absent without a debug parameter', () => {
    expect(window.location.hostname).toBe('buildit.example');
    renderWithApp(<DebugPanel />);
    expect(screen.queryByRole('button', { name: /debug panel/i })).toBeNull();
    expect(screen.queryByText(/Debug/)).toBeNull();
  });

  it('appears with ?debug', async () => {
    window.history.replaceState(null, '', '/records?debug');
    renderWithApp(<DebugPanel />);
    expect((await screen.findByRole('button', { name: 'Debug 0: expand the debug panel (0 log entries)' }))).toBeTruthy();
  });

  it('appears with ?debug=1 among other parameters', async () => {
    window.history.replaceState(null, '', '/records/releases?type=album&debug=1');
    renderWithApp(<DebugPanel />);
    expect((await screen.findByRole('button', { name: /^Debug \d+: expand the debug panel/ }))).toBeTruthy();
  });
});

describe('isDebugLocation', () => {
  it.each([
    ['localhost', '', true],
    ['127.0.0.1', '', true],
    ['[::1]', '', true],
    ['buildit.example', '', false],
    ['buildit.example', '?debug', true],
    ['buildit.example', '?debugging=1', false],
  ])('%s%s → %s', (hostname, search, expected) => {
    expect(isDebugLocation({ hostname, search })).toBe(expected);
  });
});
