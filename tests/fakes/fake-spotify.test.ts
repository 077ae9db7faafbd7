import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spotifyOpenApiPath } from '../helpers/fixtures.js';
import { addExampleAlbums, exampleCover as cover } from './example-albums.js';
import { fakeSpotifyUser, pkceChallengeOf, startFakeSpotify, type FakeSpotify, type FakeSpotifyAddedAlbum, type NextAuthorize } from './fake-spotify.js';

type JsonSchema = Record<string, unknown>;

/**
 * OpenAPI 3.0 schemas → JSON Schema for ajv: `nullable: true` becomes a `null` alternative. The
 * document's `$ref: '#/components/schemas/…'` resolve inside the one schema added below.
 */
function fromOpenApi(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(fromOpenApi);
  if (node === null || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as JsonSchema;
  const converted = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, fromOpenApi(v)]));
  if (nullable !== true) return converted;
  if (typeof converted.type === 'string') return { ...converted, type: [converted.type, 'null'] };
  return { anyOf: [converted, { type: 'null' }] };
}


function loadValidators() {
  const document = parse(readFileSync(spotifyOpenApiPath, 'utf8')) as {
    components: { schemas: Record<string, JsonSchema>; responses: Record<string, JsonSchema> };
  };
  const schemas = fromOpenApi(document.components.schemas) as Record<string, JsonSchema>;
  // Stricter than the document: the fake must not invent fields Spotify does not have.
  for (const name of ['PrivateUserObject', 'ArtistObject', 'SimplifiedArtistObject', 'TrackObject', 'SimplifiedTrackObject', 'ImageObject', 'ExternalIdObject', 'ExternalUrlObject']) {
    schemas[name] = { ...schemas[name], additionalProperties: false };
  }
  // The document still requires an album's `label` and `popularity`; in 2026 Spotify leaves them out
  // for most apps (docs/product.md §10.4), and so does the fake unless a test seeds them. Otherwise as written.
  const album = schemas.AlbumObject as JsonSchema & { required: string[] };
  schemas.AlbumObject2026 = { ...album, required: album.required.filter((field) => field !== 'label' && field !== 'popularity') };
  const responses = fromOpenApi(document.components.responses) as Record<string, JsonSchema>;
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addSchema({ $id: 'spotify', components: { schemas, responses } });
  const at = (pointer: string) => ajv.getSchema(`spotify#${pointer}`) as ValidateFunction;
  return {
    privateUser: at('/components/schemas/PrivateUserObject'),
    unauthorized: at('/components/responses/Unauthorized/content/application~1json/schema'),
    search: at('/components/responses/SearchItems/content/application~1json/schema'),
    album: at('/components/schemas/AlbumObject2026'),
    albumAsDocumented: at('/components/schemas/AlbumObject'),
    albumTracks: at('/components/responses/PagingSimplifiedTrackObject/content/application~1json/schema'),
    artist: at('/components/schemas/ArtistObject'),
    badRequest: at('/components/responses/BadRequest/content/application~1json/schema'),
    notFound: at('/components/responses/NotFound/content/application~1json/schema'),
    tooManyRequests: at('/components/responses/TooManyRequests/content/application~1json/schema'),
  };
}

function expectValid(validate: ValidateFunction, body: unknown): void {
  const isValid = validate(body);
  expect(isValid, JSON.stringify(validate.errors)).toBe(true);
}

describe('fake Spotify', () => {
  let fake: FakeSpotify;
  const validators = loadValidators();
  const redirectUri = 'http://127.0.0.1:3000/spotify-callback';

  beforeAll(async () => {
    fake = await startFakeSpotify();
  });
  afterAll(async () => {
    await fake?.close();
  });

  function pkcePair() {
    const verifier = randomBytes(48).toString('base64url');
    return { verifier, challenge: pkceChallengeOf(verifier) };
  }

  async function authorize(next: NextAuthorize | undefined, overrides: Record<string, string> = {}) {
    if (next) fake.setNextAuthorize(next);
    const pair = pkcePair();
    const state = 'Ab3dEf6hIj9kLm2n';
    const query = new URLSearchParams({
      client_id: fake.clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      code_challenge_method: 'S256',
      code_challenge: pair.challenge,
      state,
      scope: 'user-read-private user-read-email streaming',
      show_dialog: 'true',
      ...overrides,
    });
    const res = await fetch(`${fake.accountsUrl}/authorize?${query}`, { redirect: 'manual' });
    const location = res.headers.get('location');
    return { res, pair, state, back: location ? new URL(location) : undefined };
  }

  function postToken(form: Record<string, string>, headers: Record<string, string> = {}) {
    return fetch(`${fake.accountsUrl}/api/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form),
    });
  }

  async function connect(user: 'premium' | 'free') {
    const { back, pair } = await authorize({ user });
    const res = await postToken({
      grant_type: 'authorization_code',
      code: back!.searchParams.get('code')!,
      redirect_uri: redirectUri,
      client_id: fake.clientId,
      code_verifier: pair.verifier,
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { access_token: string; token_type: string; expires_in: number; refresh_token: string; scope: string };
  }

  const getMe = (accessToken?: string) =>
    fetch(`${fake.apiUrl}/me`, { headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {} });

  it('redirects back to the app with a code and the same state', async () => {
    const { res, back, state } = await authorize(undefined);
    expect(res.status).toBe(302);
    expect(`${back!.origin}${back!.pathname}`).toBe(redirectUri);
    expect(back!.searchParams.get('state')).toBe(state);
    expect(back!.searchParams.get('code')).toMatch(/^[\w-]{20,}$/);
    expect(fake.authorizeRequests.at(-1)?.get('show_dialog')).toBe('true');
  });

  it('returns a wrong state or an access_denied error on request, then behaves again', async () => {
    const wrong = await authorize({ wrongState: true });
    expect(wrong.back!.searchParams.get('state')).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(wrong.back!.searchParams.get('state')).not.toBe(wrong.state);
    const denied = await authorize({ error: 'access_denied' });
    expect(Object.fromEntries(denied.back!.searchParams)).toEqual({ error: 'access_denied', state: denied.state });
    const normal = await authorize(undefined);
    expect(normal.back!.searchParams.get('state')).toBe(normal.state);
  });

  it('refuses an unknown client or a plain-HTTP non-loopback redirect on the page itself', async () => {
    expect((await authorize(undefined, { client_id: 'someone-else' })).res.status).toBe(400);
    expect((await authorize(undefined, { redirect_uri: 'http://localhost:3000/spotify-callback' })).res.status).toBe(400);
    const implicit = await authorize(undefined, { response_type: 'token' });
    expect(implicit.back!.searchParams.get('error')).toBe('unsupported_response_type');
  });

  it.each(['premium', 'free'] as const)('connects a %s listener through PKCE; /me validates against the OpenAPI document', async (user) => {
    const tokens = await connect(user);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'user-read-private user-read-email streaming' });
    const res = await getMe(tokens.access_token);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await res.json()) as { product: string };
    expectValid(validators.privateUser, body);
    expect(body.product).toBe(user);
    expect(body).toEqual(fakeSpotifyUser(user, fake.apiUrl));
  });

  it('refuses a wrong verifier, a wrong redirect_uri, a wrong client and a used code with invalid_grant', async () => {
    const attempt = async (change: Record<string, string>) => {
      const { back, pair } = await authorize(undefined);
      const form = {
        grant_type: 'authorization_code',
        code: back!.searchParams.get('code')!,
        redirect_uri: redirectUri,
        client_id: fake.clientId,
        code_verifier: pair.verifier,
        ...change,
      };
      return { res: await postToken(form), form };
    };
    const wrongVerifier = await attempt({ code_verifier: pkcePair().verifier });
    expect(wrongVerifier.res.status).toBe(400);
    expect(await wrongVerifier.res.json()).toMatchObject({ error: 'invalid_grant' });
    // The code was spent by the failed attempt.
    expect((await (await postToken(wrongVerifier.form)).json()) as object).toMatchObject({ error: 'invalid_grant' });

    const wrongRedirect = await attempt({ redirect_uri: 'http://127.0.0.1:9999/elsewhere' });
    expect(await wrongRedirect.res.json()).toMatchObject({ error: 'invalid_grant' });
    const wrongClient = await attempt({ client_id: 'another' });
    expect(await wrongClient.res.json()).toMatchObject({ error: 'invalid_client' });

    const fine = await attempt({});
    expect(fine.res.status).toBe(200);
    const reused = await postToken(fine.form);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await postToken({ grant_type: 'password' })).status).toBe(400);
  });

  it('refreshes an expired token with a rotating refresh token', async () => {
    const tokens = await connect('free');
    fake.expireAccessTokens();
    const expired = await getMe(tokens.access_token);
    expect(expired.status).toBe(401);
    const expiredBody = await expired.json();
    expectValid(validators.unauthorized, expiredBody);
    expect(expiredBody).toEqual({ error: { status: 401, message: 'The access token expired' } });

    const form = { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: fake.clientId };
    const refreshed = await postToken(form);
    expect(refreshed.status).toBe(200);
    const renewed = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    const me = await getMe(renewed.access_token);
    expectValid(validators.privateUser, await me.json());
    expect(await (await postToken(form)).json()).toMatchObject({ error: 'invalid_grant' });

    fake.revokeRefreshTokens();
    expect((await postToken({ ...form, refresh_token: renewed.refresh_token })).status).toBe(400);
  });

  it('issues app tokens for client credentials, which have no user', async () => {
    const basic = Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64');
    const res = await postToken({ grant_type: 'client_credentials' }, { Authorization: `Basic ${basic}` });
    const app = (await res.json()) as Record<string, unknown>;
    expect(app).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600 });
    const me = await getMe(app.access_token as string);
    expect(me.status).toBe(401);
    expectValid(validators.unauthorized, await me.json());

    const wrong = Buffer.from(`${fake.clientId}:nope`).toString('base64');
    expect((await postToken({ grant_type: 'client_credentials' }, { Authorization: `Basic ${wrong}` })).status).toBe(400);
    const anonymous = await getMe();
    expect(anonymous.status).toBe(401);
    expectValid(validators.unauthorized, await anonymous.json());
  });

  it('answers CORS preflights for the token endpoint and /me', async () => {
    for (const path of ['/api/token', '/v1/me']) {
      const res = await fetch(`${fake.url}${path}`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://127.0.0.1:3000', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
      expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    }
    const token = await postToken({ grant_type: 'password' });
    expect(token.headers.get('access-control-allow-origin')).toBe('*');
  });

  describe('catalog', () => {
    let seeded: FakeSpotifyAddedAlbum;
    let compilation: FakeSpotifyAddedAlbum;
    let appToken: string;

    beforeAll(async () => {
      // A seeded popularity, to check that the fake answers it then.
      ({ single: seeded, compilation } = addExampleAlbums(fake, { popularity: 12 }));
      const basic = Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64');
      const res = await postToken({ grant_type: 'client_credentials' }, { Authorization: `Basic ${basic}` });
      appToken = ((await res.json()) as { access_token: string }).access_token;
    });

    /** null: no Authorization header. */
    const api = (path: string, accessToken: string | null = appToken) =>
      fetch(`${fake.apiUrl}${path}`, { headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {} });

    it('finds an album by UPC and a track by ISRC; the answers validate', async () => {
      const albums = await api('/search?q=upc:8720892340017&type=album&limit=10');
      expect(albums.status).toBe(200);
      const albumsBody = (await albums.json()) as { albums: { items: { id: string; name: string }[]; total: number; next: null } };
      expectValid(validators.search, albumsBody);
      expect(albumsBody.albums).toMatchObject({ total: 1, next: null, items: [{ id: seeded.id, name: 'Night Shift EP' }] });

      const found = await api(`/search?${new URLSearchParams({ q: 'isrc:NLBIR2400012', type: 'track', limit: '10' })}`);
      const foundBody = (await found.json()) as { tracks: { items: Record<string, unknown>[] } };
      expectValid(validators.search, foundBody);
      expect(foundBody.tracks.items).toHaveLength(1);
      const track = foundBody.tracks.items[0]!;
      expect(track).toMatchObject({ id: seeded.trackIds[1], external_ids: { isrc: 'NLBIR2400012' }, preview_url: null, duration_ms: 362_500 });
      expect(track).not.toHaveProperty('popularity');
      expect((track.artists as { name: string }[]).map((a) => a.name)).toEqual(['Nova Tide', 'Kai Lumen']);

      const none = (await (await api('/search?q=upc:0000000000000&type=album&limit=10')).json()) as { albums: { items: unknown[]; total: number } };
      expectValid(validators.search, none);
      expect(none.albums).toMatchObject({ items: [], total: 0 });
      // upc: only applies to albums, isrc: only to tracks.
      const crossed = (await (await api('/search?q=upc:8720892340017&type=track&limit=10')).json()) as { tracks: { total: number } };
      expect(crossed.tracks.total).toBe(0);
    });

    it('refuses search limits over 10, a missing query or type, and requests without a valid token', async () => {
      for (const query of ['q=upc:8720892340017&type=album&limit=11', 'q=upc:8720892340017&type=album&limit=0', 'type=album', 'q=upc:1']) {
        const res = await api(`/search?${query}`);
        expect(res.status, query).toBe(400);
        expectValid(validators.badRequest, await res.json());
      }
      for (const token of [null, 'not-a-token']) {
        const res = await api('/search?q=upc:8720892340017&type=album', token);
        expect(res.status).toBe(401);
        expectValid(validators.unauthorized, await res.json());
      }
    });

    it('answers an album without label or popularity unless seeded; both forms validate', async () => {
      const res = await api(`/albums/${seeded.id}`);
      const body = (await res.json()) as Record<string, unknown>;
      expectValid(validators.album, body);
      expect(body).toMatchObject({ name: 'Night Shift EP', album_type: 'single', total_tracks: 2, images: [cover], external_ids: { upc: '8720892340017' } });
      expect(body).not.toHaveProperty('label');
      expect(body).not.toHaveProperty('popularity');
      expect(validators.albumAsDocumented(body)).toBe(false);

      const seededFull = (await (await api(`/albums/${compilation.id}`)).json()) as { tracks: { items: unknown[]; total: number; next: string | null } };
      expectValid(validators.albumAsDocumented, seededFull);
      expect(seededFull).toMatchObject({ label: 'Build It Deep', popularity: 12, album_type: 'compilation' });
      expect(seededFull.tracks).toMatchObject({ total: 23, next: null });

      const missing = await api('/albums/0000000000000000000000');
      expect(missing.status).toBe(404);
      expectValid(validators.notFound, await missing.json());
    });

    it('pages album tracks with next and previous', async () => {
      const names: string[] = [];
      let next: string | null = `${fake.apiUrl}/albums/${compilation.id}/tracks?limit=10`;
      let pages = 0;
      while (next) {
        const res = await fetch(next, { headers: { Authorization: `Bearer ${appToken}` } });
        const body = (await res.json()) as { items: { name: string; track_number: number }[]; next: string | null; previous: string | null; limit: number; offset: number };
        expectValid(validators.albumTracks, body);
        expect(body.limit).toBe(10);
        expect(body.previous === null).toBe(pages === 0);
        names.push(...body.items.map((t) => t.name));
        next = body.next;
        pages += 1;
      }
      expect(pages).toBe(3);
      expect(names).toEqual(Array.from({ length: 23 }, (_, i) => `Current ${i + 1}`));
      expect((await api(`/albums/${compilation.id}/tracks?limit=51`)).status).toBe(400);
    });

    it('answers artists without followers or popularity', async () => {
      const res = await api(`/artists/${seeded.artistIds[0]}`);
      const body = (await res.json()) as Record<string, unknown>;
      expectValid(validators.artist, body);
      expect(body).toMatchObject({ name: 'Nova Tide', images: [cover], type: 'artist' });
      expect(body).not.toHaveProperty('followers');
      expect(body).not.toHaveProperty('popularity');
      expect(seeded.artistIds).toHaveLength(2);
      expect((await api('/artists/nobody')).status).toBe(404);
    });

    it('answers the next calls with 429 and Retry-After, or 500, when told to', async () => {
      fake.failNext(429, { retryAfter: 3 });
      fake.failNext(500);
      const limited = await api(`/artists/${seeded.artistIds[0]}`);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('3');
      expectValid(validators.tooManyRequests, await limited.json());
      const broken = await api(`/artists/${seeded.artistIds[0]}`);
      expect(broken.status).toBe(500);
      expect(broken.statusText).toBe('Internal Server Error');
      expect(await broken.json()).toEqual({ error: { status: 500, message: 'Internal Server Error' } });
      expect((await api(`/artists/${seeded.artistIds[0]}`)).status).toBe(200);
      expect(fake.apiRequests.at(-1)?.pathname).toBe(`/v1/artists/${seeded.artistIds[0]}`);
    });
  });

  it('has a contract check that can fail', () => {
    const user = fakeSpotifyUser('premium', fake.apiUrl);
    expect(validators.privateUser({ ...user, product: 1 })).toBe(false);
    expect(validators.privateUser({ ...user, followers: { href: null, total: 'many' } })).toBe(false);
    expect(validators.privateUser({ ...user, invented: true })).toBe(false);
    expect(validators.unauthorized({ error: { status: 200, message: 'fine' } })).toBe(false);
  });
});
