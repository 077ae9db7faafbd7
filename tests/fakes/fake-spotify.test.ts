import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/server/paths.js';
import { fakeSpotifyUser, pkceChallengeOf, startFakeSpotify, type FakeSpotify, type NextAuthorize } from './fake-spotify.js';

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

const documentPath = join(projectRoot, '..', 'shared', 'fixtures', 'spotify-web-api.openapi.yml');

function loadValidators() {
  const document = parse(readFileSync(documentPath, 'utf8')) as {
    components: { schemas: Record<string, JsonSchema>; responses: Record<string, JsonSchema> };
  };
  const schemas = fromOpenApi(document.components.schemas) as Record<string, JsonSchema>;
  // Stricter than the document: the fake must not invent fields Spotify does not have.
  schemas.PrivateUserObject = { ...schemas.PrivateUserObject, additionalProperties: false };
  const responses = fromOpenApi(document.components.responses) as Record<string, JsonSchema>;
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addSchema({ $id: 'spotify', components: { schemas, responses } });
  const at = (pointer: string) => ajv.getSchema(`spotify#${pointer}`) as ValidateFunction;
  return {
    privateUser: at('/components/schemas/PrivateUserObject'),
    unauthorized: at('/components/responses/Unauthorized/content/application~1json/schema'),
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

  it('has a contract check that can fail', () => {
    const user = fakeSpotifyUser('premium', fake.apiUrl);
    expect(validators.privateUser({ ...user, product: 1 })).toBe(false);
    expect(validators.privateUser({ ...user, followers: { href: null, total: 'many' } })).toBe(false);
    expect(validators.privateUser({ ...user, invented: true })).toBe(false);
    expect(validators.unauthorized({ error: { status: 200, message: 'fine' } })).toBe(false);
  });
});
