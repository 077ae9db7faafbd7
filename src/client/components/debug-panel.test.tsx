import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch, setupUser } from '../../../tests/helpers/render.js';
import { debugLog } from '../lib/debug-log.js';
import { DebugPanel } from './debug-panel.js';

// jsdom's page is http://localhost:3000/ here; debug-panel.remote.test.tsx covers other hosts.

function logLines(): string[] {
  return within(screen.getByRole('list', { name: 'Log entries' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

async function openPanel() {
  renderWithApp(<DebugPanel />);
  await setupUser().click((await screen.findByRole('button', { name: /^Debug \d+: expand the debug panel/ })));
  return screen.getByRole('region', { name: 'Debug panel' });
}

beforeEach(() => debugLog.clear());

describe('DebugPanel on localhost', () => {
  it('starts as a small chip and expands into a console with its buttons', async () => {
    expect(window.location.hostname).toBe('localhost');
    renderWithApp(<DebugPanel />);
    expect(screen.queryByRole('region', { name: 'Debug panel' })).toBeNull();
    await setupUser().click((await screen.findByRole('button', { name: 'Debug 0: expand the debug panel (0 log entries)' })));
    const panel = screen.getByRole('region', { name: 'Debug panel' });
    for (const name of ['Test API Config', 'Clear', 'Minimize']) expect(within(panel).getByRole('button', { name })).toBeTruthy();
    expect(logLines()).toEqual(['No log entries']);

    await setupUser().click(screen.getByRole('button', { name: 'Minimize' }));
    expect(screen.queryByRole('region', { name: 'Debug panel' })).toBeNull();
    expect((await screen.findByRole('button', { name: /^Debug \d+: expand the debug panel/ }))).toBeTruthy();
  });

  it('shows new entries as they are logged, and Clear empties the list', async () => {
    await openPanel();
    act(() => {
      debugLog.info('Fetched releases');
      debugLog.warn('Slow answer');
      debugLog.error('Request failed (500)');
    });
    const lines = logLines();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('[info] Fetched releases');
    expect(lines[1]).toContain('[warn] Slow answer');
    expect(lines[2]).toContain('[error] Request failed (500)');

    await setupUser().click(screen.getByRole('button', { name: 'Clear' }));
    expect(logLines()).toEqual(['No log entries']);
  });

  it('keeps only the last 50 entries', async () => {
    act(() => {
      for (let n = 1; n <= 60; n += 1) debugLog.info(`line ${n}`);
    });
    renderWithApp(<DebugPanel />);
    await setupUser().click(screen.getByRole('button', { name: 'Debug 50: expand the debug panel (50 log entries)' }));
    const lines = logLines();
    expect(lines).toHaveLength(50);
    expect(lines[0]).toMatch(/\[info\] line 11$/);
    expect(lines[49]).toMatch(/\[info\] line 60$/);
  });

  it('Test API Config logs the API base and the health answer', async () => {
    const calls = stubFetch([[/^\/api\/health$/, () => ({ success: true, message: 'OK' })]]);
    await openPanel();
    await setupUser().click(screen.getByRole('button', { name: 'Test API Config' }));
    await waitFor(() => expect(logLines()).toHaveLength(3));
    expect(calls()).toEqual(['/api/health']);
    const lines = logLines();
    expect(lines[0]).toContain('[info] API base: /api');
    expect(lines[1]).toContain('[info] GET /api/health: 200');
    expect(lines[2]).toContain('[info] Answer: {"success":true,"message":"OK"}');
  });

  it('Test API Config logs a failing API as errors', async () => {
    stubFetch([[/\/api\/health/, () => new Response('{"success":false,"message":"Database unavailable"}', { status: 503 })]]);
    await openPanel();
    await setupUser().click(screen.getByRole('button', { name: 'Test API Config' }));
    await waitFor(() => expect(logLines()).toHaveLength(3));
    expect(logLines()[1]).toContain('[error] GET /api/health: 503');
    expect(logLines()[2]).toContain('[error] Answer: {"success":false,"message":"Database unavailable"}');
  });

  it('Test API Config logs an unreachable API', async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await openPanel();
    await setupUser().click(screen.getByRole('button', { name: 'Test API Config' }));
    await waitFor(() => expect(logLines()).toHaveLength(2));
    expect(logLines()[1]).toContain('[error] GET /api/health failed: TypeError: Failed to fetch');
  });
});
