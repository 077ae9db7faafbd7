import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDemo, AdminDemoRow } from '../../src/shared/api/admin-inbox.js';
import type { AdminMember } from '../../src/shared/api/admin-members.js';
import type { DemoStatus } from '../../src/shared/api/demos.js';
import { queryRows } from '../../src/server/db/client.js';
import { submitDemo } from '../../src/server/modules/demos/demos.service.js';
import { subscribeVip } from '../../src/server/modules/membership/vip.service.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { aDemoArtist, aDemoTrack } from '../helpers/demo-builders.js';
import type { PagedList, TestApp } from '../helpers/test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';
import { testMailroom } from '../helpers/mail.js';

const now = new Date('2026-11-21T12:00:00Z');
const day = (n: number) => new Date(Date.UTC(2026, 10, n, 9, 30));
const errorBody = (message: string, field?: string) => ({ success: false, error: message, message, ...(field ? { field } : {}), reqId: expect.any(String) });

/** Three demos sent through the submission service on different days (it stamps them with `now`). */
async function seedDemos(t: TestApp): Promise<Record<'mara' | 'kai' | 'lena', string>> {
  const send = async (label: string, artists: ReturnType<typeof aDemoArtist>[], tracks: ReturnType<typeof aDemoTrack>[], at: Date) => {
    const input = { label, artist: artists[0]!, track: tracks[0]!, artists, tracks, termsAccepted: true as const };
    const outcome = await submitDemo(t.database.db, testMailroom(), input, { idempotencyKey: undefined, now: at });
    return outcome.body.data.id;
  };
  const mara = await send('deep', [aDemoArtist()], [aDemoTrack()], day(1));
  const kai = await send(
    'tech',
    [
      aDemoArtist({ fullName: 'Kai Rosen', name: 'Kai Ro', email: 'kai@example.com' }),
      aDemoArtist({ fullName: 'Jo Brand', name: 'Jo B', email: 'jo@example.com', instagram: null, appleMusic: null }),
    ],
    [
      aDemoTrack({ name: 'Steel Pulse', genre: 'Tech House', soundCloudPrivateLink: 'https://soundcloud.com/kairo/steel-pulse/s-1' }),
      aDemoTrack({ name: '100% Second Light', genre: 'Techno', soundCloudPrivateLink: 'https://on.soundcloud.com/Xy12Ab34' }),
    ],
    day(5),
  );
  const lena = await send(
    'records',
    [aDemoArtist({ fullName: 'Lena Voss', name: 'Lena V', email: 'lena@sample.org' })],
    [aDemoTrack({ name: 'Warm Rain', genre: 'House', soundCloudPrivateLink: 'https://soundcloud.com/lenav/warm-rain/s-2' })],
    day(10),
  );
  await t.database.db.execute(sql`update demo_submissions set status = 'shortlisted' where id = ${lena}`);
  return { mara, kai, lena };
}

describe.each(testDatabaseKinds)('admin demos and members on $name', (kind) => {
  let t: AdminTestApp;
  let demos: Awaited<ReturnType<typeof seedDemos>>;

  beforeAll(async () => {
    t = await createAdminTestApp(kind, { now, deps: { rateLimits: { demos: { max: 10_000, timeWindowMs: 60_000 } } } });
    demos = await seedDemos(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  function get(url: string) {
    return t.app.inject({ method: 'GET', url, headers: t.auth });
  }
  function patch(id: string, payload: unknown) {
    return t.app.inject({ method: 'PATCH', url: `/api/admin/demos/${id}`, payload: payload as object, headers: t.auth });
  }
  async function listDemos(query = '') {
    const res = await get(`/api/admin/demos${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PagedList<AdminDemoRow>>();
  }
  async function demoState() {
    return queryRows<{ id: string; status: string; updated_at: string }>(t.database.db, sql`select id, status, updated_at::text from demo_submissions order by id`);
  }
  /** The 'demo.status' entries, of one demo when given (every entry of this file is stamped `now`). */
  async function statusEntries(subjectId?: string) {
    return queryRows<{ actor: string; summary: string; subject_id: string; details: unknown; occurred_at: string }>(
      t.database.db,
      sql`select actor, summary, subject_id, details, occurred_at from activity_log
           where kind = 'demo.status' and (${subjectId ?? null}::text is null or subject_id = ${subjectId ?? null})`,
    );
  }

  it('answers 401 on every route without an admin token', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/demos'],
      ['GET', `/api/admin/demos/${demos.mara}`],
      ['PATCH', `/api/admin/demos/${demos.mara}`],
      ['GET', '/api/admin/members'],
      ['GET', '/api/admin/members/export.csv'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'PATCH' ? { status: 'listening' } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual(errorBody('No token found'));
    }
    expect((await demoState()).map((d) => d.status).sort()).toEqual(['new', 'new', 'shortlisted']);
  });

  it('lists demos newest first with label, contact, artist names and tracks', async () => {
    const body = await listDemos();
    expect(body.total).toBe(3);
    expect(body.data.map((d) => d.id)).toEqual([demos.lena, demos.kai, demos.mara]);
    expect(body.data[1]).toEqual({
      id: demos.kai,
      created_at: day(5).toISOString(),
      status: 'new',
      label: 'buildit-tech',
      contact_email: 'kai@example.com',
      artists: ['Kai Ro', 'Jo B'],
      tracks: [
        { name: 'Steel Pulse', genre: 'Tech House' },
        { name: '100% Second Light', genre: 'Techno' },
      ],
      undo_until: null,
    });
    expect(body).toMatchObject({ offset: 0, limit: 20 });
  });

  it('pages with offset and limit', async () => {
    const first = await listDemos('?limit=2');
    const second = await listDemos('?limit=2&offset=2');
    expect([first.total, second.total]).toEqual([3, 3]);
    expect(first.data.map((d) => d.id)).toEqual([demos.lena, demos.kai]);
    expect(second.data.map((d) => d.id)).toEqual([demos.mara]);
    expect(second).toMatchObject({ offset: 2, limit: 2 });
  });

  it('filters by status and by label in any of its id forms', async () => {
    expect((await listDemos('?status=shortlisted')).data.map((d) => d.id)).toEqual([demos.lena]);
    expect((await listDemos('?status=new')).data.map((d) => d.id)).toEqual([demos.kai, demos.mara]);
    expect((await listDemos('?status=declined')).total).toBe(0);
    for (const label of ['tech', 'buildit-tech', '2', 'TECH']) {
      expect((await listDemos(`?label=${label}`)).data.map((d) => d.id), label).toEqual([demos.kai]);
    }
    expect((await listDemos('?label=deep&status=new')).data.map((d) => d.id)).toEqual([demos.mara]);
    expect((await listDemos('?label=deep&status=shortlisted')).total).toBe(0);
  });

  it('searches artist names, full names, emails and track names, case-insensitively and literally', async () => {
    const ids = async (q: string) => (await listDemos(`?q=${encodeURIComponent(q)}`)).data.map((d) => d.id);
    expect(await ids('jo b')).toEqual([demos.kai]);
    expect(await ids('rosen')).toEqual([demos.kai]);
    expect(await ids('SAMPLE.ORG')).toEqual([demos.lena]);
    expect(await ids('night shift')).toEqual([demos.mara]);
    expect(await ids('100%')).toEqual([demos.kai]);
    expect(await ids('%')).toEqual([demos.kai]);
    expect(await ids('Tech House')).toEqual([]);
    expect((await listDemos('?q=rain&label=records')).data.map((d) => d.id)).toEqual([demos.lena]);
  });

  it.each([
    ['?status=done', 'status', 'status must be one of new, listening, shortlisted, accepted, declined'],
    ['?label=nope', 'label', 'Invalid label: nope'],
    ['?label=', 'label', 'label must not be empty'],
    ['?limit=0', 'limit', 'limit must be a whole number from 1 to 100'],
    ['?limit=101', 'limit', 'limit must be a whole number from 1 to 100'],
    ['?offset=-1', 'offset', 'offset must be a whole number from 0 to 1000000'],
    [`?q=${'x'.repeat(201)}`, 'q', 'q must be at most 200 characters'],
  ])('refuses the demo list query %s naming %s', async (query, field, message) => {
    const res = await get(`/api/admin/demos${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody(message, field));
  });

  it('shows one demo with every artist and track field in form order', async () => {
    const res = await get(`/api/admin/demos/${demos.kai}`);
    expect(res.statusCode, res.body).toBe(200);
    const demo = res.json<{ success: true; data: AdminDemo }>().data;
    expect(demo).toEqual({
      id: demos.kai,
      created_at: day(5).toISOString(),
      updated_at: day(5).toISOString(),
      status: 'new',
      label: 'buildit-tech',
      contact_email: 'kai@example.com',
      artists: [
        { ...aDemoArtist({ fullName: 'Kai Rosen', name: 'Kai Ro', email: 'kai@example.com' }) },
        { ...aDemoArtist({ fullName: 'Jo Brand', name: 'Jo B', email: 'jo@example.com', instagram: null, appleMusic: null }) },
      ],
      tracks: [
        { name: 'Steel Pulse', genre: 'Tech House', soundCloudPrivateLink: 'https://soundcloud.com/kairo/steel-pulse/s-1' },
        { name: '100% Second Light', genre: 'Techno', soundCloudPrivateLink: 'https://on.soundcloud.com/Xy12Ab34' },
      ],
      undo_until: null,
    });
    expect(Object.keys(demo.artists[0]!)).toEqual(['fullName', 'name', 'email', 'country', 'province', 'city', 'facebook', 'twitter', 'instagram', 'soundcloud', 'spotify', 'appleMusic']);
  });

  it('answers 404 for an unknown or malformed demo id, and changes nothing', async () => {
    const before = await demoState();
    for (const id of ['0b0e7a4e-2c1d-4f3a-9b8c-7d6e5f4a3b2c', 'not-a-uuid', '1']) {
      expect((await get(`/api/admin/demos/${id}`)).json()).toEqual(errorBody(`Demo not found: ${id}`));
      const res = await patch(id, { status: 'listening' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(errorBody(`Demo not found: ${id}`));
    }
    expect(await demoState()).toEqual(before);
    expect(await statusEntries()).toEqual([]);
  });

  it.each([[{}], [{ status: 'done' }], [{ status: null }], [{ status: 'LISTENING' }]])('refuses the status change %j naming status', async (payload) => {
    const before = await demoState();
    const res = await patch(demos.mara, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('status must be one of new, listening, shortlisted, accepted, declined', 'status'));
    expect(await demoState()).toEqual(before);
  });

  // Written out rather than read from shared/domain/demo-status.ts, so that a wrong table fails here.
  const allowed = new Set(['new>listening', 'new>declined', 'listening>shortlisted', 'listening>declined', 'shortlisted>accepted', 'shortlisted>declined']);
  const pathTo: Record<DemoStatus, DemoStatus[]> = {
    new: [],
    listening: ['listening'],
    shortlisted: ['listening', 'shortlisted'],
    accepted: ['listening', 'shortlisted', 'accepted'],
    declined: ['declined'],
  };
  const statuses = Object.keys(pathTo) as DemoStatus[];
  const pairs = statuses.flatMap((from) => statuses.map((to) => [from, to] as const));
  let demoCounter = 0;

  it.each(pairs)('moving a demo from %s to %s', async (from, to) => {
    demoCounter += 1;
    const artist = aDemoArtist({ name: `Mover ${String(demoCounter).padStart(2, '0')}`, email: `mover${demoCounter}@example.com` });
    const track = aDemoTrack({ name: `Track ${demoCounter}` });
    const sent = await t.app.inject({ method: 'POST', url: '/api/submit-demo', payload: { label: 'deep', artist, track, termsAccepted: true } });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json<{ data: { id: string } }>().data.id;
    for (const step of pathTo[from]) expect((await patch(id, { status: step })).statusCode).toBe(200);
    const entriesBefore = (await statusEntries()).length;
    const [before] = (await demoState()).filter((d) => d.id === id);

    const res = await patch(id, { status: to });
    const [after] = (await demoState()).filter((d) => d.id === id);
    const entries = await statusEntries();
    if (from === to) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: AdminDemo }>().data.status).toBe(from);
      expect(after).toEqual(before);
      expect(entries).toHaveLength(entriesBefore);
    } else if (allowed.has(`${from}>${to}`)) {
      expect(res.statusCode, res.body).toBe(200);
      const demo = res.json<{ data: AdminDemo }>().data;
      expect([demo.id, demo.status, demo.updated_at, demo.artists[0]?.name]).toEqual([id, to, now.toISOString(), artist.name]);
      expect(after?.status).toBe(to);
      expect(entries).toHaveLength(entriesBefore + 1);
      // The demo's entries are the steps of its path plus this one.
      const ofDemo = await statusEntries(id);
      expect(ofDemo).toHaveLength(pathTo[from].length + 1);
      const entry = ofDemo.find((e) => (e.details as { to: string }).to === to);
      expect(entry).toMatchObject({
        actor: 'alice',
        summary: `Demo "${track.name}" by ${artist.name} moved from ${from} to ${to}`,
        details: { from, to, track: track.name, artist: artist.name },
      });
      expect(new Date(entry?.occurred_at ?? 0).toISOString()).toBe(now.toISOString());
      expect((await listDemos(`?status=${to}&q=${encodeURIComponent(artist.name)}`)).data.map((d) => d.id)).toEqual([id]);
    } else {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual(errorBody(`Cannot move a demo from ${from} to ${to}`, 'status'));
      expect(after).toEqual(before);
      expect(entries).toHaveLength(entriesBefore);
    }
  });

  describe('members', () => {
    let ids: Record<'sam' | 'formula' | 'jo' | 'legacy', string>;

    beforeAll(async () => {
      const join = async (name: string, email: string, plan: 'monthly' | 'annual' | 'premium', at: Date, active = false) => {
        await subscribeVip(t.database.db, testMailroom(), { name, email, plan }, at);
        // Paid (as a Stripe webhook would make it): the status alone, at the time it joined.
        if (active) await t.database.db.execute(sql`update vip_members set status = 'active' where email = ${email}`);
        const [member] = await queryRows<{ id: string }>(t.database.db, sql`select id from vip_members where email = ${email}`);
        return (member as { id: string }).id;
      };
      ids = {
        sam: await join('Sam Rivers', 'sam@example.com', 'annual', day(2)),
        formula: await join('=HYPERLINK("http://evil.example")', 'evil@example.com', 'monthly', day(4), true),
        jo: await join('Rivers, "Jo"', 'jo@example.com', 'premium', day(6)),
        legacy: await join('Old Timer', 'old@example.com', 'monthly', day(8)),
      };
      // A plan the site no longer offers: its name and price are unknown, not made up.
      await t.database.db.execute(sql`update vip_members set plan = 'gold', updated_at = ${day(9).toISOString()} where id = ${ids.legacy}`);
    });

    async function listMembers(query = '') {
      const res = await get(`/api/admin/members${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<PagedList<AdminMember>>();
    }

    it('lists members newest first with the configured plan name and price', async () => {
      const body = await listMembers();
      expect(body.total).toBe(4);
      expect(body.data.map((m) => m.id)).toEqual([ids.legacy, ids.jo, ids.formula, ids.sam]);
      expect(body.data[3]).toEqual({
        id: ids.sam,
        name: 'Sam Rivers',
        email: 'sam@example.com',
        plan: { id: 'annual', name: 'Annual', price: 99.99, currency: 'USD', period: 'year' },
        status: 'pending_payment',
        current_period_end: null,
        cancel_at_period_end: false,
        created_at: day(2).toISOString(),
        updated_at: day(2).toISOString(),
      });
      expect(body.data[0]).toMatchObject({ plan: { id: 'gold', name: null, price: null, currency: null, period: null }, updated_at: day(9).toISOString() });
      expect(body.data[2]).toMatchObject({ status: 'active', plan: { name: 'Monthly', price: 9.99, period: 'month' } });
    });

    it('pages, searches name and email, and filters by plan and status', async () => {
      const ids_ = async (query: string) => (await listMembers(query)).data.map((m) => m.id);
      expect(await ids_('?limit=2&offset=1')).toEqual([ids.jo, ids.formula]);
      expect((await listMembers('?limit=2&offset=1')).total).toBe(4);
      expect(await ids_('?q=rivers')).toEqual([ids.jo, ids.sam]);
      expect(await ids_('?q=EVIL@')).toEqual([ids.formula]);
      expect(await ids_('?plan=premium')).toEqual([ids.jo]);
      expect(await ids_('?status=active')).toEqual([ids.formula]);
      expect(await ids_('?status=pending_payment&q=rivers&plan=annual')).toEqual([ids.sam]);
    });

    it.each([
      ['?plan=gold', 'plan', 'plan must be one of monthly, annual, premium'],
      ['?status=paid', 'status', 'status must be one of pending_payment, active, past_due, paused, canceled'],
      ['?limit=1000', 'limit', 'limit must be a whole number from 1 to 100'],
      [`?q=${'x'.repeat(201)}`, 'q', 'q must be at most 200 characters'],
    ])('refuses the member query %s naming %s, on the list and the export', async (query, field, message) => {
      for (const path of ['/api/admin/members', '/api/admin/members/export.csv']) {
        if (field === 'limit' && path.endsWith('.csv')) continue;
        const res = await get(`${path}${query}`);
        expect(res.statusCode, path).toBe(400);
        expect(res.json()).toEqual(errorBody(message, field));
      }
    });

    it('exports the members as a CSV attachment: header, quoting, formulas neutralised', async () => {
      const res = await get('/api/admin/members/export.csv');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="vip-members-2026-11-21.csv"');
      expect(res.body.startsWith('\uFEFF"Name","Email","Plan","Price","Currency","Period","Status","Period end","Cancels at period end","Joined","Updated"\r\n')).toBe(true);
      expect(res.body).toContain('\r\n"Rivers, ""Jo""","jo@example.com","Premium","199.99","USD","year","Pending payment","—","No",');
      expect(res.body).toContain(`\r\n"'=HYPERLINK(""http://evil.example"")","evil@example.com","Monthly","9.99","USD","month","Active","—","No",`);
      const rows = parse(res.body, { bom: true }) as string[][];
      expect(rows).toEqual([
        ['Name', 'Email', 'Plan', 'Price', 'Currency', 'Period', 'Status', 'Period end', 'Cancels at period end', 'Joined', 'Updated'],
        ['Old Timer', 'old@example.com', 'gold', '—', '—', '—', 'Pending payment', '—', 'No', day(8).toISOString(), day(9).toISOString()],
        ['Rivers, "Jo"', 'jo@example.com', 'Premium', '199.99', 'USD', 'year', 'Pending payment', '—', 'No', day(6).toISOString(), day(6).toISOString()],
        ["'=HYPERLINK(\"http://evil.example\")", 'evil@example.com', 'Monthly', '9.99', 'USD', 'month', 'Active', '—', 'No', day(4).toISOString(), day(4).toISOString()],
        ['Sam Rivers', 'sam@example.com', 'Annual', '99.99', 'USD', 'year', 'Pending payment', '—', 'No', day(2).toISOString(), day(2).toISOString()],
      ]);
    });

    it('exports a formula after a separator as text: a spreadsheet splitting on ; runs nothing', async () => {
      await subscribeVip(t.database.db, testMailroom(), { name: "Bob;=cmd|' /C calc'!A0;x", email: 'bob@example.com', plan: 'monthly' }, day(1));
      try {
        const res = await get('/api/admin/members/export.csv?q=bob@');
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).toContain(`\r\n"'Bob;=cmd|' /C calc'!A0;x","bob@example.com",`);
        const cells = (parse(res.body, { bom: true, delimiter: ';', relax_quotes: true, relax_column_count: true }) as string[][]).flat();
        expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
      } finally {
        await t.database.db.execute(sql`delete from vip_members where email = 'bob@example.com'`);
      }
    });

    it('exports only the members the filters match', async () => {
      const names = async (query: string) => {
        const res = await get(`/api/admin/members/export.csv${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return (parse(res.body, { bom: true }) as string[][]).map((row) => row[0]);
      };
      expect(await names('?plan=annual')).toEqual(['Name', 'Sam Rivers']);
      expect(await names('?q=rivers&status=pending_payment')).toEqual(['Name', 'Rivers, "Jo"', 'Sam Rivers']);
      expect(await names('?q=nobody')).toEqual(['Name']);
    });
  });

  it('describes the inbox routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(Object.keys(paths['/api/admin/demos/{id}'] ?? {}).sort()).toEqual(['get', 'patch']);
    expect(paths['/api/admin/members/export.csv']?.get).toMatchObject({ responses: { 200: { content: { 'text/csv': expect.any(Object) } } } });
  });
});
