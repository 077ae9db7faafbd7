import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubFetch, setupUser } from '../../../tests/helpers/render.js';
import { ApiHealthMonitor } from './api-health-monitor.js';

const unreachable = 'API is unreachable. Please check your network connection.';

function answer(body: unknown, status = 200) {
  return () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Renders the monitor and waits for the first check to finish. */
async function renderMonitor(ui = <ApiHealthMonitor />) {
  const result = renderWithApp(ui);
  await waitFor(() => expect(result.queryClient.getQueryState(['api-health'])?.status).toBe('success'));
  return result;
}

async function expandDetails() {
  await setupUser().click(screen.getByRole('button', { name: 'Show API status details' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ApiHealthMonitor', () => {
  it('stays hidden while the API is healthy', async () => {
    const calls = stubFetch([[/^\/api\/health$/, () => ({ success: true, message: 'OK' })]]);
    await renderMonitor();
    expect(calls()).toEqual(['/api/health']);
    expect(screen.queryByText('API healthy')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a healthy API when always-show is on, with the last check when expanded', async () => {
    stubFetch([[/\/api\/health/, () => ({ success: true, message: 'OK' })]]);
    await renderMonitor(<ApiHealthMonitor alwaysShow />);
    expect((await screen.findByRole('status')).textContent).toContain('API healthy');
    expect(screen.queryByText(/Last checked/)).toBeNull();
    await expandDetails();
    expect(screen.getByText(/^Last checked: /)).toBeTruthy();
    await setupUser().click(screen.getByRole('button', { name: 'Hide API status details' }));
    await waitFor(() => expect(screen.queryByText(/Last checked/)).toBeNull());
  });

  it('shows degraded with the server message', async () => {
    stubFetch([[/\/api\/health/, () => ({ success: false, message: 'Database is slow' })]]);
    await renderMonitor();
    expect((await screen.findByRole('alert')).textContent).toContain('API degraded');
    await expandDetails();
    expect(screen.getByText('Database is slow')).toBeTruthy();
    expect(screen.getByText(/^Last checked: /)).toBeTruthy();
  });

  it('shows the default degraded message when the server gives none', async () => {
    stubFetch([[/\/api\/health/, () => ({ success: false })]]);
    await renderMonitor();
    await expandDetails();
    expect(await screen.findByText('API performance is degraded')).toBeTruthy();
  });

  it('shows down when the API answers 503, even with a health answer (its database is out): any non-OK answer is down', async () => {
    stubFetch([[/\/api\/health/, answer({ success: false, message: 'Database unavailable' }, 503)]]);
    await renderMonitor();
    expect((await screen.findByRole('alert')).textContent).toContain('API down');
    await expandDetails();
    expect(screen.getByText(unreachable)).toBeTruthy();
  });

  it('shows down when the answer is not the health answer', async () => {
    stubFetch([[/\/api\/health/, answer({ oops: true }, 502)]]);
    await renderMonitor();
    expect((await screen.findByRole('alert')).textContent).toContain('API down');
    await expandDetails();
    expect(screen.getByText(unreachable)).toBeTruthy();
  });

  it('shows down when the request fails', async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await renderMonitor(<ApiHealthMonitor defaultExpanded />);
    expect(await screen.findByText('API down')).toBeTruthy();
    expect(screen.getByText(unreachable)).toBeTruthy();
  });

  it('gives up after 3 seconds without an answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let aborted = false;
    globalThis.fetch = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('The operation was aborted.', 'AbortError'));
        });
      })) as typeof fetch;
    renderWithApp(<ApiHealthMonitor defaultExpanded />);
    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(aborted).toBe(false);
    expect(screen.queryByText('API down')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(aborted).toBe(true);
    expect(await screen.findByText('API down')).toBeTruthy();
    expect(screen.getByText(unreachable)).toBeTruthy();
  });

  it('checks again every 60 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let isUp = true;
    const calls = stubFetch([[/\/api\/health/, () => (isUp ? { success: true, message: 'OK' } : answer({}, 500)())]]);
    await renderMonitor();
    expect(calls()).toHaveLength(1);
    isUp = false;
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(calls()).toHaveLength(1);
    expect(screen.queryByText('API down')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(calls()).toHaveLength(2);
    expect(await screen.findByText('API down')).toBeTruthy();
    isUp = true;
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(calls()).toHaveLength(3);
    await waitFor(() => expect(screen.queryByText('API down')).toBeNull());
  });

  it('does not poll while the page is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubFetch([[/\/api\/health/, () => ({ success: true, message: 'OK' })]]);
    await renderMonitor();
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      act(() => void document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
      await act(() => vi.advanceTimersByTimeAsync(3 * 60_000));
      expect(calls()).toHaveLength(1);
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState;
      act(() => void document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    }
    // Back in view: checked again at once (the last answer is stale), then every 60 s.
    await waitFor(() => expect(calls()).toHaveLength(2));
  });
});
