import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupUser } from '../../../../../tests/helpers/render.js';
import { spotifyStorageKeys as keys } from '../api/spotify-auth.js';
import { SpotifyConnectButton } from './spotify-connect-button.js';

const spotify = { clientId: 'test-client', authorizeUrl: 'https://accounts.test/authorize', tokenUrl: 'https://accounts.test/api/token', apiUrl: 'https://api.test/v1' };

function serve({ clientId = spotify.clientId as string | null, me = (): Response => Response.json({ product: 'premium' }) } = {}) {
  const calls: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    if (url.endsWith('/api/config')) return Response.json({ success: true, data: { spotify: { ...spotify, clientId } } });
    if (url === 'https://api.test/v1/me') return me();
    return Response.json({ error: 'unexpected' }, { status: 599 });
  }) as typeof fetch;
  return calls;
}

function storeToken() {
  localStorage.setItem(keys.token, 'access-1');
  localStorage.setItem(keys.expiry, String(Date.now() + 3_600_000));
  localStorage.setItem(keys.refreshToken, 'refresh-1');
}

describe('SpotifyConnectButton', () => {
  it('is hidden when the site has no Spotify client id', async () => {
    serve({ clientId: null });
    const { container, queryClient } = renderWithApp(<SpotifyConnectButton />);
    await vi.waitFor(() => expect(queryClient.getQueryState(['config'])?.status).toBe('success'));
    expect(container.textContent).toBe('');
  });

  it("offers 'Connect Spotify' when no account is connected", async () => {
    serve();
    renderWithApp(<SpotifyConnectButton />);
    expect(await screen.findByRole('button', { name: 'Connect Spotify' })).toBeTruthy();
  });

  it('shows a premium listener, whose full tracks can play', async () => {
    storeToken();
    serve();
    renderWithApp(<SpotifyConnectButton />);
    const button = await screen.findByRole('button', { name: 'Spotify Premium' });
    expect(button.getAttribute('title')).toBe('Full tracks can play');
  });

  it('shows a free listener, who gets previews, and disconnects from the menu', async () => {
    storeToken();
    serve({ me: () => Response.json({ product: 'free' }) });
    renderWithApp(<SpotifyConnectButton />);
    await setupUser().click(await screen.findByRole('button', { name: 'Spotify Free' }));
    expect(screen.getByText('Previews only')).toBeTruthy();
    await setupUser().click(screen.getByRole('menuitem', { name: 'Disconnect' }));
    expect(await screen.findByRole('button', { name: 'Connect Spotify' })).toBeTruthy();
    expect(localStorage.getItem(keys.token)).toBeNull();
    expect(localStorage.getItem(keys.refreshToken)).toBeNull();
  });

  it("shows 'Failed to check premium status' when the profile cannot be read", async () => {
    storeToken();
    serve({ me: () => Response.json({ error: { status: 503, message: 'down' } }, { status: 503 }) });
    renderWithApp(<SpotifyConnectButton />);
    expect(await screen.findByText('Failed to check premium status', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Spotify' }).getAttribute('title')).toBe('Premium status unknown');
  });
});
