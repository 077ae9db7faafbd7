import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivityEntry } from '../../../../shared/api/admin-activity.js';
import type { AdminStats } from '../../../../shared/api/admin-overview.js';
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

function anEntry(overrides: Partial<ActivityEntry>): ActivityEntry {
  return { id: crypto.randomUUID(), occurred_at: new Date().toISOString(), kind: 'track.edit', actor: 'staff', summary: 'Edited a track', subject_id: null, ...overrides };
}
const activityAnswer = (entries: ActivityEntry[]) => json({ success: true, data: entries });

function quickStats() {
  return screen.getByRole('region', { name: 'Quick Stats' });
}

describe('AdminOverview', () => {
  it('keeps the welcome text and shows the live figures, each linking to its tab', async () => {
    const sent = serveAdminApi({ 'GET /api/admin/verify-admin-token': verified, 'GET /api/admin/stats': statsAnswer, 'GET /api/admin/activity': activityAnswer([]) });
    storeToken('jwt-good');
    renderAdmin('/admin');
    expect(await screen.findByText('Select a tab above to manage your content.')).toBeTruthy();
    await within(quickStats()).findByText('1,542');

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
      'GET /api/admin/verify-admin-token': verified,
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
      'GET /api/admin/verify-admin-token': verified,
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
      'GET /api/admin/verify-admin-token': verified,
      'GET /api/admin/stats': statsAnswer,
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
      'GET /api/admin/verify-admin-token': verified,
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
