import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../src/shared/api/admin-activity.js';
import type { AdminActivityResponse, AdminStats, AdminStatsResponse } from '../../src/shared/api/admin-overview.js';
import { looksLikeSamplePack } from '../../src/shared/domain/hygiene.js';
import { queryRows } from '../../src/server/db/client.js';
import { recordActivity } from '../../src/server/modules/staff/activity.repo.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { aDemoArtist, aDemoTrack } from '../helpers/demo-builders.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

const now = new Date('2026-11-21T12:00:00Z');
const minutesAgo = (n: number) => new Date(now.getTime() - n * 60_000);

describe.each(testDatabaseKinds)('admin overview on $name', (kind) => {
  let t: AdminTestApp;
  const queries: string[] = [];

  beforeAll(async () => {
    t = await createAdminTestApp(kind, {
      now,
      // Not the import-job runner's look for a job to take over, which comes every few seconds (decision 0050).
      onQuery: (query) => !query.includes('"import_jobs"') && queries.push(query),
      deps: { rateLimits: { demos: { max: 1000, timeWindowMs: 60_000 }, vip: { max: 1000, timeWindowMs: 60_000 } } },
      from: 'distributor-catalog',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  function get(url: string, bearer: string | null = t.token) {
    return t.app.inject({ method: 'GET', url, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
  }
  async function stats(): Promise<AdminStats> {
    const res = await get('/api/admin/stats');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminStatsResponse>().data;
  }
  async function countOf(query: ReturnType<typeof sql>): Promise<number> {
    const [row] = await queryRows<{ n: number }>(t.database.db, query);
    return row?.n ?? -1;
  }

  /** The figures computed here by plain SQL, the artist rule applied in JS with docs/product.md §5's hygiene. */
  async function expectedStats(): Promise<AdminStats> {
    const artists = await queryRows<{ name: string; credited: boolean }>(t.database.db, sql`
      select a.name,
             exists (select 1 from release_artists ra where ra.artist_id = a.id)
               or exists (select 1 from track_artists ta where ta.artist_id = a.id) as credited
        from artists a`);
    const members = await queryRows<{ status: string; n: number }>(t.database.db, sql`select status, count(*)::int as n from vip_members group by status`);
    const membersIn = (status: string) => members.find((m) => m.status === status)?.n ?? 0;
    const active = await queryRows<{ plan: string; n: number }>(t.database.db, sql`select plan, count(*)::int as n from vip_members where status = 'active' group by plan`);
    const activeOn = (plan: string) => active.find((m) => m.plan === plan)?.n ?? 0;
    return {
      artists: artists.filter((a) => a.credited && a.name.trim() !== '' && !looksLikeSamplePack(a.name)).length,
      labels: await countOf(sql`select count(*)::int as n from labels`),
      releases: await countOf(sql`select count(*)::int as n from releases`),
      tracks: await countOf(sql`select count(*)::int as n from tracks`),
      demos: {
        new: await countOf(sql`select count(*)::int as n from demo_submissions where status = 'new'`),
        total: await countOf(sql`select count(*)::int as n from demo_submissions`),
      },
      members: {
        total: members.reduce((sum, m) => sum + m.n, 0),
        active: membersIn('active'),
        pending_payment: membersIn('pending_payment'),
        past_due: membersIn('past_due'),
        paused: membersIn('paused'),
        canceled: membersIn('canceled'),
        active_by_plan: [
          { plan: 'monthly', name: 'Monthly', active: activeOn('monthly') },
          { plan: 'annual', name: 'Annual', active: activeOn('annual') },
          { plan: 'premium', name: 'Premium', active: activeOn('premium') },
        ],
        // $9.99 a month, $99.99 and $199.99 a year: each yearly price's twelfth.
        mrr: Math.round((activeOn('monthly') * 9.99 + (activeOn('annual') * 99.99) / 12 + (activeOn('premium') * 199.99) / 12) * 100) / 100,
        currency: 'USD',
      },
      outbox: { waiting: await countOf(sql`select count(*)::int as n from outbox_emails where status in ('waiting', 'sending')`) },
    };
  }

  function submitDemo(email: string) {
    const payload = { label: 'tech', artist: aDemoArtist({ email, name: 'Mara Q' }), track: aDemoTrack({ name: 'Night Shift' }), termsAccepted: true };
    return t.app.inject({ method: 'POST', url: '/api/submit-demo', payload });
  }

  it('counts the fixture catalog as the database holds it, artists as the public site lists them', async () => {
    const figures = await stats();
    expect(figures).toEqual(await expectedStats());
    expect(figures.labels).toBe(3);
    expect(figures.releases).toBeGreaterThan(0);
    expect(figures.tracks).toBeGreaterThan(figures.releases);
    // The fixture credits a sample-pack name ('Route 77'): it is an artist row, but not a listed artist.
    expect(figures.artists).toBeLessThan(await countOf(sql`select count(*)::int as n from artists`));
    const publicList = await get('/api/artists?limit=1', null);
    expect(publicList.json<{ total: number }>().total).toBe(figures.artists);
  });

  it('answers in one query after the token check', async () => {
    queries.length = 0;
    expect((await get('/api/admin/verify-admin-token')).statusCode).toBe(200);
    const guardQueries = queries.length;
    queries.length = 0;
    expect((await get('/api/admin/stats')).statusCode).toBe(200);
    expect(queries.length - guardQueries).toBe(1);
  });

  it('changes when a demo arrives, is reviewed, and when members join or pay', async () => {
    const before = await stats();
    expect((await submitDemo('stats-demo@example.com')).statusCode).toBe(201);
    const member = await t.app.inject({ method: 'POST', url: '/api/subscribe-vip', payload: { name: 'Sam Rivers', email: 'sam@example.com', plan: 'annual' } });
    expect(member.statusCode, member.body).toBe(201);
    const afterJoin = await stats();
    expect(afterJoin).toEqual({
      ...before,
      demos: { new: before.demos.new + 1, total: before.demos.total + 1 },
      members: { ...before.members, total: before.members.total + 1, pending_payment: before.members.pending_payment + 1 },
      // The demo's receipt and the member's welcome wait (no SMTP server here).
      outbox: { waiting: before.outbox.waiting + 2 },
    });

    await t.database.db.execute(sql`update demo_submissions set status = 'listening' where contact_email = 'stats-demo@example.com'`);
    await t.database.db.execute(sql`update vip_members set status = 'active' where email = 'sam@example.com'`);
    const afterReview = await stats();
    expect(afterReview.demos).toEqual({ new: before.demos.new, total: before.demos.total + 1 });
    expect(afterReview.members).toMatchObject({ total: before.members.total + 1, active: before.members.active + 1, pending_payment: before.members.pending_payment });
    expect(afterReview.members.active_by_plan.find((p) => p.plan === 'annual')?.active).toBe((before.members.active_by_plan.find((p) => p.plan === 'annual')?.active ?? 0) + 1);
    expect(afterReview.members.mrr).toBeCloseTo(before.members.mrr + 8.33, 2);
    expect(afterReview).toEqual(await expectedStats());

    // Past due and canceled are counted apart, and bring no revenue.
    await t.database.db.execute(sql`insert into vip_members (name, email, plan, status) values ('Late', 'late@example.com', 'monthly', 'past_due'), ('Gone', 'gone@example.com', 'premium', 'canceled')`);
    const withLapsed = await stats();
    expect(withLapsed.members).toMatchObject({ past_due: before.members.past_due + 1, canceled: before.members.canceled + 1, mrr: afterReview.members.mrr });
    expect(withLapsed).toEqual(await expectedStats());
  });

  it('lists the latest activity newest first, 10 by default, as many as asked up to 100', async () => {
    await t.database.db.execute(sql`delete from activity_log`);
    for (let i = 1; i <= 12; i += 1) {
      await recordActivity(t.database.db, { kind: 'track.edit', actor: 'alice', summary: `Edit ${i}`, subjectId: `track-${i}`, at: minutesAgo(100 - i) });
    }
    const res = await get('/api/admin/activity');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AdminActivityResponse>();
    expect(body.success).toBe(true);
    expect(body.data.map((e) => e.summary)).toEqual(['Edit 12', 'Edit 11', 'Edit 10', 'Edit 9', 'Edit 8', 'Edit 7', 'Edit 6', 'Edit 5', 'Edit 4', 'Edit 3']);
    expect(body.data[0]).toEqual({
      id: expect.any(String),
      occurred_at: minutesAgo(88).toISOString(),
      kind: 'track.edit',
      actor: 'alice',
      summary: 'Edit 12',
      subject_id: 'track-12',
    });

    const three = await get('/api/admin/activity?limit=3');
    expect(three.json<AdminActivityResponse>().data.map((e) => e.summary)).toEqual(['Edit 12', 'Edit 11', 'Edit 10']);
    const all = await get('/api/admin/activity?limit=100');
    expect(all.json<AdminActivityResponse>().data).toHaveLength(12);
  });

  it('shows a demo submitted by a visitor at the top, with no actor', async () => {
    expect((await submitDemo('activity-demo@example.com')).statusCode).toBe(201);
    const [latest] = (await get('/api/admin/activity?limit=1')).json<AdminActivityResponse>().data as [ActivityEntry];
    expect(latest).toMatchObject({ kind: 'demo.received', actor: null, summary: 'Demo "Night Shift" by Mara Q for Build It Tech', occurred_at: now.toISOString() });
  });

  it.each(['0', '101', 'ten', '2.5'])('refuses limit=%s with 400 naming limit', async (limit) => {
    const res = await get(`/api/admin/activity?limit=${limit}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'limit', message: 'limit must be a whole number from 1 to 100' });
  });

  it('answers 401 without a valid token', async () => {
    for (const url of ['/api/admin/stats', '/api/admin/activity']) {
      expect((await get(url, null)).statusCode).toBe(401);
      expect((await get(url, 'not-a-token')).statusCode).toBe(401);
    }
  });
});
