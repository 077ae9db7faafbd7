import type { SpotifyToken } from './spotify-answers.js';
import type { ClientConfig } from '../../../../shared/api/client-config.js';
import { computeCodeChallenge, generateCodeVerifier, generateState } from './spotify-pkce.js';

/** Spotify's part of `GET /api/config`: client id and endpoints. */
export type SpotifyClientConfig = ClientConfig['spotify'];

// Listener login with Spotify: Authorization Code with PKCE (docs/product.md §10.4; the implicit grant is gone).
//
// Browser storage (localStorage, so that it survives the round trip through Spotify's page):
//   spotify_auth_state     the 16-character state sent to Spotify, checked on return (docs/product.md §3, §5)
//   spotify_code_verifier  the PKCE code verifier of that login; both are removed once used
//   spotifyToken           the access token (docs/product.md §3)
//   spotifyTokenExpiry     when it expires, epoch ms = now + expires_in * 1000 (docs/product.md §3, §9)
//   spotifyRefreshToken    the refresh token that renews it
export const spotifyStorageKeys = {
  state: 'spotify_auth_state',
  verifier: 'spotify_code_verifier',
  token: 'spotifyToken',
  expiry: 'spotifyTokenExpiry',
  refreshToken: 'spotifyRefreshToken',
} as const;

/** docs/product.md §9 streaming scopes. */
export const spotifyScopes = [
  'streaming',
  'user-read-email',
  'user-read-private',
  'user-modify-playback-state',
  'user-read-playback-state',
  'user-read-currently-playing',
] as const;

export const spotifyAuthMessages = {
  stateMismatch: 'State verification failed. Possible CSRF attack.',
  tokenFailed: 'Failed to get access token',
} as const;

/** A token this close to its expiry is renewed first, so that it does not run out mid-request. */
export const expiryMarginMs = 60_000;

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** What the functions below touch outside themselves; tests pass their own. */
export interface SpotifyAuthEnv {
  storage: KeyValueStore;
  fetch: typeof fetch;
  now: () => number;
}

export function browserAuthEnv(): SpotifyAuthEnv {
  return { storage: window.localStorage, fetch: (input, init) => globalThis.fetch(input, init), now: Date.now };
}

// ---- State ----------------------------------------------------------------------------------

/** docs/product.md §5: the returned state must equal the stored one. */
export function verifyState(returned: string | null, stored: string | null): void {
  if (!returned || !stored || returned !== stored) throw new Error(spotifyAuthMessages.stateMismatch);
}

// ---- Login ----------------------------------------------------------------------------------

export function spotifyRedirectUri(origin: string): string {
  return `${origin}/spotify-callback`;
}

/** Creates and stores a fresh state and verifier, and answers the authorization page's URL. */
export async function createAuthorizeUrl(
  config: SpotifyClientConfig,
  origin: string,
  env: SpotifyAuthEnv = browserAuthEnv(),
): Promise<string> {
  if (!config.clientId) throw new Error('Spotify is not configured on this site');
  const state = generateState();
  const verifier = generateCodeVerifier();
  const challenge = await computeCodeChallenge(verifier);
  env.storage.setItem(spotifyStorageKeys.state, state);
  env.storage.setItem(spotifyStorageKeys.verifier, verifier);
  const params = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: spotifyRedirectUri(origin),
    response_type: 'code',
    scope: spotifyScopes.join(' '),
    state,
    show_dialog: 'true',
    code_challenge_method: 'S256',
    code_challenge: challenge,
  });
  return `${config.authorizeUrl}?${params.toString()}`;
}

/** Sends the browser to Spotify's authorization page. */
export async function startSpotifyLogin(config: SpotifyClientConfig): Promise<void> {
  window.location.assign(await createAuthorizeUrl(config, window.location.origin));
}

// ---- Tokens ---------------------------------------------------------------------------------

const listeners = new Set<() => void>();

/** Called whenever this tab stores or drops a token (other tabs: the `storage` event). */
export function subscribeToSpotifyToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}

async function requestToken(config: SpotifyClientConfig, form: Record<string, string>, env: SpotifyAuthEnv) {
  let res: Response;
  try {
    res = await env.fetch(config.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  } catch {
    throw new Error(spotifyAuthMessages.tokenFailed);
  }
  const { tokenResponseSchema } = await import('./spotify-answers.js');
  const parsed = tokenResponseSchema.safeParse(res.ok ? await res.json().catch(() => undefined) : undefined);
  if (!parsed.success) throw new Error(spotifyAuthMessages.tokenFailed);
  return parsed.data;
}

function storeToken(token: SpotifyToken, env: SpotifyAuthEnv): string {
  env.storage.setItem(spotifyStorageKeys.token, token.access_token);
  env.storage.setItem(spotifyStorageKeys.expiry, String(env.now() + token.expires_in * 1000));
  // Spotify may rotate the refresh token; when it sends none, the old one stays valid.
  if (token.refresh_token) env.storage.setItem(spotifyStorageKeys.refreshToken, token.refresh_token);
  notify();
  return token.access_token;
}

export function clearSpotifyTokens(env: SpotifyAuthEnv = browserAuthEnv()): void {
  env.storage.removeItem(spotifyStorageKeys.token);
  env.storage.removeItem(spotifyStorageKeys.expiry);
  env.storage.removeItem(spotifyStorageKeys.refreshToken);
  notify();
}

/** Whether a token is stored (it may be expired but renewable). Safe to call while rendering on a server. */
export function hasSpotifyToken(storage: KeyValueStore | undefined): boolean {
  return Boolean(storage?.getItem(spotifyStorageKeys.token));
}

const exchanges = new Map<string, Promise<string>>();

/**
 * The return from Spotify: checks the state, trades the code and verifier for tokens and stores them.
 * One exchange per code, so that a second call (React's strict mode runs effects twice) shares it.
 */
export function completeSpotifyLogin(
  config: SpotifyClientConfig,
  params: URLSearchParams,
  origin: string,
  env: SpotifyAuthEnv = browserAuthEnv(),
): Promise<string> {
  const key = `${params.get('code')}|${params.get('state')}|${params.get('error')}`;
  let exchange = exchanges.get(key);
  if (!exchange) {
    exchange = exchangeCode(config, params, origin, env);
    exchanges.set(key, exchange);
  }
  return exchange;
}

async function exchangeCode(config: SpotifyClientConfig, params: URLSearchParams, origin: string, env: SpotifyAuthEnv) {
  const storedState = env.storage.getItem(spotifyStorageKeys.state);
  const verifier = env.storage.getItem(spotifyStorageKeys.verifier);
  // A state and verifier serve one login only.
  env.storage.removeItem(spotifyStorageKeys.state);
  env.storage.removeItem(spotifyStorageKeys.verifier);
  verifyState(params.get('state'), storedState);
  const denied = params.get('error');
  if (denied) throw new Error(`Spotify did not authorize the connection (${denied})`);
  const code = params.get('code');
  if (!code || !verifier || !config.clientId) throw new Error(spotifyAuthMessages.tokenFailed);
  const token = await requestToken(
    config,
    {
      grant_type: 'authorization_code',
      code,
      redirect_uri: spotifyRedirectUri(origin),
      client_id: config.clientId,
      code_verifier: verifier,
    },
    env,
  );
  return storeToken(token, env);
}

let refreshing: Promise<string | null> | null = null;

/**
 * An access token that is good for at least another minute: the stored one, or a renewed one when
 * it has expired; null (and nothing stored) when there is none or it cannot be renewed.
 * Concurrent callers share one refresh: Spotify may rotate the refresh token on use.
 */
export function getValidToken(config: SpotifyClientConfig, env: SpotifyAuthEnv = browserAuthEnv()): Promise<string | null> {
  const token = env.storage.getItem(spotifyStorageKeys.token);
  const expiry = Number(env.storage.getItem(spotifyStorageKeys.expiry));
  if (token && Number.isFinite(expiry) && expiry - expiryMarginMs > env.now()) return Promise.resolve(token);
  refreshing ??= refreshToken(config, env).finally(() => (refreshing = null));
  return refreshing;
}

async function refreshToken(config: SpotifyClientConfig, env: SpotifyAuthEnv): Promise<string | null> {
  const refresh = env.storage.getItem(spotifyStorageKeys.refreshToken);
  if (!refresh || !config.clientId) {
    if (env.storage.getItem(spotifyStorageKeys.token)) clearSpotifyTokens(env);
    return null;
  }
  try {
    const token = await requestToken(config, { grant_type: 'refresh_token', refresh_token: refresh, client_id: config.clientId }, env);
    return storeToken(token, env);
  } catch {
    clearSpotifyTokens(env);
    return null;
  }
}
