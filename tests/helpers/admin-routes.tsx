// Test support (not a test): the admin route table as the app wires it, and a fetch that records
// what the admin screens send. Imported only by the colocated *.test.tsx files.
import { Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { renderWithApp } from './render.js';
import { AdminDashboard } from '../../src/client/features/admin/shell/admin-dashboard.js';
import { AdminGuard } from '../../src/client/features/admin/shell/admin-guard.js';
import { AdminLoginRedirect } from '../../src/client/features/admin/shell/admin-login-redirect.js';
import { AdminOverview } from '../../src/client/features/admin/overview/admin-overview.js';
import { AdminArtistsTab } from '../../src/client/features/admin/artists/admin-artists-tab.js';
import { AdminDemosTab } from '../../src/client/features/admin/demos/admin-demos-tab.js';
import { AdminLabelsTab } from '../../src/client/features/admin/labels/admin-labels-tab.js';
import { AdminMembersTab } from '../../src/client/features/admin/members/admin-members-tab.js';
import { AdminNewsletterTab } from '../../src/client/features/admin/newsletter/admin-newsletter-tab.js';
import { AdminOutboxTab } from '../../src/client/features/admin/outbox/admin-outbox-tab.js';
import { AdminSettingsTab } from '../../src/client/features/admin/settings/admin-settings-tab.js';
import { AdminSiteTabWithPreviews } from '../../src/client/app/admin-site-tab.js';
import { AdminReleasesTab } from '../../src/client/features/admin/releases/admin-releases-tab.js';
import { AdminTracksTab } from '../../src/client/features/admin/tracks/admin-tracks-tab.js';
import { AdminStaffTab } from '../../src/client/features/admin/staff/admin-staff-tab.js';
import { InvitationPage } from '../../src/client/features/admin/shell/invitation-page.js';
import { LoginPage } from '../../src/client/features/admin/shell/login-page.js';

function WhereAmI() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname}</output>;
}

export function renderAdmin(path: string) {
  return renderWithApp(
    <>
      <WhereAmI />
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route path="admin/login" element={<AdminLoginRedirect />} />
        <Route path="admin/invite/:token" element={<InvitationPage />} />
        <Route path="admin" element={<AdminGuard />}>
          <Route element={<AdminDashboard />}>
            <Route index element={<AdminOverview />} />
            <Route path="releases" element={<AdminReleasesTab />} />
            <Route path="tracks" element={<AdminTracksTab />} />
            <Route path="artists" element={<AdminArtistsTab />} />
            <Route path="labels" element={<AdminLabelsTab />} />
            <Route path="site/:section?" element={<AdminSiteTabWithPreviews />} />
            <Route path="settings" element={<AdminSettingsTab />} />
            <Route path="demos" element={<AdminDemosTab />} />
            <Route path="members" element={<AdminMembersTab />} />
            <Route path="newsletter" element={<AdminNewsletterTab />} />
            <Route path="outbox" element={<AdminOutboxTab />} />
            <Route path="staff" element={<AdminStaffTab />} />
          </Route>
        </Route>
      </Routes>
    </>,
    { path },
  );
}

export interface SentRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

export type Answer = Response | Promise<Response> | (() => Response | Promise<Response>);

/** Answers fetch by "METHOD /path" from a table of answers (a list is used in turn); records every call. */
export function serveAdminApi(table: Record<string, Answer | Answer[]>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    // A multipart body (an upload) is kept as the FormData it is.
    const body = init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path: url.pathname, authorization: headers.get('Authorization'), body });
    const key = `${method} ${url.pathname}`;
    const entry = table[key];
    const count = sent.filter((s) => `${s.method} ${s.path}` === key).length;
    const answer = Array.isArray(entry) ? entry[Math.min(count - 1, entry.length - 1)] : entry;
    if (answer === undefined) throw new Error(`unexpected ${key}`);
    return typeof answer === 'function' ? answer() : answer;
  });
  return sent;
}

export function json(body: unknown, status = 200): () => Response {
  return () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function failure(status: number, message: string): () => Response {
  return json({ success: false, error: message, message, reqId: 'req-1' }, status);
}

export const admin = { id: '7d1c2a4e-0b5f-4c1e-9a77-3e2f1b6c8d90', username: 'staff', role: 'owner' as const };
export const verified = json({ success: true, message: 'Token is valid', data: { user: admin } });

export function storeToken(token: string) {
  localStorage.setItem('authToken', token);
  localStorage.setItem('adminToken', token);
}

/** What the Overview and the Members screen ask for, answered with an empty database. */
export const emptyScreens: Record<string, Answer> = {
  'GET /api/admin/stats': json({
    success: true,
    data: { artists: 0, labels: 3, releases: 0, tracks: 0, demos: { new: 0, total: 0 }, members: { total: 0, active: 0, pending_payment: 0, past_due: 0, paused: 0, canceled: 0, active_by_plan: [], mrr: 0, currency: 'USD' }, outbox: { waiting: 0 } },
  }),
  'GET /api/admin/activity': json({ success: true, data: [] }),
  'GET /api/admin/setup': json({ success: true, data: { steps: [{ id: 'public_url', done: false, detail: 'PUBLIC_URL is not set.' }], notices: [] } }),
  'GET /api/admin/demos': json({ success: true, data: [], total: 0, offset: 0, limit: 20 }),
  'GET /api/admin/members': json({ success: true, data: [], total: 0, offset: 0, limit: 20 }),
  'GET /api/admin/waiting-list': json({ success: true, data: { payments_open: false, recipients: 0, confirmed: 0, unconfirmed: 0, pending_members: 0, last_send: null } }),
  ...emptySales(),
};

/** The Members screen's Sales: no orders yet. */
export function emptySales(): Record<string, Answer> {
  return {
    'GET /api/admin/orders': json({ success: true, data: [], total: 0, offset: 0, limit: 25 }),
    'GET /api/admin/orders/revenue': json({ success: true, data: { releases: [], months: [] } }),
  };
}
