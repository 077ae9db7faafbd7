import { STATUS_CODES } from 'node:http';
import type { z } from 'zod';
import {
  spotifyAlbumSchema,
  spotifyAlbumSearchSchema,
  spotifyAlbumTracksPageSchema,
  spotifyArtistSchema,
  spotifyTokenSchema,
  spotifyTrackSearchSchema,
  type SpotifyAlbum,
  type SpotifyArtist,
  type SpotifySimplifiedAlbum,
  type SpotifySimplifiedTrack,
  type SpotifyTrack,
} from './spotify-schemas.js';

/**
 * Server-side Spotify catalog client (issue 6 part 7, docs/product.md §10.3–§10.4): the app's client-credentials
 * token, album search by `upc:`, track search by `isrc:`, albums, album tracks and artists.
 *
 * - The token is cached until shortly before it expires; concurrent callers share one request.
 *   A 401 from the API drops the cached token and retries once with a new one.
 * - Pages are requested with `limit=10` (Spotify's 2026 cap for search pages).
 * - 429 waits `Retry-After` seconds (through `sleep`) and retries, at most 3 times.
 * - Other failures throw `SpotifyApiError('Spotify API error: {status text}')`; a token that cannot
 *   be obtained throws `SpotifyTokenError('Failed to get access token')` (docs/product.md §8).
 * - Every answer is parsed with the zod schemas of spotify-schemas.ts: what Spotify leaves out is null.
 */

export const SPOTIFY_PAGE_LIMIT = 10;
export const SPOTIFY_MAX_RATE_LIMIT_RETRIES = 3;
/** Refresh the token this long before Spotify says it expires. */
const TOKEN_EXPIRY_MARGIN_MS = 60_000;
/** Retry-After when the header is missing or unreadable. */
const DEFAULT_RETRY_AFTER_SECONDS = 1;

export class SpotifyApiError extends Error {
  constructor(
    readonly status: number,
    statusText: string,
  ) {
    super(`Spotify API error: ${statusText}`);
    this.name = 'SpotifyApiError';
  }
}

export class SpotifyTokenError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Failed to get access token', options);
    this.name = 'SpotifyTokenError';
  }
}

export interface SpotifyCatalogClientOptions {
  clientId: string;
  clientSecret: string;
  /** SPOTIFY_ACCOUNTS_URL, e.g. `https://accounts.spotify.com` (token endpoint: `/api/token`). */
  accountsUrl: string;
  /** SPOTIFY_API_URL, e.g. `https://api.spotify.com/v1`. */
  apiUrl: string;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch (token expiry). */
  now?: () => number;
  /** Waits this many milliseconds (429 Retry-After). */
  sleep?: (ms: number) => Promise<void>;
  /**
   * A Retry-After longer than this (seconds) is not waited for: the call fails with
   * 'Spotify API error: Too Many Requests' instead (Spotify can ask for hours). Default 120.
   */
  maxRetryAfterSeconds?: number;
  /** Each request to Spotify, its answer's body included, gives up after this many milliseconds. Default 10,000. */
  timeoutMs?: number;
}

export interface SpotifyCatalogClient {
  /** The first album Spotify finds for this UPC, or null. */
  searchAlbumByUpc(upc: string): Promise<SpotifySimplifiedAlbum | null>;
  /** The track with this ISRC (the first search hit whose external ISRC matches, else the first hit), or null. */
  searchTrackByIsrc(isrc: string): Promise<SpotifyTrack | null>;
  getAlbum(id: string): Promise<SpotifyAlbum>;
  /** Every track of the album, in order, fetched 10 at a time following `next`. */
  getAlbumTracks(id: string): Promise<SpotifySimplifiedTrack[]>;
  getArtist(id: string): Promise<SpotifyArtist>;
  /** One request per artist (the several-artists endpoint is deprecated), in the order given. */
  getArtists(ids: readonly string[]): Promise<SpotifyArtist[]>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** UPCs, EANs and ISRCs: letters, digits and hyphens only, so nothing else reaches the query. */
function searchCode(kind: 'upc' | 'isrc', value: string): string {
  const code = value.trim();
  if (!/^[A-Za-z0-9-]{1,32}$/.test(code)) throw new TypeError(`Invalid ${kind.toUpperCase()}: ${JSON.stringify(value)}`);
  return kind === 'isrc' ? code.replaceAll('-', '').toUpperCase() : code;
}

function retryAfterSeconds(header: string | null, now: number): number {
  if (header === null || header.trim() === '') return DEFAULT_RETRY_AFTER_SECONDS;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  if (Number.isNaN(date)) return DEFAULT_RETRY_AFTER_SECONDS;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

const statusText = (res: Response) => res.statusText || STATUS_CODES[res.status] || String(res.status);

export function createSpotifyCatalogClient(options: SpotifyCatalogClientOptions): SpotifyCatalogClient {
  const doFetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const maxRetryAfter = options.maxRetryAfterSeconds ?? 120;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const accountsUrl = options.accountsUrl.replace(/\/+$/, '');
  const apiUrl = options.apiUrl.replace(/\/+$/, '');

  let cached: { value: string; refreshAt: number } | undefined;
  let inFlight: Promise<string> | undefined;

  async function requestToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    let body: unknown;
    try {
      const res = await doFetch(`${accountsUrl}/api/token`, {
        method: 'POST',
        headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`token endpoint answered ${res.status}`);
      body = await res.json();
    } catch (err) {
      throw new SpotifyTokenError({ cause: err });
    }
    const parsed = spotifyTokenSchema.safeParse(body);
    if (!parsed.success) throw new SpotifyTokenError({ cause: parsed.error });
    const lifetime = parsed.data.expires_in * 1000;
    // Short-lived tokens are refreshed half-way instead of a minute early.
    const margin = Math.min(TOKEN_EXPIRY_MARGIN_MS, lifetime / 2);
    cached = { value: parsed.data.access_token, refreshAt: now() + lifetime - margin };
    return parsed.data.access_token;
  }

  function accessToken(): Promise<string> {
    if (cached && now() < cached.refreshAt) return Promise.resolve(cached.value);
    inFlight ??= requestToken().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  async function get<S extends z.ZodType>(url: string, schema: S): Promise<z.output<S>> {
    let rateLimited = 0;
    let reauthorized = false;
    for (;;) {
      const token = await accessToken();
      const res = await doFetch(url, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      }).catch((err: unknown) => {
        const reason = err instanceof Error && err.name === 'TimeoutError' ? 'no answer in time' : 'unreachable';
        throw Object.assign(new SpotifyApiError(0, reason), { cause: err });
      });
      if (res.status === 429 && rateLimited < SPOTIFY_MAX_RATE_LIMIT_RETRIES) {
        const seconds = retryAfterSeconds(res.headers.get('retry-after'), now());
        if (seconds <= maxRetryAfter) {
          await res.body?.cancel();
          rateLimited += 1;
          await sleep(seconds * 1000);
          continue;
        }
      }
      if (res.status === 401 && !reauthorized) {
        // The cached token was revoked or expired early: get a new one, once.
        await res.body?.cancel();
        reauthorized = true;
        if (cached?.value === token) cached = undefined;
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new SpotifyApiError(res.status, statusText(res));
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch (err) {
        const reason = err instanceof Error && err.name === 'TimeoutError' ? 'no answer in time' : 'invalid JSON in the answer';
        throw new SpotifyApiError(res.status, reason);
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        throw Object.assign(new SpotifyApiError(res.status, 'unexpected answer'), { cause: parsed.error });
      }
      return parsed.data;
    }
  }

  const api = (path: string, query?: Record<string, string>) =>
    `${apiUrl}${path}${query ? `?${new URLSearchParams(query).toString()}` : ''}`;
  const pathId = (id: string) => encodeURIComponent(id);

  async function getArtist(id: string): Promise<SpotifyArtist> {
    return get(api(`/artists/${pathId(id)}`), spotifyArtistSchema);
  }

  return {
    async searchAlbumByUpc(upc) {
      const q = `upc:${searchCode('upc', upc)}`;
      const answer = await get(api('/search', { q, type: 'album', limit: String(SPOTIFY_PAGE_LIMIT) }), spotifyAlbumSearchSchema);
      return answer.albums.items[0] ?? null;
    },

    async searchTrackByIsrc(isrc) {
      const code = searchCode('isrc', isrc);
      const answer = await get(
        api('/search', { q: `isrc:${code}`, type: 'track', limit: String(SPOTIFY_PAGE_LIMIT) }),
        spotifyTrackSearchSchema,
      );
      const items = answer.tracks.items;
      return items.find((track) => track.external_ids?.isrc?.toUpperCase() === code) ?? items[0] ?? null;
    },

    getAlbum: (id) => get(api(`/albums/${pathId(id)}`), spotifyAlbumSchema),

    async getAlbumTracks(id) {
      const tracks: SpotifySimplifiedTrack[] = [];
      let url: string | null = api(`/albums/${pathId(id)}/tracks`, { limit: String(SPOTIFY_PAGE_LIMIT), offset: '0' });
      while (url) {
        const page: z.output<typeof spotifyAlbumTracksPageSchema> = await get(url, spotifyAlbumTracksPageSchema);
        tracks.push(...page.items);
        if (!page.next || page.items.length === 0 || tracks.length >= page.total) break;
        // The bearer token only goes to the configured API.
        if (!page.next.startsWith(`${apiUrl}/`)) throw new SpotifyApiError(502, `unexpected next page ${page.next}`);
        url = page.next;
      }
      return tracks;
    },

    getArtist,

    async getArtists(ids) {
      const artists: SpotifyArtist[] = [];
      for (const id of ids) artists.push(await getArtist(id));
      return artists;
    },
  };
}
