import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createSpotifyCatalogClient,
  SpotifyApiError,
  SpotifyTokenError,
  type SpotifyCatalogClientOptions,
} from '../../src/server/modules/catalog-import/spotify/spotify-catalog-client.js';
import { spotifyArtistSchema, spotifySimplifiedTrackSchema, spotifyTrackSchema } from '../../src/server/modules/catalog-import/spotify/spotify-schemas.js';
import { addExampleAlbums, exampleCover as cover } from '../fakes/example-albums.js';
import { startFakeSpotify, type FakeSpotify, type FakeSpotifyAddedAlbum } from '../fakes/fake-spotify.js';

describe('Spotify catalog client (against the fake Spotify over HTTP)', () => {
  let fake: FakeSpotify;
  let single: FakeSpotifyAddedAlbum;
  let compilation: FakeSpotifyAddedAlbum;
  let clock: number;
  let sleeps: number[];

  const clientFor = (overrides: Partial<SpotifyCatalogClientOptions> = {}) =>
    createSpotifyCatalogClient({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      accountsUrl: fake.accountsUrl,
      apiUrl: fake.apiUrl,
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...overrides,
    });

  const tokenGrants = () => fake.tokenRequests.filter((form) => form.get('grant_type') === 'client_credentials').length;

  beforeEach(async () => {
    fake = await startFakeSpotify();
    clock = Date.UTC(2026, 0, 1);
    sleeps = [];
    ({ single, compilation } = addExampleAlbums(fake));
  });

  afterEach(async () => {
    await fake.close();
  });

  it('fetches the app token once, shares it between concurrent calls, and refreshes it before expiry', async () => {
    const client = clientFor();
    await Promise.all([client.getArtist(single.artistIds[0]!), client.searchAlbumByUpc('8720892340017'), client.getAlbum(single.id)]);
    expect(tokenGrants()).toBe(1);
    clock += 3_000_000; // 50 of the 60 minutes
    await client.getArtist(single.artistIds[0]!);
    expect(tokenGrants()).toBe(1);
    clock += 590_000; // 59 min 50 s: inside the refresh margin
    await client.getArtist(single.artistIds[0]!);
    expect(tokenGrants()).toBe(2);
    await client.getArtist(single.artistIds[0]!);
    expect(tokenGrants()).toBe(2);
  });

  it('gets a new token once when the API refuses the cached one', async () => {
    const client = clientFor();
    await client.getArtist(single.artistIds[0]!);
    fake.expireAccessTokens();
    await expect(client.getArtist(single.artistIds[0]!)).resolves.toMatchObject({ name: 'Nova Tide' });
    expect(tokenGrants()).toBe(2);
  });

  it('finds an album by UPC, and null for an unknown UPC', async () => {
    const client = clientFor();
    const album = await client.searchAlbumByUpc('8720892340017');
    expect(album).toMatchObject({
      id: single.id,
      name: 'Night Shift EP',
      album_type: 'single',
      total_tracks: 2,
      images: [cover],
      artists: [{ id: single.artistIds[0], name: 'Nova Tide' }],
      external_urls: { spotify: `https://open.spotify.com/album/${single.id}` },
    });
    expect(await client.searchAlbumByUpc('0000000000000')).toBeNull();
    const search = fake.apiRequests.find((url) => url.pathname === '/v1/search')!;
    expect(Object.fromEntries(search.searchParams)).toEqual({ q: 'upc:8720892340017', type: 'album', limit: '10' });
    await expect(client.searchAlbumByUpc('1 artist:x')).rejects.toThrow(TypeError);
  });

  it('finds a track by ISRC; the missing preview_url and popularity stay null', async () => {
    const client = clientFor();
    const track = await client.searchTrackByIsrc('nl-bir-24-00012');
    expect(track).toMatchObject({
      id: single.trackIds[1],
      name: 'Night Shift (Extended Mix)',
      duration_ms: 362_500,
      track_number: 2,
      external_ids: { isrc: 'NLBIR2400012' },
      album: { id: single.id, name: 'Night Shift EP' },
      preview_url: null,
      popularity: null,
    });
    expect(track!.artists.map((a) => a.name)).toEqual(['Nova Tide', 'Kai Lumen']);
    expect(await client.searchTrackByIsrc('XXBIR9999999')).toBeNull();
  });

  it('gets an album with label and popularity null when Spotify leaves them out', async () => {
    const client = clientFor();
    const album = await client.getAlbum(single.id);
    expect(album).toMatchObject({ name: 'Night Shift EP', label: null, popularity: null, external_ids: { upc: '8720892340017' } });
    expect(album.tracks.items.map((t) => t.preview_url)).toEqual([null, null]);
    expect(await client.getAlbum(compilation.id)).toMatchObject({ label: 'Build It Deep', popularity: null, album_type: 'compilation' });
  });

  it('gets every album track across pages of 10 by following next', async () => {
    const client = clientFor();
    const tracks = await client.getAlbumTracks(compilation.id);
    expect(tracks.map((t) => t.name)).toEqual(Array.from({ length: 23 }, (_, i) => `Current ${i + 1}`));
    const pages = fake.apiRequests.filter((url) => url.pathname.endsWith('/tracks'));
    expect(pages.map((url) => [url.searchParams.get('offset'), url.searchParams.get('limit')])).toEqual([
      ['0', '10'],
      ['10', '10'],
      ['20', '10'],
    ]);
    expect(await client.getAlbumTracks(single.id)).toHaveLength(2);
  });

  it('gets artists; followers and popularity stay null', async () => {
    const client = clientFor();
    const artists = await client.getArtists(single.artistIds);
    expect(artists.map((a) => a.name)).toEqual(['Nova Tide', 'Kai Lumen']);
    expect(artists[0]).toMatchObject({ images: [cover], followers: null, popularity: null, genres: null });
  });

  it('waits Retry-After seconds on 429 and retries', async () => {
    const client = clientFor();
    fake.failNext(429, { retryAfter: 2 });
    await expect(client.getAlbum(single.id)).resolves.toMatchObject({ id: single.id });
    expect(sleeps).toEqual([2000]);

    fake.failNext(429, { retryAfter: 1 });
    fake.failNext(429);
    fake.failNext(429, { retryAfter: 5 });
    await expect(client.getArtist(single.artistIds[0]!)).resolves.toMatchObject({ name: 'Nova Tide' });
    expect(sleeps).toEqual([2000, 1000, 1000, 5000]);
  });

  it('gives up after 3 retries, or at once when Retry-After is too long', async () => {
    const client = clientFor({ maxRetryAfterSeconds: 60 });
    for (let i = 0; i < 4; i += 1) fake.failNext(429, { retryAfter: 1 });
    await expect(client.getAlbum(single.id)).rejects.toThrow(new SpotifyApiError(429, 'Too Many Requests'));
    expect(sleeps).toEqual([1000, 1000, 1000]);

    fake.failNext(429, { retryAfter: 3600 });
    const error = await client.getAlbum(single.id).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(SpotifyApiError);
    expect(error).toMatchObject({ message: 'Spotify API error: Too Many Requests', status: 429 });
    expect(sleeps).toHaveLength(3);
  });

  it("throws 'Spotify API error: {status text}' for other failures", async () => {
    const client = clientFor();
    fake.failNext(500);
    const error = await client.searchAlbumByUpc('8720892340017').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(SpotifyApiError);
    expect(error).toMatchObject({ message: 'Spotify API error: Internal Server Error', status: 500 });
    await expect(client.getAlbum('0000000000000000000000')).rejects.toThrow('Spotify API error: Not Found');
    expect(sleeps).toEqual([]);
  });

  it('gives up on a Spotify that accepts the connection but never answers', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const api = clientFor({ apiUrl: silentUrl, timeoutMs: 100 });
      await expect(api.getAlbum(single.id)).rejects.toThrow('Spotify API error: no answer in time');
      const accounts = clientFor({ accountsUrl: silentUrl, timeoutMs: 100 });
      await expect(accounts.getAlbum(single.id)).rejects.toThrow('Failed to get access token');
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("throws 'Failed to get access token' for bad credentials or an unreachable accounts service", async () => {
    const wrong = clientFor({ clientSecret: 'not-the-secret' });
    const error = await wrong.getAlbum(single.id).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(SpotifyTokenError);
    expect((error as Error).message).toBe('Failed to get access token');
    expect(fake.apiRequests).toHaveLength(0);

    const unreachable = clientFor({ accountsUrl: 'http://127.0.0.1:9' });
    await expect(unreachable.searchTrackByIsrc('NLBIR2400011')).rejects.toThrow('Failed to get access token');
  });
});

describe('Spotify schemas', () => {
  it('keep what Spotify leaves out as null and invent nothing', () => {
    const minimal = { id: 't1', name: 'Night Shift', duration_ms: 201_000, artists: [{ id: 'a1', name: 'Nova Tide' }] };
    expect(spotifySimplifiedTrackSchema.parse(minimal)).toMatchObject({ preview_url: null, explicit: null, track_number: null, external_urls: null });
    expect(spotifyTrackSchema.parse({ ...minimal, preview_url: null })).toMatchObject({ popularity: null, album: null, external_ids: null, preview_url: null });
    expect(spotifyArtistSchema.parse({ id: 'a1', name: 'Nova Tide', followers: { href: null, total: 3 } })).toMatchObject({
      images: null,
      popularity: null,
      genres: null,
      followers: { total: 3 },
    });
    expect(spotifyTrackSchema.safeParse({ ...minimal, duration_ms: '3:21' }).success).toBe(false);
  });
});
