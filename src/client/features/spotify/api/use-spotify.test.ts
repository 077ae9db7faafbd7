import { describe, expect, it } from 'vitest';
import { spotifyStorageKeys as keys, type SpotifyAuthEnv, type SpotifyClientConfig } from './spotify-auth.js';
import { fetchSpotifyProfile } from './use-spotify.js';

const config: SpotifyClientConfig = { clientId: 'test-client', authorizeUrl: 'https://accounts.test/authorize', tokenUrl: 'https://accounts.test/api/token', apiUrl: 'https://api.test/v1' };
const now = 1_700_000_000_000;

function envAnswering(answer: () => Response) {
  const store = new Map<string, string>([
    [keys.token, 'access-1'],
    [keys.expiry, String(now + 3_600_000)],
    [keys.refreshToken, 'refresh-1'],
  ]);
  const requests: { url: string; authorization: string | null }[] = [];
  const env: SpotifyAuthEnv = {
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
    fetch: async (input, init) => {
      requests.push({ url: String(input), authorization: new Headers(init?.headers).get('Authorization') });
      return answer();
    },
    now: () => now,
  };
  return { env, store, requests };
}

const json = (body: unknown, status = 200) => () => new Response(JSON.stringify(body), { status });

describe('fetchSpotifyProfile', () => {
  it("asks `me` with the bearer token; product 'premium' marks a premium listener", async () => {
    const { env, requests } = envAnswering(json({ id: 'u1', product: 'premium' }));
    expect(await fetchSpotifyProfile(config, env)).toEqual({ product: 'premium' });
    expect(requests).toEqual([{ url: 'https://api.test/v1/me', authorization: 'Bearer access-1' }]);
  });

  it('reads a free listener', async () => {
    const { env } = envAnswering(json({ id: 'u2', product: 'free' }));
    expect((await fetchSpotifyProfile(config, env)).product).toBe('free');
  });

  it("fails with 'Failed to fetch user profile' on an error answer, and drops a token Spotify refuses", async () => {
    const failing = envAnswering(json({ error: { status: 500, message: 'oops' } }, 500));
    await expect(fetchSpotifyProfile(config, failing.env)).rejects.toThrow('Failed to fetch user profile');
    expect(failing.store.get(keys.token)).toBe('access-1');

    const revoked = envAnswering(json({ error: { status: 401, message: 'The access token expired' } }, 401));
    await expect(fetchSpotifyProfile(config, revoked.env)).rejects.toThrow('Failed to fetch user profile');
    expect(revoked.store.has(keys.token)).toBe(false);
  });
});
