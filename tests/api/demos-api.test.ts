import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoArtist, DemoTrack } from '../../src/shared/api/demos.js';
import { demoMessages, socialNetworks } from '../../src/shared/domain/demo-form.js';
import { queryRows } from '../../src/server/db/client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';
import { aDemoArtist } from '../helpers/demo-builders.js';

type Body = Record<string, unknown>;
interface ErrorBody {
  success: false;
  error: string;
  message: string;
  field?: string;
  reqId: string;
}

let emailCounter = 0;
/** Every test sends from its own address, so that the repeat rule (same email + link) stays out of the way. */
function nextEmail(): string {
  emailCounter += 1;
  return `artist${emailCounter}@example.com`;
}

function artist(overrides: Partial<Record<keyof DemoArtist, unknown>> = {}): Body {
  return { ...aDemoArtist({ email: nextEmail() }), ...overrides };
}

function track(overrides: Partial<Record<keyof DemoTrack, unknown>> = {}): Body {
  return {
    name: 'Night Shift',
    genre: 'Deep House',
    soundCloudPrivateLink: 'https://soundcloud.com/maraq/night-shift/s-AbC12dEf',
    ...overrides,
  };
}

function demo(overrides: Body = {}): Body {
  return { label: 'deep', artist: artist(), track: track(), termsAccepted: true, ...overrides };
}

/** The body without one key (a field the client did not send at all). */
function without(body: Body, key: string): Body {
  const copy = { ...body };
  delete copy[key];
  return copy;
}

const tables = ['demo_submissions', 'demo_submission_artists', 'demo_submission_tracks', 'idempotency_keys'] as const;

describe.each(testDatabaseKinds)('demo submissions on $name', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    // Limits high enough for this file's requests; the rate-limit tests build their own app.
    t = await createTestApp(kind, { deps: { rateLimits: { demos: { max: 10_000, timeWindowMs: 60_000 } } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  function submit(payload: Body, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'POST', url: '/api/submit-demo', payload, headers });
  }

  async function expectRejected(payload: Body, field: string | undefined, message: string, status = 400) {
    const res = await submit(payload);
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json<ErrorBody>();
    expect(body).toEqual({ success: false, error: message, message, ...(field ? { field } : {}), reqId: expect.any(String) });
  }

  async function counts(): Promise<Record<string, number>> {
    const result: Record<string, number> = {};
    for (const table of tables) {
      const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
      result[table] = row?.n ?? -1;
    }
    return result;
  }

  async function storedSubmission(id: string) {
    const [submission] = await queryRows<{ label_id: string; status: string; contact_email: string }>(
      t.database.db,
      sql`select label_id, status, contact_email from demo_submissions where id = ${id}`,
    );
    const artists = await queryRows<Record<string, string | null>>(
      t.database.db,
      sql`select * from demo_submission_artists where submission_id = ${id} order by position`,
    );
    const tracks = await queryRows<Record<string, string>>(
      t.database.db,
      sql`select position, name, genre, soundcloud_url from demo_submission_tracks where submission_id = ${id} order by position`,
    );
    return { submission, artists, tracks };
  }

  it('stores every artist and track of the form, in order, before answering 201', async () => {
    const first = artist({ email: 'Lead.Artist@Example.com' });
    const second = artist({ fullName: 'Jo Brand', name: 'Jo B', instagram: null, appleMusic: null });
    const tracks = [
      track(),
      track({ name: 'Second Light', genre: 'Tech House', soundCloudPrivateLink: 'https://on.soundcloud.com/Xy12Ab34' }),
    ];
    const res = await submit(demo({ label: 'buildit-deep', artist: first, track: tracks[0], artists: [first, second], tracks }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ success: true; message: string; data: { id: string; status: string } }>();
    expect(body).toEqual({ success: true, message: 'Demo submitted successfully!', data: { id: expect.any(String), status: 'new' } });

    const stored = await storedSubmission(body.data.id);
    expect(stored.submission).toEqual({ label_id: 'buildit-deep', status: 'new', contact_email: 'lead.artist@example.com' });
    expect(stored.artists.map((a) => [a.position, a.full_name, a.name, a.email, a.instagram, a.apple_music, a.facebook])).toEqual([
      [0, 'Mara Quist', 'Mara Q', 'Lead.Artist@Example.com', 'https://www.instagram.com/maraq', 'https://music.apple.com/artist/maraq/1', 'https://www.facebook.com/maraq'],
      [1, 'Jo Brand', 'Jo B', second.email, null, null, 'https://www.facebook.com/maraq'],
    ]);
    expect(stored.artists[0]).toMatchObject({ country: 'Netherlands', province: 'Noord-Holland', city: 'Amsterdam' });
    expect(stored.tracks).toEqual([
      { position: 0, name: 'Night Shift', genre: 'Deep House', soundcloud_url: 'https://soundcloud.com/maraq/night-shift/s-AbC12dEf' },
      { position: 1, name: 'Second Light', genre: 'Tech House', soundcloud_url: 'https://on.soundcloud.com/Xy12Ab34' },
    ]);
  });

  it("takes the product's body of one artist and one track, and every form of the label", async () => {
    for (const [label, id] of [
      ['tech', 'buildit-tech'],
      ['buildit-records', 'buildit-records'],
      ['3', 'buildit-deep'],
      [2, 'buildit-tech'],
    ] as const) {
      const res = await submit(demo({ label }));
      expect(res.statusCode, res.body).toBe(201);
      const stored = await storedSubmission(res.json<{ data: { id: string } }>().data.id);
      expect(stored.submission?.label_id).toBe(id);
      expect(stored.artists).toHaveLength(1);
      expect(stored.tracks).toHaveLength(1);
    }
  });

  it('stores null for every social link whose "Don\'t have" box was ticked', async () => {
    const nulls = Object.fromEntries(socialNetworks.map((n) => [n.key, null]));
    const res = await submit(demo({ artist: artist(nulls) }));
    expect(res.statusCode, res.body).toBe(201);
    const stored = await storedSubmission(res.json<{ data: { id: string } }>().data.id);
    const row = stored.artists[0] as Record<string, unknown>;
    expect([row.facebook, row.twitter, row.instagram, row.soundcloud, row.spotify, row.apple_music]).toEqual([null, null, null, null, null, null]);
  });

  it.each([
    ['fullName', 'Full name is required'],
    ['name', 'Artist name is required'],
    ['country', 'Country is required'],
    ['city', 'City is required'],
    ['province', 'Province/state is required'],
  ])('requires the artist field %s: %s', async (key, message) => {
    await expectRejected(demo({ artist: artist({ [key]: '' }) }), `artist.${key}`, message);
    await expectRejected(demo({ artist: artist({ [key]: '   ' }) }), `artist.${key}`, message);
    await expectRejected(demo({ artist: without(artist(), key) }), `artist.${key}`, message);
  });

  it.each([
    ['name', 'Track name is required'],
    ['genre', 'Genre is required'],
    ['soundCloudPrivateLink', 'Private SoundCloud link is required'],
  ])('requires the track field %s: %s', async (key, message) => {
    await expectRejected(demo({ track: track({ [key]: '' }) }), `track.${key}`, message);
    await expectRejected(demo({ track: without(track(), key) }), `track.${key}`, message);
  });

  it('requires a valid email', async () => {
    await expectRejected(demo({ artist: artist({ email: '' }) }), 'artist.email', 'Email is required');
    for (const email of ['not-an-email', 'a@b', 'a b@example.com', '@example.com']) {
      await expectRejected(demo({ artist: artist({ email }) }), 'artist.email', 'Please enter a valid email address');
    }
  });

  it('asks for each social link unless ticked, and for a URL, naming each network in the product\'s order', async () => {
    for (const { key } of socialNetworks) {
      await expectRejected(demo({ artist: artist({ [key]: '' }) }), `artist.${key}`, 'Required unless checked as not available');
      await expectRejected(demo({ artist: without(artist(), key) }), `artist.${key}`, 'Required unless checked as not available');
    }
    // All six wrong at once: the messages come one network at a time, in docs/product.md §5's order.
    const broken = artist(Object.fromEntries(socialNetworks.map((n) => [n.key, 'not a url'])));
    const seen: string[] = [];
    for (const { key } of socialNetworks) {
      const res = await submit(demo({ artist: broken }));
      const body = res.json<ErrorBody>();
      expect(res.statusCode).toBe(400);
      expect(body.field).toBe(`artist.${key}`);
      seen.push(body.message);
      broken[key] = 'https://example.com/profile';
    }
    expect(seen).toEqual([
      'Please enter a valid Facebook URL',
      'Please enter a valid Twitter URL',
      'Please enter a valid Instagram URL',
      'Please enter a valid SoundCloud URL',
      'Please enter a valid Spotify URL',
      'Please enter a valid Apple Music URL',
    ]);
    for (const value of ['ftp://example.com/x', 'www.facebook.com/maraq', 'javascript:alert(1)']) {
      await expectRejected(demo({ artist: artist({ facebook: value }) }), 'artist.facebook', 'Please enter a valid Facebook URL');
    }
  });

  it('accepts SoundCloud track links, short links and private s- links, stored in one spelling', async () => {
    const accepted: [string, string][] = [
      ['https://soundcloud.com/some-artist/some-track', 'https://soundcloud.com/some-artist/some-track'],
      ['https://soundcloud.com/some-artist/some-track/s-AbC12dEf', 'https://soundcloud.com/some-artist/some-track/s-AbC12dEf'],
      ['http://www.SoundCloud.com/Some-Artist/Some-Track/s-AbC12dEf?si=xyz&utm_source=clipboard', 'https://soundcloud.com/some-artist/some-track/s-AbC12dEf'],
      ['https://m.soundcloud.com/some_artist/some-track/', 'https://soundcloud.com/some_artist/some-track'],
      ['https://on.soundcloud.com/AbCd1234', 'https://on.soundcloud.com/AbCd1234'],
    ];
    for (const [link, storedAs] of accepted) {
      const res = await submit(demo({ track: track({ soundCloudPrivateLink: link }) }));
      expect(res.statusCode, `${link}: ${res.body}`).toBe(201);
      const stored = await storedSubmission(res.json<{ data: { id: string } }>().data.id);
      expect(stored.tracks[0]?.soundcloud_url).toBe(storedAs);
    }
  });

  it('refuses other links with the SoundCloud message', async () => {
    for (const link of [
      'https://soundcloud.com/some-artist',
      'https://soundcloud.com/some-artist/sets/my-playlist',
      'https://soundcloud.com/some-artist/some-track/extra',
      'soundcloud.com/some-artist/some-track',
      'https://soundcloud.com.evil.example/some-artist/some-track',
      'https://open.spotify.com/track/abc',
      'https://on.soundcloud.com/',
      'not a link',
    ]) {
      await expectRejected(demo({ track: track({ soundCloudPrivateLink: link }) }), 'track.soundCloudPrivateLink', 'Please enter a valid SoundCloud URL for your track.');
    }
  });

  it('requires the terms to be accepted', async () => {
    const message = 'You must accept the terms and conditions to submit.';
    expect(demoMessages.termsRequired).toBe(message);
    await expectRejected(demo({ termsAccepted: false }), 'termsAccepted', message);
    await expectRejected(demo({ termsAccepted: 'true' }), 'termsAccepted', message);
    await expectRejected(without(demo(), 'termsAccepted'), 'termsAccepted', message);
  });

  it('refuses an unknown or missing label', async () => {
    await expectRejected(demo({ label: 'nope' }), 'label', 'Invalid label: nope');
    await expectRejected(demo({ label: '4' }), 'label', 'Invalid label: 4');
    await expectRejected(demo({ label: 4 }), 'label', 'Invalid label: 4');
    await expectRejected(demo({ label: null }), 'label', 'Invalid label: null');
    await expectRejected(without(demo(), 'label'), 'label', 'Label is required');
  });

  it('names the entry at fault in the lists of artists and tracks', async () => {
    const lead = artist();
    await expectRejected(
      demo({ artist: lead, artists: [lead, artist({ email: 'nope' })] }),
      'artists.1.email',
      'Please enter a valid email address',
    );
    await expectRejected(
      demo({ tracks: [track(), track(), track({ soundCloudPrivateLink: 'https://example.com/a/b' })] }),
      'tracks.2.soundCloudPrivateLink',
      'Please enter a valid SoundCloud URL for your track.',
    );
    await expectRejected(demo({ artists: [] }), 'artists', 'Add at least one artist');
    await expectRejected(demo({ tracks: Array.from({ length: 11 }, () => track()) }), 'tracks', 'A demo can list at most 10 tracks');
  });

  it('refuses a repeat of the same email and SoundCloud link with 409, storing nothing', async () => {
    const email = nextEmail();
    const link = 'https://soundcloud.com/maraq/repeat-me/s-Tok3n';
    expect((await submit(demo({ artist: artist({ email }), track: track({ soundCloudPrivateLink: link }) }))).statusCode).toBe(201);
    const before = await counts();

    // The same address in other case, the same link spelled otherwise, as the second track of a list.
    const again = artist({ email: email.toUpperCase() });
    const tracks = [track({ soundCloudPrivateLink: 'https://soundcloud.com/maraq/brand-new' }), track({ soundCloudPrivateLink: `${link.replace('https://', 'https://www.')}?si=1` })];
    await expectRejected(
      demo({ artist: again, artists: [again], tracks }),
      'tracks.1.soundCloudPrivateLink',
      `You have already sent us this track: we have a demo from ${email} with this SoundCloud link.`,
      409,
    );
    expect(await counts()).toEqual(before);

    // Another artist may send the same link; the same artist may send another track.
    expect((await submit(demo({ track: track({ soundCloudPrivateLink: link }) }))).statusCode).toBe(201);
    expect((await submit(demo({ artist: artist({ email }), track: track({ soundCloudPrivateLink: 'https://soundcloud.com/maraq/another-one/s-Tok3n' }) }))).statusCode).toBe(201);
  });

  it('lets only one of two simultaneous identical submissions in', async () => {
    const body = demo();
    const results = await Promise.all([submit(body), submit(body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, storing one submission', async () => {
    const body = demo();
    const before = await counts();
    const first = await submit(body, { 'idempotency-key': 'retry-key-1' });
    const retry = await submit(body, { 'idempotency-key': 'retry-key-1' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const after = await counts();
    expect(after.demo_submissions).toBe((before.demo_submissions ?? 0) + 1);
    expect(after.idempotency_keys).toBe((before.idempotency_keys ?? 0) + 1);
  });

  it('refuses an Idempotency-Key reused with a different body with 422, storing nothing', async () => {
    const first = await submit(demo(), { 'idempotency-key': 'reused-key' });
    expect(first.statusCode).toBe(201);
    const before = await counts();
    const other = await submit(demo({ artist: artist({ fullName: 'Someone Else' }) }), { 'idempotency-key': 'reused-key' });
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json<ErrorBody>()).toMatchObject({ field: 'idempotency-key', error: 'This Idempotency-Key was already used for a different request' });
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await counts()).toEqual(before);
  });

  it('stores one submission for two simultaneous requests with one key', async () => {
    const body = demo({ tracks: [track(), track({ soundCloudPrivateLink: 'https://on.soundcloud.com/Zz99' })] });
    const before = await counts();
    const results = await Promise.all([
      submit(body, { 'idempotency-key': 'concurrent-key' }),
      submit(body, { 'idempotency-key': 'concurrent-key' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(results[1]?.json()).toEqual(results[0]?.json());
    const after = await counts();
    expect(after.demo_submissions).toBe((before.demo_submissions ?? 0) + 1);
    expect(after.demo_submission_tracks).toBe((before.demo_submission_tracks ?? 0) + 2);
  });

  it('refuses an Idempotency-Key longer than 200 characters', async () => {
    const res = await submit(demo(), { 'idempotency-key': 'k'.repeat(201) });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>()).toMatchObject({ field: 'idempotency-key', error: 'Idempotency-Key must be at most 200 characters' });
    expect((await submit(demo(), { 'idempotency-key': 'k'.repeat(200) })).statusCode).toBe(201);
  });

  it('refuses a body over 64 KB with 413 and the error body', async () => {
    const res = await submit(demo({ artist: artist({ fullName: 'x'.repeat(70 * 1024) }) }));
    expect(res.statusCode).toBe(413);
    const body = res.json<ErrorBody>();
    expect(body).toMatchObject({ success: false, reqId: expect.any(String) });
    expect(body.error).toBe(body.message);
    expect(body.message).toMatch(/too large/i);
  });

  it('leaves the tables unchanged for every rejected body', async () => {
    const before = await counts();
    const rejected: [Body, Record<string, string>][] = [
      [demo({ termsAccepted: false }), {}],
      [demo({ label: 'nope' }), { 'idempotency-key': 'bad-1' }],
      [demo({ artist: artist({ twitter: 'nope' }) }), { 'idempotency-key': 'bad-2' }],
      [demo({ tracks: [track(), track({ genre: '' })] }), {}],
      [demo({ artist: artist({ fullName: 'x'.repeat(70 * 1024) }) }), { 'idempotency-key': 'bad-3' }],
      [{}, {}],
    ];
    for (const [payload, headers] of rejected) {
      const res = await submit(payload, headers);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    }
    expect(await counts()).toEqual(before);
  });

  it('never fetches the submitted links', async () => {
    const visits: string[] = [];
    let connections = 0;
    const probe = createServer((req, res) => {
      visits.push(req.url ?? '');
      res.end('ok');
    });
    probe.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    try {
      const socials = Object.fromEntries(socialNetworks.map((n) => [n.key, `${origin}/profile`]));
      const res = await submit(demo({ artist: artist(socials) }));
      expect(res.statusCode, res.body).toBe(201);
      // The test's own visit, after the answer: a connection the app had opened by then was accepted
      // before it (connections are accepted in the order they come).
      expect(await (await fetch(`${origin}/after-the-answer`)).text()).toBe('ok');
      expect(visits).toEqual(['/after-the-answer']);
      expect(connections).toBe(1);
    } finally {
      probe.closeAllConnections();
      await new Promise((resolve) => probe.close(resolve));
    }
  });

  describe('rate limit', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp(kind, { deps: { rateLimits: { demos: { max: 2, timeWindowMs: 10 * 60_000 } } } });
    });
    afterAll(async () => {
      await limited?.close();
    });

    it('answers 429 with a clear message after the limit, per client address, storing nothing', async () => {
      const send = (remoteAddress: string) =>
        limited.app.inject({ method: 'POST', url: '/api/submit-demo', payload: demo(), remoteAddress });
      expect((await send('203.0.113.7')).statusCode).toBe(201);
      expect((await send('203.0.113.7')).statusCode).toBe(201);
      const [row] = await queryRows<{ n: number }>(limited.database.db, sql`select count(*)::int as n from demo_submissions`);

      const blocked = await send('203.0.113.7');
      expect(blocked.statusCode).toBe(429);
      const message = 'Too many submissions from this address. Please try again in 10 minutes.';
      expect(blocked.json()).toEqual({ success: false, error: message, message, reqId: expect.any(String) });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      const [after] = await queryRows<{ n: number }>(limited.database.db, sql`select count(*)::int as n from demo_submissions`);
      expect(after?.n).toBe(row?.n);

      // Another address has its own allowance.
      expect((await send('198.51.100.20')).statusCode).toBe(201);
    });
  });
});
