import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivityEntry } from '../../../../shared/api/admin-activity.js';
import type { AdminSetup, AdminStats } from '../../../../shared/api/admin-overview.js';
import { failure, json, renderAdmin, serveAdminApi, storeToken, verified } from '../../../../../tests/helpers/admin-routes.js';
import { formatFullDate } from '../components/admin-format.js';
import { setupUser } from '../../../../../tests/helpers/render.js';

afterEach(() => vi.unstubAllGlobals());

const stats: AdminStats = {
  artists: 265,
  labels: 3,
  releases: 278,
  tracks: 1542,
  demos: { new: 4, total: 19 },
  members: {
    total: 16,
    active: 5,
    pending_payment: 7,
    past_due: 2,
    paused: 1,
    canceled: 1,
    active_by_plan: [
      { plan: 'monthly', name: 'Monthly', active: 3 },
      { plan: 'annual', name: 'Annual', active: 2 },
      { plan: 'premium', name: 'Premium', active: 0 },
    ],
    mrr: 46.64,
    currency: 'USD',
  },
  outbox: { waiting: 2 },
};
const statsAnswer = json({ success: true, data: stats });

/** A fresh install's checklist: the URL set, nothing else; the notices of email and payments. */
const freshSetup: AdminSetup = {
  steps: [
    { id: 'public_url', done: true, detail: 'PUBLIC_URL is https://records.example.' },
    { id: 'catalog', done: false, detail: 'No releases of your own yet.' },
    { id: 'demo_catalog', done: false, detail: 'The fictional demo catalog (36 releases) is still on the site.' },
    { id: 'media', done: false, detail: 'No releases of your own yet.' },
    { id: 'email', done: false, detail: 'SMTP_URL is not set: emails wait in the outbox, unsent.' },
    { id: 'payments', done: false, detail: 'STRIPE_SECRET_KEY is not set: nobody can pay for VIP.' },
    { id: 'settings', done: false, detail: 'Nothing saved in Site yet.' },
  ],
  notices: [
    { step: 'email', text: 'No demo receipts reach anyone.' },
    { step: 'payments', text: 'The VIP page offers the waiting list instead.' },
  ],
};
const setupAnswer = (setup: AdminSetup) => json({ success: true, data: setup });
const overviewApi = { 'GET /api/admin/verify-admin-token': verified, 'GET /api/admin/stats': statsAnswer, 'GET /api/admin/setup': setupAnswer(freshSetup) };

function anEntry(overrides: Partial<ActivityEntry>): ActivityEntry {
  return { id: crypto.randomUUID(), occurred_at: new Date().toISOString(), kind: 'track.edit', actor: 'staff', summary: 'Edited a track', subject_id: null, ...overrides };
}
const activityAnswer = (entries: ActivityEntry[]) => json({ success: true, data: entries });

function quickStats() {
  return screen.getByRole('region', { name: 'Quick Stats' });
}

describe('AdminOverview', () => {
  it('lists the setup steps, ticked or to do, each with what was found and where it is done, and what fans see meanwhile', async () => {
    const sent = serveAdminApi({ ...overviewApi, 'GET /api/admin/activity': activityAnswer([]) });
    storeToken('jwt-good');
    renderAdmin('/admin');
    const panel = await screen.findByRole('region', { name: 'Setup checklist' });
    const steps = await within(panel).findByRole('list', { name: 'Setup steps' });
    expect(screen.queryByText(/Select a tab above/)).toBeNull();
    expect(within(panel).getByText('1 of 7 steps done.')).toBeTruthy();
    expect(within(steps).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "DoneSet the public URLPUBLIC_URL is https://records.example.In the server's environment: PUBLIC_URL",
      'To doImport your catalogNo releases of your own yet.Labels: upload the catalog CSV',
      'To doRemove the demo catalogThe fictional demo catalog (36 releases) is still on the site.Labels: Remove demo catalog',
      'To doUpload artwork and audioNo releases of your own yet.Labels: upload media',
      "To doConnect emailSMTP_URL is not set: emails wait in the outbox, unsent.In the server's environment: SMTP_URL and MAIL_FROM",
      "To doConnect paymentsSTRIPE_SECRET_KEY is not set: nobody can pay for VIP.In the server's environment: STRIPE_SECRET_KEY",
      'To doFill in the settingsNothing saved in Site yet.Site: names, texts, colours, logos and prices',
    ]);
    expect(within(steps).getByRole('link', { name: 'Labels: Remove demo catalog' }).getAttribute('href')).toBe('/admin/labels');
    expect(within(steps).getByRole('link', { name: 'Site: names, texts, colours, logos and prices' }).getAttribute('href')).toBe('/admin/site');
    expect(within(panel).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Connect email: No demo receipts reach anyone.',
      'Connect payments: The VIP page offers the waiting list instead.',
    ]);
    expect(sent.find((s) => s.path === '/api/admin/setup')?.authorization).toBe('Bearer jwt-good');
  });

  it('says when every step is done, with no notice', async () => {
    const allDone = { steps: freshSetup.steps.map((step) => ({ ...step, done: true })), notices: [] };
    serveAdminApi({ ...overviewApi, 'GET /api/admin/setup': setupAnswer(allDone), 'GET /api/admin/activity': activityAnswer([]) });
    storeToken('jwt-good');
    renderAdmin('/admin');
    const panel = await screen.findByRole('region', { name: 'Setup checklist' });
    await within(panel).findByText('Your site is set up: every step is done.');
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(within(panel).getAllByTitle('Done')).toHaveLength(7);
  });

  it('shows the live figures, each linking to its tab', async () => {
    const sent = serveAdminApi({ ...overviewApi, 'GET /api/admin/activity': activityAnswer([]) });
    storeToken('jwt-good');
    renderAdmin('/admin');
    await within(await screen.findByRole('region', { name: 'Quick Stats' })).findByText('1,542');

    const tiles = within(quickStats())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(tiles).toEqual([
      ['Artists265', '/admin/artists'],
      ['Labels3', '/admin/labels'],
      ['Releases278', '/admin/labels'],
      ['Tracks1,542', '/admin/tracks'],
      ['New demos4of 19 received', '/admin/demos'],
      ['Members165 active · 7 pending payment · 2 past due · 1 paused · 1 canceled', '/admin/members'],
      ['Monthly recurring revenue$46.64Active: Monthly 3 · Annual 2 · Premium 0', '/admin/members'],
      ['Waiting emails2', '/admin/outbox'],
    ]);
    expect(sent.find((s) => s.path === '/api/admin/stats')?.authorization).toBe('Bearer jwt-good');
  });

  it('shows skeletons while the figures load', async () => {
    let answer: (response: Response) => void = () => undefined;
    serveAdminApi({
      ...overviewApi,
      'GET /api/admin/stats': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/admin/activity': () => new Promise<Response>(() => undefined),
    });
    storeToken('jwt-good');
    renderAdmin('/admin');
    await screen.findByRole('region', { name: 'Quick Stats' });
    const list = within(quickStats()).getByRole('list');
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(within(quickStats()).getByRole('link', { name: /Artists/ }).textContent).toBe('Artists');
    expect(within(screen.getByRole('region', { name: 'Recent Activity' })).getByRole('list').getAttribute('aria-busy')).toBe('true');

    answer(statsAnswer());
    await within(quickStats()).findByText('265');
    expect(list.getAttribute('aria-busy')).toBe('false');
  });

  it('says when the figures could not be loaded, and Retry loads them', async () => {
    serveAdminApi({
      ...overviewApi,
      'GET /api/admin/stats': [failure(500, 'Internal server error'), statsAnswer],
      'GET /api/admin/activity': [failure(503, 'Service unavailable'), activityAnswer([])],
    });
    storeToken('jwt-good');
    const user = setupUser();
    renderAdmin('/admin');
    const statsAlert = await within(await screen.findByRole('region', { name: 'Quick Stats' })).findByRole('alert');
    expect(statsAlert.textContent).toContain('Failed to load the figures. Please try again.');
    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    expect((await within(activity).findByRole('alert')).textContent).toContain('Failed to load recent activity. Please try again.');

    await user.click(within(statsAlert).getByRole('button', { name: 'Retry' }));
    await within(quickStats()).findByText('265');
    expect(within(quickStats()).queryByRole('alert')).toBeNull();
    await user.click(within(activity).getByRole('button', { name: 'Retry' }));
    await within(activity).findByText('No activity yet');
  });

  it('lists recent events with who did them and when, the full date on hover', async () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000 - 10_000).toISOString();
    const sent = serveAdminApi({
      ...overviewApi,
      'GET /api/admin/activity': activityAnswer([
        anEntry({ summary: 'Edited track "Night Drive (Extended Mix)"', occurred_at: fiveMinutesAgo }),
        anEntry({ kind: 'demo.received', actor: null, summary: 'Demo "Night Shift" by Mara Q for Build It Deep', occurred_at: new Date(Date.now() - 3 * 3_600_000).toISOString() }),
      ]),
    });
    storeToken('jwt-good');
    const user = setupUser();
    renderAdmin('/admin');
    const list = await screen.findByRole('list', { name: 'Recent activity' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Edited track "Night Drive (Extended Mix)"staff · 5 minutes ago',
      'Demo "Night Shift" by Mara Q for Build It DeepVisitor · 3 hours ago',
    ]);
    expect(sent.find((s) => s.path === '/api/admin/activity')).toMatchObject({ authorization: 'Bearer jwt-good' });

    await user.hover(within(items[0] as HTMLElement).getByText('5 minutes ago'));
    expect((await screen.findByRole('tooltip')).textContent).toBe(formatFullDate(fiveMinutesAgo));
  });

  it('goes to /login when the server no longer accepts the token', async () => {
    serveAdminApi({
      ...overviewApi,
      'GET /api/admin/stats': failure(401, 'Invalid or expired token'),
      'GET /api/admin/activity': activityAnswer([]),
    });
    storeToken('jwt-old');
    renderAdmin('/admin');
    await screen.findByRole('heading', { name: 'Log In' });
    expect(screen.getByLabelText('location').textContent).toBe('/login');
    expect(localStorage.getItem('adminToken')).toBeNull();
  });
});
