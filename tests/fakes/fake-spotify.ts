import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Spotify (accounts service and Web API) on loopback, for API, component-free and browser
 * tests (DECISIONS §4: every Spotify base URL is configuration). It speaks real HTTP:
 *
 * - `GET /authorize`: Authorization Code with PKCE; answers 302 back to `redirect_uri` with a code
 *   and the state (or a wrong state, or an error, see `setNextAuthorize`).
 * - `POST /api/token` (form-encoded): `authorization_code` (checks the code, redirect_uri, client_id
 *   and that base64url(SHA-256(code_verifier)) is the challenge), `refresh_token`, and
 *   `client_credentials` (Basic auth with the app's id and secret).
 * - `GET /v1/me` with a bearer token: the premium or the free listener.
 *
 * `/v1/me` answers (and its 401s) validate against `../shared/fixtures/spotify-web-api.openapi.yml`
 * (fake-spotify.test.ts checks it). The token answers are not in that document: they follow
 * Spotify's authorization guides (access_token, token_type "Bearer", scope, expires_in, and
 * refresh_token for user grants; errors as `{ error, error_description }` with status 400).
 * Every answer carries `Access-Control-Allow-Origin: *`, and preflights are answered, because the
 * browser calls the token endpoint and `/me` from the page's origin.
 */

export type FakeSpotifyUserKind = 'premium' | 'free';

export interface NextAuthorize {
  /** The account that "logs in": premium by default. */
  user?: FakeSpotifyUserKind;
  /** Redirect back with a state other than the one sent (the CSRF check must refuse it). */
  wrongState?: boolean;
  /** Redirect back with `?error=…&state=…` instead of a code (the listener declined). */
  error?: 'access_denied';
}

export interface FakeSpotifyOptions {
  clientId?: string;
  clientSecret?: string;
  /** Seconds until an access token expires (Spotify: 3600). */
  expiresIn?: number;
}

export interface FakeSpotify {
  /** Base URL of the fake (`http://127.0.0.1:PORT`): SPOTIFY_ACCOUNTS_URL. */
  url: string;
  accountsUrl: string;
  /** SPOTIFY_API_URL (`…/v1`). */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Chooses the account and outcome of the next `/authorize` only; later ones are premium, fine. */
  setNextAuthorize(next: NextAuthorize): void;
  /** The query of every `/authorize` request, oldest first. */
  readonly authorizeRequests: URLSearchParams[];
  /** The form of every `/api/token` request, oldest first. */
  readonly tokenRequests: URLSearchParams[];
  /** Makes every access token issued so far expired (refresh tokens stay valid). */
  expireAccessTokens(): void;
  /** Makes every refresh token issued so far invalid (a revoked app). */
  revokeRefreshTokens(): void;
  close(): Promise<void>;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
  user: FakeSpotifyUserKind;
}

interface AccessToken {
  /** undefined: an app token from client credentials, which has no user. */
  user: FakeSpotifyUserKind | undefined;
  expiresAt: number;
}

/** The private user objects of the two accounts, as `GET /v1/me` answers them. */
export function fakeSpotifyUser(kind: FakeSpotifyUserKind, apiUrl: string) {
  const id = `fake-${kind}-listener`;
  return {
    account_id: `acct${kind === 'premium' ? 'P' : 'F'}7h3x9`,
    country: 'NL',
    display_name: kind === 'premium' ? 'Pat Premium' : 'Frankie Free',
    email: `${kind}@listeners.example.com`,
    explicit_content: { filter_enabled: false, filter_locked: false },
    external_urls: { spotify: `https://open.spotify.com/user/${id}` },
    followers: { href: null, total: 0 },
    href: `${apiUrl}/users/${id}`,
    id,
    images: [],
    product: kind,
    type: 'user',
    uri: `spotify:user:${id}`,
  };
}

export function pkceChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/** Spotify's Web API error shape (`{ error: ErrorObject }`). */
function sendApiError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { error: { status, message } });
}

/** The accounts service's OAuth error shape. */
function sendOAuthError(res: ServerResponse, error: string, description: string, status = 400): void {
  sendJson(res, status, { error, error_description: description });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const token = (bytes = 24) => randomBytes(bytes).toString('base64url');

function randomState(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(16), (b) => alphabet[b % alphabet.length]).join('');
}

export async function startFakeSpotify(options: FakeSpotifyOptions = {}): Promise<FakeSpotify> {
  const clientId = options.clientId ?? 'fakespotifyclientid0000000000001';
  const clientSecret = options.clientSecret ?? 'fakespotifyclientsecret000000001';
  const expiresIn = options.expiresIn ?? 3600;
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, AccessToken>();
  const refreshTokens = new Map<string, { user: FakeSpotifyUserKind; scope: string; clientId: string }>();
  const authorizeRequests: URLSearchParams[] = [];
  const tokenRequests: URLSearchParams[] = [];
  let next: NextAuthorize = {};
  let apiUrl = '';

  function issueAccessToken(user: FakeSpotifyUserKind | undefined): string {
    const value = token();
    accessTokens.set(value, { user, expiresAt: Date.now() + expiresIn * 1000 });
    return value;
  }

  function authorize(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    authorizeRequests.push(new URLSearchParams(q));
    const redirectUri = q.get('redirect_uri');
    // Like Spotify, problems with the client or the redirect URI are shown on the page, not redirected.
    if (q.get('client_id') !== clientId) return sendOAuthError(res, 'invalid_client', 'INVALID_CLIENT: Invalid client');
    if (!redirectUri || !/^(https:\/\/|http:\/\/(127\.0\.0\.1|\[::1\])[:/])/.test(redirectUri)) {
      return sendOAuthError(res, 'invalid_request', 'INVALID_CLIENT: Insecure redirect URI');
    }
    const outcome = next;
    next = {};
    const back = new URL(redirectUri);
    const state = q.get('state');
    const fail = (error: string) => {
      back.searchParams.set('error', error);
      if (state !== null) back.searchParams.set('state', state);
      res.writeHead(302, { Location: back.toString() }).end();
    };
    if (q.get('response_type') !== 'code') return fail('unsupported_response_type');
    if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) return fail('invalid_request');
    if (outcome.error) return fail(outcome.error);

    const code = token(32);
    codes.set(code, {
      clientId,
      redirectUri,
      challenge: q.get('code_challenge') as string,
      scope: q.get('scope') ?? '',
      user: outcome.user ?? 'premium',
    });
    back.searchParams.set('code', code);
    if (state !== null) {
      let returned = state;
      if (outcome.wrongState) while (returned === state) returned = randomState();
      back.searchParams.set('state', returned);
    }
    res.writeHead(302, { Location: back.toString() }).end();
  }

  function exchangeCode(form: URLSearchParams, res: ServerResponse): void {
    const code = form.get('code') ?? '';
    const pending = codes.get(code);
    codes.delete(code); // single use, whatever the outcome
    if (!pending) return sendOAuthError(res, 'invalid_grant', 'Invalid authorization code');
    if (form.get('client_id') !== pending.clientId) return sendOAuthError(res, 'invalid_client', 'Invalid client');
    if (form.get('redirect_uri') !== pending.redirectUri) return sendOAuthError(res, 'invalid_grant', 'Invalid redirect URI');
    const verifier = form.get('code_verifier') ?? '';
    if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier) || pkceChallengeOf(verifier) !== pending.challenge) {
      return sendOAuthError(res, 'invalid_grant', 'code_verifier was incorrect');
    }
    const refresh = token(32);
    refreshTokens.set(refresh, { user: pending.user, scope: pending.scope, clientId: pending.clientId });
    sendJson(res, 200, {
      access_token: issueAccessToken(pending.user),
      token_type: 'Bearer',
      scope: pending.scope,
      expires_in: expiresIn,
      refresh_token: refresh,
    });
  }

  function refresh(form: URLSearchParams, res: ServerResponse): void {
    const old = form.get('refresh_token') ?? '';
    const grant = refreshTokens.get(old);
    if (!grant) return sendOAuthError(res, 'invalid_grant', 'Invalid refresh token');
    if (form.get('client_id') !== grant.clientId) return sendOAuthError(res, 'invalid_client', 'Invalid client');
    // PKCE refresh tokens rotate: the answer carries a new one and the old one stops working.
    refreshTokens.delete(old);
    const renewed = token(32);
    refreshTokens.set(renewed, grant);
    sendJson(res, 200, {
      access_token: issueAccessToken(grant.user),
      token_type: 'Bearer',
      scope: grant.scope,
      expires_in: expiresIn,
      refresh_token: renewed,
    });
  }

  function clientCredentials(req: IncomingMessage, form: URLSearchParams, res: ServerResponse): void {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const [id, secret] = basic
      ? Buffer.from(basic[1] as string, 'base64').toString('utf8').split(':')
      : [form.get('client_id'), form.get('client_secret')];
    if (id !== clientId || secret !== clientSecret) return sendOAuthError(res, 'invalid_client', 'Invalid client');
    sendJson(res, 200, { access_token: issueAccessToken(undefined), token_type: 'Bearer', expires_in: expiresIn });
  }

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return sendOAuthError(res, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
    }
    const form = new URLSearchParams(await readBody(req));
    tokenRequests.push(form);
    switch (form.get('grant_type')) {
      case 'authorization_code':
        return exchangeCode(form, res);
      case 'refresh_token':
        return refresh(form, res);
      case 'client_credentials':
        return clientCredentials(req, form, res);
      default:
        return sendOAuthError(res, 'unsupported_grant_type', `grant_type must be authorization_code, refresh_token or client_credentials`);
    }
  }

  function me(req: IncomingMessage, res: ServerResponse): void {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const access = bearer ? accessTokens.get(bearer[1] as string) : undefined;
    if (!bearer) return sendApiError(res, 401, 'No token provided');
    if (!access) return sendApiError(res, 401, 'Invalid access token');
    if (access.expiresAt <= Date.now()) return sendApiError(res, 401, 'The access token expired');
    if (!access.user) return sendApiError(res, 401, 'Valid user authentication required');
    sendJson(res, 200, fakeSpotifyUser(access.user, apiUrl));
  }

  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type',
        'Access-Control-Max-Age': '600',
      });
      return void res.end();
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = `${req.method} ${url.pathname}`;
    const handle = async () => {
      if (route === 'GET /authorize') return authorize(url, res);
      if (route === 'POST /api/token') return tokenEndpoint(req, res);
      if (route === 'GET /v1/me') return me(req, res);
      return sendApiError(res, 404, 'Service not found');
    };
    handle().catch((err: unknown) => sendApiError(res, 500, err instanceof Error ? err.message : String(err)));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  apiUrl = `${url}/v1`;

  return {
    url,
    accountsUrl: url,
    apiUrl,
    clientId,
    clientSecret,
    setNextAuthorize: (options) => {
      next = { ...options };
    },
    authorizeRequests,
    tokenRequests,
    expireAccessTokens: () => {
      for (const access of accessTokens.values()) access.expiresAt = 0;
    },
    revokeRefreshTokens: () => refreshTokens.clear(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
