import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.js';
import { staffRoles, type StaffRole } from '../../src/shared/api/admin-auth.js';
import { rolesForAdminRoute } from '../../src/shared/api/staff.js';
import { createOrResetAdmin } from '../../src/server/modules/staff/admin-auth.service.js';
import { signAdminToken } from '../../src/server/modules/staff/admin-tokens.js';
import { createAdminTestApp, type AdminTestApp } from '../helpers/admin-test-app.js';
import { testDatabaseKinds } from '../helpers/test-database.js';

/**
 * Issue 6: "every /api/admin/* route answers 401 without, with a tampered, or with an expired token".
 * The routes come from the app's own OpenAPI document, so a route added later is covered without
 * anyone remembering to list it; the list below only makes sure the document still has them.
 */
const issueRoutes = [
  'GET /api/admin/verify-admin-token',
  'POST /api/admin/logout',
  'POST /api/admin/change-password',
  'GET /api/admin/stats',
  'GET /api/admin/activity',
  'GET /api/admin/tracks',
  'PATCH /api/admin/tracks/{id}',
  'DELETE /api/admin/tracks/{id}',
  'GET /api/admin/artists',
  'PATCH /api/admin/artists/{id}',
  'GET /api/admin/labels',
  'POST /api/admin/import-catalog',
  'POST /api/admin/import-tracks',
  'GET /api/admin/import-jobs',
  'GET /api/admin/import-jobs/{id}',
  'PATCH /api/admin/releases/{id}',
  'GET /api/admin/demos',
  'GET /api/admin/demos/{id}',
  'PATCH /api/admin/demos/{id}',
  'GET /api/admin/members',
  'GET /api/admin/members/export.csv',
];

/** The admin routes before an account: signing in, and accepting an invitation (its token is the key). */
const publicRoutes = ['/api/admin/login', '/api/admin/invitations/{token}'];

/**
 * Issue 34 item 2 (docs/decisions/0098), as the product says it: each role's areas by the path's first
 * segment after /api/admin; everything else (members, exports, payments, the outbox, backups, staff,
 * settings, the overview) is the owner's alone.
 */
const areasOf: Record<Exclude<StaffRole, 'owner'>, string[]> = {
  editor: ['tracks', 'artists', 'releases', 'playlists', 'labels', 'media', 'import-catalog', 'import-tracks', 'import-jobs', 'demo-catalog', 'newsletters'],
  'a&r': ['demos', 'email-templates'],
};
/** One's own session and account. */
const everyonesAreas = ['verify-admin-token', 'logout', 'change-password', 'account'];

function mayUse(role: StaffRole, path: string): boolean {
  const area = path.split('/')[3] ?? '';
  return role === 'owner' || everyonesAreas.includes(area) || areasOf[role].includes(area);
}

const now = new Date('2026-11-21T12:00:00Z');
const twelveHoursAndASecond = 12 * 60 * 60 * 1000 + 1000;
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A fingerprint of everything an admin route could change. */
const stateQuery = sql`select
  (select count(*) from tracks)::int as tracks,
  (select count(*) from releases)::int as releases,
  (select count(*) from artists)::int as artists,
  (select coalesce(md5(string_agg(t.title || coalesce(t.isrc, ''), ',' order by t.id)), '') from tracks t) as track_text,
  (select coalesce(md5(string_agg(coalesce(a.bio, '') || array_to_string(a.genres, ','), ',' order by a.id)), '') from artists a) as artist_text,
  (select coalesce(md5(string_agg(d.status, ',' order by d.id)), '') from demo_submissions d) as demo_statuses,
  (select count(*) from activity_log)::int as activity,
  (select count(*) from import_jobs)::int as jobs,
  (select count(*) from revoked_tokens)::int as revoked,
  (select md5(string_agg(password_hash || role, ',' order by id)) from admin_users) as passwords,
  (select count(*) from staff_invitations)::int as invitations,
  (select count(*) from outbox_emails)::int as emails`;

describe.each(testDatabaseKinds)('every admin route on $name', (kind) => {
  let t: AdminTestApp;
  const ids: Record<string, string> = {};
  /** An account of each role. */
  const accounts = {} as Record<StaffRole, string>;

  beforeAll(async () => {
    t = await createAdminTestApp(kind, {
      now,
      from: 'distributor-catalog',
      seed: async (database) => {
        for (const role of staffRoles) {
          await createOrResetAdmin(database.db, `walk-${role}`, 'walk password', now);
          await database.db.execute(sql`update admin_users set role = ${role} where username = ${`walk-${role}`}`);
        }
      },
    });
    for (const role of staffRoles) {
      const [row] = await queryRows<{ id: string }>(t.database.db, sql`select id from admin_users where username = ${`walk-${role}`}`);
      accounts[role] = row?.id as string;
    }
    // Real ids, so that a route left unguarded would really change something.
    const [row] = await queryRows<{ track: string; artist: string; release: string }>(
      t.database.db,
      sql`select (select id::text from tracks order by id limit 1) as track,
                 (select id from artists order by id limit 1) as artist,
                 (select id::text from releases order by id limit 1) as release`,
    );
    Object.assign(ids, { tracks: row?.track, artists: row?.artist, releases: row?.release });
  });
  afterAll(async () => {
    await t?.close();
  });

  function adminRoutes(): { method: Method; path: string }[] {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    return Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin/') && !publicRoutes.includes(path))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase() as Method, path })));
  }

  /** `{id}` becomes a real id of the collection named before it (or a random one). */
  function concrete(path: string): string {
    return path.replace(/\/([^/]+)\/\{id\}/g, (_, collection: string) => `/${collection}/${ids[collection] ?? '3b7f0c52-5d8e-4c1a-9f0e-2a6b7c8d9e10'}`);
  }

  it('has every route the issue names', () => {
    const names = adminRoutes().map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(expect.arrayContaining(issueRoutes));
  });

  it('answers 401 without, with a tampered and with an expired token, and changes nothing', async () => {
    const valid = await signAdminToken(t.jwtSecret, t.adminId, now);
    const [header, payload, signature] = valid.split('.') as [string, string, string];
    const tampered = `${header}.${payload}.${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    const expired = await signAdminToken(t.jwtSecret, t.adminId, new Date(now.getTime() - twelveHoursAndASecond));
    const before = await queryRows(t.database.db, stateQuery);

    for (const route of adminRoutes()) {
      for (const [name, authorization] of [
        ['no token', undefined],
        ['a tampered token', `Bearer ${tampered}`],
        ['an expired token', `Bearer ${expired}`],
      ] as const) {
        const res = await t.app.inject({
          method: route.method,
          url: concrete(route.path),
          headers: authorization ? { authorization } : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${route.method} ${route.path} with ${name}`).toBe(401);
        expect(res.json(), `${route.method} ${route.path} with ${name}`).toMatchObject({ success: false, reqId: expect.any(String) });
      }
    }
    expect(await queryRows(t.database.db, stateQuery)).toEqual(before);
  });

  it('lets a valid token through to the route itself', async () => {
    for (const route of adminRoutes()) {
      // A token of its own per route: logout revokes the one it is given.
      const token = await signAdminToken(t.jwtSecret, t.adminId, now);
      const res = await t.app.inject({
        method: route.method,
        url: concrete(route.path).replace(/\/(demos|import-jobs)\/[^/]+$/, '/$1/3b7f0c52-5d8e-4c1a-9f0e-2a6b7c8d9e10'),
        headers: { authorization: `Bearer ${token}` },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      // Past the guard: the route's own answer (200, or 400/404 for the empty body and unknown ids, 409 for
      // the check with Stripe while payments are off).
      expect([200, 400, 404, 406, 409, 415], `${route.method} ${route.path}: ${res.body}`).toContain(res.statusCode);
    }
  });
  it('the admin routes without a token are only signing in and accepting an invitation', async () => {
    const document = t.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/admin/') && publicRoutes.includes(path)).sort()).toEqual([...publicRoutes].sort());
  });

  it('walks every admin route with each role: 403 naming the role for another role\'s area, and nothing changes', async () => {
    const routes = adminRoutes();
    for (const role of staffRoles) {
      for (const route of routes) {
        const before = await queryRows(t.database.db, stateQuery);
        const token = await signAdminToken(t.jwtSecret, accounts[role], now);
        const res = await t.app.inject({
          method: route.method,
          url: concrete(route.path).replace(/\/(demos|import-jobs)\/[^/]+$/, '/$1/3b7f0c52-5d8e-4c1a-9f0e-2a6b7c8d9e10'),
          headers: { authorization: `Bearer ${token}` },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const what = `${role}: ${route.method} ${route.path}: ${res.body.slice(0, 200)}`;
        if (mayUse(role, route.path)) {
          expect([200, 400, 404, 406, 409, 415], what).toContain(res.statusCode);
        } else {
          expect(res.statusCode, what).toBe(403);
          expect(res.json<{ error: string }>().error, what).toMatch(new RegExp(`^Your role \\(${role === 'editor' ? 'Editor' : 'A&R'}\\) cannot do this: it is for Owner`));
          expect(await queryRows(t.database.db, stateQuery), what).toEqual(before);
        }
      }
    }
  });

  it('keeps members, exports, payments, the outbox, backups, staff and settings the owner\'s', () => {
    for (const path of [
      '/api/admin/members',
      '/api/admin/members/export.csv',
      '/api/admin/payments',
      '/api/admin/outbox',
      '/api/admin/email-suppressions',
      '/api/admin/backups',
      '/api/admin/staff',
      '/api/admin/staff/invitations/{id}',
      '/api/admin/settings',
      '/api/admin/settings/history',
      '/api/admin/a-route-added-later',
    ]) {
      expect(rolesForAdminRoute(path), path).toEqual(['owner']);
    }
    const names = adminRoutes().map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(expect.arrayContaining(['GET /api/admin/staff', 'POST /api/admin/staff', 'DELETE /api/admin/staff/{id}', 'DELETE /api/admin/staff/invitations/{id}']));
  });
});
