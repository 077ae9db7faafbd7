import { createHash, randomBytes } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Spotify (accounts service and Web API) on loopback, for API, component-free and browser
 * tests (docs/product.md §10.4: every Spotify base URL is configuration). It speaks real HTTP:
 *
 * - `GET /authorize`: Authorization Code with PKCE; answers 302 back to `redirect_uri` with a code
 *   and the state (or a wrong state, or an error, see `setNextAuthorize`).
 * - `POST /api/token` (form-encoded): `authorization_code` (checks the code, redirect_uri, client_id
 *   and that base64url(SHA-256(code_verifier)) is the challenge), `refresh_token`, and
 *   `client_credentials` (Basic auth with the app's id and secret).
 * - `GET /v1/me` with a bearer token: the premium or the free listener.
 * - The catalog (any valid bearer token, app or user), backed by what the test seeds with `addAlbum`:
 *   `GET /v1/search` (`q=upc:…` with type album, `q=isrc:…` with type track, else a name match;
 *   `limit` 1–10 as Spotify caps it in 2026, else 400), `GET /v1/albums/{id}`,
 *   `GET /v1/albums/{id}/tracks` (limit 1–50, default 20, with `next`/`previous`) and
 *   `GET /v1/artists/{id}`. As Spotify does for most apps in 2026 (docs/product.md §10.4) there is no
 *   `preview_url` (null), no popularity, no artist followers and no album label unless seeded.
 * - `failNext(status, { retryAfter })`: the next `/v1` call answers 429 (with `Retry-After`) or 5xx.
 * - `beforeApiAnswer`: holds each `/v1` call until it resolves.
 *
 * `/v1` answers (and their errors) validate against `tests/fixtures/spotify-web-api.openapi.yml`
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
  /**
   * Awaited before each `/v1` request is answered: a test holds the requests of a server in another
   * process (tests/helpers/gate.ts) to see its job part-way.
   */
  beforeApiAnswer?: (url: URL) => Promise<void>;
}

export interface FakeSpotifyImage {
  url: string;
  height: number | null;
  width: number | null;
}

export interface FakeSpotifyArtistInput {
  name: string;
  /** Default: derived from the name, so the same name is the same artist. */
  id?: string;
  images?: FakeSpotifyImage[];
  /** Left out of the answer when not given (deprecated field). */
  genres?: string[];
  /** Left out of the answer unless given (docs/product.md §10.4: most apps get no followers). */
  followers?: number;
  /** Left out of the answer unless given (docs/product.md §10.4). */
  popularity?: number;
}

export interface FakeSpotifyTrackInput {
  isrc: string;
  name: string;
  duration_ms: number;
  id?: string;
  /** Default: the album's artists. */
  artists?: FakeSpotifyArtistInput[];
  /** Default null: Spotify gives most apps no previews in 2026. */
  preview_url?: string | null;
  explicit?: boolean;
}

export interface FakeSpotifyAlbumInput {
  upc: string;
  name: string;
  tracks: FakeSpotifyTrackInput[];
  artists: FakeSpotifyArtistInput[];
  images?: FakeSpotifyImage[];
  id?: string;
  /** Default: single up to 3 tracks, else album. */
  album_type?: 'album' | 'single' | 'compilation';
  /** Default 2025-01-17 (precision day). */
  release_date?: string;
  /** Left out of the answer unless given (docs/product.md §10.4). */
  label?: string;
  /** Left out of the answer unless given (docs/product.md §10.4). */
  popularity?: number;
}

export interface FakeSpotifyAddedAlbum {
  id: string;
  trackIds: string[];
  artistIds: string[];
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
  /** Adds an album, its tracks and its artists to the catalog; returns their Spotify ids. */
  addAlbum(album: FakeSpotifyAlbumInput): FakeSpotifyAddedAlbum;
  /** Queues a failure for the next `/v1` request (one per call, in order): 429 with Retry-After, or 5xx. */
  failNext(status: number, options?: { retryAfter?: number }): void;
  /** The URL of every `/v1` request, oldest first. */
  readonly apiRequests: URL[];
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

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Spotify-like id (22 base62 characters), the same for the same seed. */
export function fakeSpotifyId(seed: string): string {
  return Array.from(createHash('sha256').update(seed).digest().subarray(0, 22), (b) => BASE62[b % 62]).join('');
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

  /** The token's grant, or undefined after answering 401 like Spotify. */
  function authorized(req: IncomingMessage, res: ServerResponse): AccessToken | undefined {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const access = bearer ? accessTokens.get(bearer[1] as string) : undefined;
    if (!bearer) return void sendApiError(res, 401, 'No token provided');
    if (!access) return void sendApiError(res, 401, 'Invalid access token');
    if (access.expiresAt <= Date.now()) return void sendApiError(res, 401, 'The access token expired');
    return access;
  }

  function me(req: IncomingMessage, res: ServerResponse): void {
    const access = authorized(req, res);
    if (!access) return;
    if (!access.user) return sendApiError(res, 401, 'Valid user authentication required');
    sendJson(res, 200, fakeSpotifyUser(access.user, apiUrl));
  }

  // ---- catalog ----

  const artists = new Map<string, FakeSpotifyArtistInput & { id: string }>();
  const albums = new Map<string, FakeSpotifyAlbumInput & { id: string; artistIds: string[] }>();
  const tracks = new Map<string, FakeSpotifyTrackInput & { id: string; albumId: string; trackNumber: number; artistIds: string[] }>();
  const failures: { status: number; retryAfter?: number }[] = [];
  const apiRequests: URL[] = [];

  function addArtist(input: FakeSpotifyArtistInput): string {
    const id = input.id ?? fakeSpotifyId(`artist:${input.name}`);
    const known = artists.get(id);
    artists.set(id, { ...known, ...input, id });
    return id;
  }

  function addAlbum(input: FakeSpotifyAlbumInput): FakeSpotifyAddedAlbum {
    const id = input.id ?? fakeSpotifyId(`album:${input.upc}`);
    const artistIds = input.artists.map(addArtist);
    albums.set(id, { ...input, id, artistIds });
    const trackIds = input.tracks.map((track, index) => {
      const trackId = track.id ?? fakeSpotifyId(`track:${track.isrc}`);
      const trackArtistIds = track.artists ? track.artists.map(addArtist) : artistIds;
      tracks.set(trackId, { ...track, id: trackId, albumId: id, trackNumber: index + 1, artistIds: trackArtistIds });
      return trackId;
    });
    return { id, trackIds, artistIds: [...new Set([...artistIds, ...trackIds.flatMap((t) => tracks.get(t)!.artistIds)])] };
  }

  const openUrl = (kind: string, id: string) => ({ spotify: `https://open.spotify.com/${kind}/${id}` });

  function simplifiedArtist(id: string) {
    const artist = artists.get(id)!;
    return { external_urls: openUrl('artist', id), href: `${apiUrl}/artists/${id}`, id, name: artist.name, type: 'artist', uri: `spotify:artist:${id}` };
  }

  function artistObject(id: string) {
    const artist = artists.get(id)!;
    return {
      ...simplifiedArtist(id),
      images: artist.images ?? [],
      ...(artist.genres ? { genres: artist.genres } : {}),
      ...(artist.followers !== undefined ? { followers: { href: null, total: artist.followers } } : {}),
      ...(artist.popularity !== undefined ? { popularity: artist.popularity } : {}),
    };
  }

  function simplifiedAlbum(album: FakeSpotifyAlbumInput & { id: string; artistIds: string[] }) {
    return {
      album_type: album.album_type ?? (album.tracks.length <= 3 ? 'single' : 'album'),
      total_tracks: album.tracks.length,
      available_markets: ['BE', 'DE', 'GB', 'NL', 'US'],
      external_urls: openUrl('album', album.id),
      href: `${apiUrl}/albums/${album.id}`,
      id: album.id,
      images: album.images ?? [],
      name: album.name,
      release_date: album.release_date ?? '2025-01-17',
      release_date_precision: (album.release_date ?? '2025-01-17').length === 4 ? 'year' : (album.release_date ?? '2025-01-17').length === 7 ? 'month' : 'day',
      type: 'album',
      uri: `spotify:album:${album.id}`,
      artists: album.artistIds.map(simplifiedArtist),
    };
  }

  function simplifiedTrack(id: string) {
    const track = tracks.get(id)!;
    return {
      artists: track.artistIds.map(simplifiedArtist),
      disc_number: 1,
      duration_ms: track.duration_ms,
      explicit: track.explicit ?? false,
      external_urls: openUrl('track', id),
      href: `${apiUrl}/tracks/${id}`,
      id,
      is_local: false,
      name: track.name,
      preview_url: track.preview_url ?? null,
      track_number: track.trackNumber,
      type: 'track',
      uri: `spotify:track:${id}`,
    };
  }

  function trackObject(id: string) {
    const track = tracks.get(id)!;
    return { ...simplifiedTrack(id), album: simplifiedAlbum(albums.get(track.albumId)!), external_ids: { isrc: track.isrc } };
  }

  /** A PagingObject over `all`, or a 400 answer when limit/offset are out of range. */
  function page<T>(res: ServerResponse, url: URL, all: T[], range: { defaultLimit: number; maxLimit: number }, hrefQuery: Record<string, string> = {}) {
    const limitParam = url.searchParams.get('limit');
    const offsetParam = url.searchParams.get('offset');
    const limit = limitParam === null ? range.defaultLimit : Number(limitParam);
    const offset = offsetParam === null ? 0 : Number(offsetParam);
    if (!Number.isInteger(limit) || limit < 1 || limit > range.maxLimit) return void sendApiError(res, 400, 'Invalid limit');
    if (!Number.isInteger(offset) || offset < 0 || offset > 1000) return void sendApiError(res, 400, 'Invalid offset');
    const at = (start: number) => `${apiUrl}${url.pathname.slice('/v1'.length)}?${new URLSearchParams({ ...hrefQuery, offset: String(start), limit: String(limit) })}`;
    return {
      href: at(offset),
      items: all.slice(offset, offset + limit),
      limit,
      next: offset + limit < all.length ? at(offset + limit) : null,
      offset,
      previous: offset > 0 ? at(Math.max(0, offset - limit)) : null,
      total: all.length,
    };
  }

  function search(url: URL, res: ServerResponse): void {
    const q = (url.searchParams.get('q') ?? '').trim();
    const types = (url.searchParams.get('type') ?? '').split(',').filter(Boolean);
    if (!q) return sendApiError(res, 400, 'No search query');
    if (types.length === 0) return sendApiError(res, 400, 'Missing parameter type');
    const unknown = types.find((t) => !['album', 'artist', 'playlist', 'track', 'show', 'episode', 'audiobook'].includes(t));
    if (unknown) return sendApiError(res, 400, 'Bad search type field');
    const filter = /^(upc|isrc):(\S+)$/i.exec(q);
    const field = filter?.[1]?.toLowerCase();
    const code = filter?.[2]?.toUpperCase();
    const text = q.toLowerCase();
    const hrefQuery = { query: q, type: types.join(',') };
    const range = { defaultLimit: 5, maxLimit: 10 };
    const body: Record<string, unknown> = {};
    for (const type of types) {
      if (type === 'album') {
        const found = [...albums.values()].filter((a) => (field ? field === 'upc' && a.upc.toUpperCase() === code : a.name.toLowerCase().includes(text)));
        const paging = page(res, url, found.map(simplifiedAlbum), range, hrefQuery);
        if (!paging) return;
        body.albums = paging;
      } else if (type === 'track') {
        const found = [...tracks.values()].filter((t) => (field ? field === 'isrc' && t.isrc.toUpperCase() === code : t.name.toLowerCase().includes(text)));
        const paging = page(res, url, found.map((t) => trackObject(t.id)), range, hrefQuery);
        if (!paging) return;
        body.tracks = paging;
      } else if (type === 'artist') {
        const found = field ? [] : [...artists.values()].filter((a) => a.name.toLowerCase().includes(text));
        const paging = page(res, url, found.map((a) => artistObject(a.id)), range, hrefQuery);
        if (!paging) return;
        body.artists = paging;
      }
    }
    sendJson(res, 200, body);
  }

  function album(id: string, res: ServerResponse): void {
    const found = albums.get(id);
    if (!found) return sendApiError(res, 404, 'Resource not found');
    const trackIds = [...tracks.values()].filter((t) => t.albumId === id).map((t) => t.id);
    const all = trackIds.map(simplifiedTrack);
    const tracksHref = (offset: number) => `${apiUrl}/albums/${id}/tracks?offset=${offset}&limit=50`;
    sendJson(res, 200, {
      ...simplifiedAlbum(found),
      tracks: {
        href: tracksHref(0),
        items: all.slice(0, 50),
        limit: 50,
        next: all.length > 50 ? tracksHref(50) : null,
        offset: 0,
        previous: null,
        total: all.length,
      },
      copyrights: [],
      external_ids: { upc: found.upc },
      genres: [],
      ...(found.label !== undefined ? { label: found.label } : {}),
      ...(found.popularity !== undefined ? { popularity: found.popularity } : {}),
    });
  }

  function albumTracks(id: string, url: URL, res: ServerResponse): void {
    if (!albums.has(id)) return sendApiError(res, 404, 'Resource not found');
    const all = [...tracks.values()].filter((t) => t.albumId === id).map((t) => simplifiedTrack(t.id));
    const paging = page(res, url, all, { defaultLimit: 20, maxLimit: 50 });
    if (paging) sendJson(res, 200, paging);
  }

  function artist(id: string, res: ServerResponse): void {
    if (!artists.has(id)) return sendApiError(res, 404, 'Resource not found');
    sendJson(res, 200, artistObject(id));
  }

  function api(req: IncomingMessage, url: URL, res: ServerResponse): void {
    apiRequests.push(new URL(url));
    const failure = failures.shift();
    if (failure) {
      const headers: Record<string, string> = failure.retryAfter !== undefined ? { 'Retry-After': String(failure.retryAfter) } : {};
      const message = failure.status === 429 ? 'API rate limit exceeded' : (STATUS_CODES[failure.status] ?? 'Error');
      return sendJson(res, failure.status, { error: { status: failure.status, message } }, headers);
    }
    if (req.method !== 'GET') return sendApiError(res, 404, 'Service not found');
    if (url.pathname === '/v1/me') return me(req, res);
    if (!authorized(req, res)) return;
    const path = url.pathname.split('/').slice(2).map(decodeURIComponent);
    if (path.length === 1 && path[0] === 'search') return search(url, res);
    if (path.length === 2 && path[0] === 'albums') return album(path[1] as string, res);
    if (path.length === 3 && path[0] === 'albums' && path[2] === 'tracks') return albumTracks(path[1] as string, url, res);
    if (path.length === 2 && path[0] === 'artists') return artist(path[1] as string, res);
    return sendApiError(res, 404, 'Service not found');
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
      if (url.pathname.startsWith('/v1/')) {
        await options.beforeApiAnswer?.(url);
        return api(req, url, res);
      }
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
    addAlbum,
    failNext: (status, failOptions = {}) => {
      failures.push({ status, ...failOptions });
    },
    apiRequests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
