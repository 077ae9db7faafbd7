import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spotifyStorageKeys as keys } from '../api/spotify-auth.js';
import { SpotifyCallbackPage } from './spotify-callback-page.js';

const spotify = { clientId: 'test-client', authorizeUrl: 'https://accounts.test/authorize', tokenUrl: 'https://accounts.test/api/token', apiUrl: 'https://api.test/v1' };
const tokenRequests: Record<string, string>[] = [];

function serveSpotify(tokenStatus = 200) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/config')) return Response.json({ success: true, data: { spotify } });
    if (url === 'https://accounts.test/api/token') {
      tokenRequests.push(Object.fromEntries(new URLSearchParams(String(init?.body))));
      return tokenStatus === 200
        ? Response.json({ access_token: 'access-1', token_type: 'Bearer', expires_in: 3600, refresh_token: 'refresh-1' })
        : Response.json({ error: 'invalid_grant' }, { status: tokenStatus });
    }
    return Response.json({ error: 'unexpected' }, { status: 599 });
  }) as typeof fetch;
}

function openCallback(search: string) {
  const path = `/spotify-callback${search}`;
  window.history.replaceState(null, '', path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/spotify-callback" element={<SpotifyCallbackPage />} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Lets fetches and React Query's scheduled updates run without moving the fake clock. */
async function settle() {
  for (let i = 0; i < 10; i++) await act(() => vi.advanceTimersByTimeAsync(0));
}

describe('SpotifyCallbackPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    tokenRequests.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it('connects, clears the code and state from the address, and goes home 2 seconds later', async () => {
    localStorage.setItem(keys.state, 'Match00000000000');
    localStorage.setItem(keys.verifier, 'v'.repeat(43));
    serveSpotify();
    openCallback('?code=code-1&state=Match00000000000');

    expect(screen.getByText('Authenticating with Spotify...')).toBeTruthy();
    expect(window.location.search).toBe('');
    expect(window.location.pathname).toBe('/spotify-callback');

    await settle();
    expect(screen.getByText('Successfully connected to Spotify!')).toBeTruthy();
    expect(screen.getByText('Redirecting you back to Build It Records...')).toBeTruthy();
    expect(tokenRequests).toEqual([
      expect.objectContaining({ grant_type: 'authorization_code', code: 'code-1', code_verifier: 'v'.repeat(43) }),
    ]);
    expect(localStorage.getItem(keys.token)).toBe('access-1');
    expect(localStorage.getItem(keys.state)).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(screen.queryByText('Home page')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('Home page')).toBeTruthy();
  });

  it('refuses a state that does not match, then goes home 2 seconds later', async () => {
    localStorage.setItem(keys.state, 'Stored0000000000');
    localStorage.setItem(keys.verifier, 'v'.repeat(43));
    serveSpotify();
    openCallback('?code=code-2&state=Forged0000000000');

    await settle();
    expect(screen.getByText('Authentication Error')).toBeTruthy();
    expect(screen.getByText('State verification failed. Possible CSRF attack.')).toBeTruthy();
    expect(screen.getByText('Redirecting you back...')).toBeTruthy();
    expect(tokenRequests).toEqual([]);
    expect(localStorage.getItem(keys.token)).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(screen.queryByText('Home page')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('Home page')).toBeTruthy();
  });

  it("shows 'Failed to get access token' when Spotify refuses the code", async () => {
    localStorage.setItem(keys.state, 'Match00000000000');
    localStorage.setItem(keys.verifier, 'v'.repeat(43));
    serveSpotify(400);
    openCallback('?code=code-3&state=Match00000000000');

    await settle();
    expect(screen.getByText('Authentication Error')).toBeTruthy();
    expect(screen.getByText('Failed to get access token')).toBeTruthy();
    expect(localStorage.getItem(keys.token)).toBeNull();
  });
});
