import { describe, expect, it } from 'vitest';
import { computeCodeChallenge, generateCodeVerifier, generateState } from './spotify-pkce.js';
import {
  completeSpotifyLogin,
  createAuthorizeUrl,
  getValidToken,
  spotifyStorageKeys as keys,
  verifyState,
  type SpotifyAuthEnv,
  type SpotifyClientConfig,
} from './spotify-auth.js';

const config: SpotifyClientConfig = { clientId: 'test-client', authorizeUrl: 'https://accounts.test/authorize', tokenUrl: 'https://accounts.test/api/token', apiUrl: 'https://api.test/v1' };
const origin = 'http://127.0.0.1:3000';
const csrf = 'State verification failed. Possible CSRF attack.';

interface Sent {
  url: string;
  form: Record<string, string>;
}

/** Memory storage, a fixed clock and a token endpoint that answers `answers` in turn. */
function fakeEnv(answers: (Response | (() => Response))[] = [], now = 1_700_000_000_000) {
  const store = new Map<string, string>();
  const sent: Sent[] = [];
  const env: SpotifyAuthEnv & { store: Map<string, string>; sent: Sent[]; clock: { now: number } } = {
    store,
    sent,
    clock: { now },
    storage: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => void store.set(key, value),
      removeItem: (key) => void store.delete(key),
    },
    fetch: async (input, init) => {
      sent.push({ url: String(input), form: Object.fromEntries(new URLSearchParams(String(init?.body))) });
      const answer = answers.shift();
      if (!answer) throw new TypeError('network down');
      return typeof answer === 'function' ? answer() : answer;
    },
    now: () => env.clock.now,
  };
  return env;
}

function tokenAnswer(access: string, refresh?: string, expiresIn = 3600) {
  return new Response(JSON.stringify({ access_token: access, token_type: 'Bearer', expires_in: expiresIn, refresh_token: refresh }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

const badRequest = () => new Response(JSON.stringify({ error: 'invalid_grant' }), { status: 400 });

describe('PKCE pair', () => {
  it('makes a verifier of 43–128 unreserved characters, different every time', () => {
    const verifiers = new Set(Array.from({ length: 50 }, generateCodeVerifier));
    expect(verifiers.size).toBe(50);
    for (const verifier of verifiers) {
      expect(verifier.length).toBeGreaterThanOrEqual(43);
      expect(verifier.length).toBeLessThanOrEqual(128);
      expect(verifier).toMatch(/^[A-Za-z0-9\-._~]+$/);
    }
  });

  it('derives the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await computeCodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});

describe('state', () => {
  it('is 16 random alphanumeric characters', () => {
    const states = Array.from({ length: 200 }, () => generateState());
    for (const state of states) expect(state).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(new Set(states).size).toBe(200);
    // Every kind of character turns up: upper and lower case letters and digits.
    const all = states.join('');
    expect(all).toMatch(/[A-Z]/);
    expect(all).toMatch(/[a-z]/);
    expect(all).toMatch(/[0-9]/);
  });

  it('passes only when the returned state equals the stored one', () => {
    expect(() => verifyState('Abc123Abc123Abc1', 'Abc123Abc123Abc1')).not.toThrow();
    expect(() => verifyState('Abc123Abc123Abc1', 'Zzz123Abc123Abc1')).toThrow(csrf);
    expect(() => verifyState(null, 'Abc123Abc123Abc1')).toThrow(csrf);
    expect(() => verifyState('Abc123Abc123Abc1', null)).toThrow(csrf);
  });
});

describe('login', () => {
  it('sends the listener to the authorization page with PKCE and stores the state and verifier', async () => {
    const env = fakeEnv();
    const url = new URL(await createAuthorizeUrl(config, origin, env));
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.test/authorize');
    const q = url.searchParams;
    expect(q.get('client_id')).toBe('test-client');
    expect(q.get('redirect_uri')).toBe('http://127.0.0.1:3000/spotify-callback');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe(
      'streaming user-read-email user-read-private user-modify-playback-state user-read-playback-state user-read-currently-playing',
    );
    expect(q.get('show_dialog')).toBe('true');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('state')).toBe(env.store.get(keys.state));
    expect(q.get('state')).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(q.get('code_challenge')).toBe(await computeCodeChallenge(env.store.get(keys.verifier) ?? ''));
  });

  it('refuses a return whose state differs, without calling Spotify', async () => {
    const env = fakeEnv([tokenAnswer('never')]);
    env.store.set(keys.state, 'Stored0000000000');
    env.store.set(keys.verifier, 'v'.repeat(43));
    const params = new URLSearchParams({ code: 'code-csrf', state: 'Forged0000000000' });
    await expect(completeSpotifyLogin(config, params, origin, env)).rejects.toThrow(csrf);
    expect(env.sent).toEqual([]);
    expect(env.store.has(keys.token)).toBe(false);
    expect(env.store.has(keys.state)).toBe(false);
  });

  it('trades the code and verifier for tokens and stores them with their expiry', async () => {
    const env = fakeEnv([tokenAnswer('access-1', 'refresh-1', 3600)]);
    env.store.set(keys.state, 'Match00000000000');
    env.store.set(keys.verifier, 'verifier-'.padEnd(50, 'x'));
    const params = new URLSearchParams({ code: 'code-ok', state: 'Match00000000000' });
    const [first, second] = await Promise.all([
      completeSpotifyLogin(config, params, origin, env),
      completeSpotifyLogin(config, params, origin, env), // React's strict mode runs the effect twice
    ]);
    expect([first, second]).toEqual(['access-1', 'access-1']);
    expect(env.sent).toEqual([
      {
        url: 'https://accounts.test/api/token',
        form: {
          grant_type: 'authorization_code',
          code: 'code-ok',
          redirect_uri: 'http://127.0.0.1:3000/spotify-callback',
          client_id: 'test-client',
          code_verifier: 'verifier-'.padEnd(50, 'x'),
        },
      },
    ]);
    expect(env.store.get(keys.token)).toBe('access-1');
    expect(env.store.get(keys.expiry)).toBe(String(env.clock.now + 3600 * 1000));
    expect(env.store.get(keys.refreshToken)).toBe('refresh-1');
    expect(env.store.has(keys.state)).toBe(false);
    expect(env.store.has(keys.verifier)).toBe(false);
  });

  it("says 'Failed to get access token' when the token endpoint refuses", async () => {
    const env = fakeEnv([badRequest()]);
    env.store.set(keys.state, 'Match00000000000');
    env.store.set(keys.verifier, 'v'.repeat(43));
    const params = new URLSearchParams({ code: 'code-refused', state: 'Match00000000000' });
    await expect(completeSpotifyLogin(config, params, origin, env)).rejects.toThrow('Failed to get access token');
    expect(env.store.has(keys.token)).toBe(false);
  });
});

describe('getValidToken', () => {
  function connected(env: ReturnType<typeof fakeEnv>, expiresAt: number) {
    env.store.set(keys.token, 'access-old');
    env.store.set(keys.expiry, String(expiresAt));
    env.store.set(keys.refreshToken, 'refresh-old');
  }

  it('answers a stored token that is still valid without calling Spotify', async () => {
    const env = fakeEnv();
    connected(env, env.clock.now + 30 * 60_000);
    expect(await getValidToken(config, env)).toBe('access-old');
    expect(env.sent).toEqual([]);
  });

  it('refreshes an expired token, once for concurrent callers, and keeps the refresh token Spotify did not rotate', async () => {
    const env = fakeEnv([tokenAnswer('access-new', undefined, 1800)]);
    connected(env, env.clock.now - 1);
    const tokens = await Promise.all([getValidToken(config, env), getValidToken(config, env)]);
    expect(tokens).toEqual(['access-new', 'access-new']);
    expect(env.sent).toEqual([
      { url: 'https://accounts.test/api/token', form: { grant_type: 'refresh_token', refresh_token: 'refresh-old', client_id: 'test-client' } },
    ]);
    expect(env.store.get(keys.token)).toBe('access-new');
    expect(env.store.get(keys.expiry)).toBe(String(env.clock.now + 1800 * 1000));
    expect(env.store.get(keys.refreshToken)).toBe('refresh-old');
  });

  it('renews a token about to expire (under a minute left)', async () => {
    const env = fakeEnv([tokenAnswer('access-new', 'refresh-new')]);
    connected(env, env.clock.now + 30_000);
    expect(await getValidToken(config, env)).toBe('access-new');
    expect(env.store.get(keys.refreshToken)).toBe('refresh-new');
  });

  it('drops an expired token when the refresh is refused or Spotify is unreachable', async () => {
    for (const env of [fakeEnv([badRequest()]), fakeEnv([])]) {
      connected(env, env.clock.now - 1);
      expect(await getValidToken(config, env)).toBeNull();
      expect([...env.store.keys()]).toEqual([]);
    }
  });

  it('drops an expired token that has no refresh token, and answers null when nothing is stored', async () => {
    const env = fakeEnv();
    env.store.set(keys.token, 'access-old');
    env.store.set(keys.expiry, String(env.clock.now - 1));
    expect(await getValidToken(config, env)).toBeNull();
    expect(env.store.has(keys.token)).toBe(false);
    expect(await getValidToken(config, env)).toBeNull();
    expect(env.sent).toEqual([]);
  });
});
