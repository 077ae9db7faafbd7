import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, emptyScreens, renderAdmin, serveAdminApi, failure, json, storeToken, verified } from '../../../../../tests/helpers/admin-routes.js';
import { setupUser } from '../../../../../tests/helpers/render.js';

afterEach(() => vi.unstubAllGlobals());

/** The first screens of an editor and of A&R, empty. */
const catalogScreens = {
  'GET /api/admin/releases': json({ success: true, data: [], total: 0, offset: 0, limit: 25 }),
};

const tabs: [string, string][] = [
  ['Overview', '/admin'],
  ['Releases', '/admin/releases'],
  ['Tracks', '/admin/tracks'],
  ['Artists', '/admin/artists'],
  ['Playlists', '/admin/playlists'],
  ['Labels', '/admin/labels'],
  ['Demos', '/admin/demos'],
  ['Members', '/admin/members'],
  ['Newsletter', '/admin/newsletter'],
  ['Outbox', '/admin/outbox'],
  ['Staff', '/admin/staff'],
  ['Site', '/admin/site'],
  ['Settings', '/admin/settings'],
];

describe('AdminDashboard', () => {
  it('links every tab to its route and selects the one we are on', async () => {
    serveAdminApi({ 'GET /api/admin/verify-admin-token': verified, ...emptyScreens });
    storeToken('jwt-good');
    const user = setupUser();
    renderAdmin('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' });
    expect(screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual(tabs);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Overview');
    expect(screen.getByRole('region', { name: 'Setup checklist' })).toBeTruthy();
    // No made-up figures: the original specification's 42 / 7 / 156 were placeholders (docs/product.md §10.6).
    expect(screen.queryByText(/\b(42|156)\b/)).toBeNull();
    // Issue 15: no way back to the public site.
    expect(screen.getByRole('link', { name: 'View site' }).getAttribute('href')).toBe('/');

    await user.click(screen.getByRole('tab', { name: 'Demos' }));
    expect(screen.getByLabelText('location').textContent).toBe('/admin/demos');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Demos');
    expect(await screen.findByText('No demos yet')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Setup checklist' })).toBeNull();
  });

  it.each([
    ['editor', ['Releases', 'Tracks', 'Artists', 'Playlists', 'Labels', 'Newsletter', 'Settings'], '/admin/releases'],
    ['a&r', ['Demos', 'Settings'], '/admin/demos'],
  ] as const)('shows %s only their tabs, and opens their first one in place of another role\'s', async (role, names, first) => {
    const as = json({ success: true, message: 'Token is valid', data: { user: { ...admin, role } } });
    serveAdminApi({ 'GET /api/admin/verify-admin-token': as, ...emptyScreens, ...catalogScreens });
    storeToken('jwt-good');
    for (const path of ['/admin', '/admin/members', '/admin/staff']) {
      const view = renderAdmin(path);
      await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' });
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(names);
      await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe(first));
      expect(screen.getByRole('tab', { selected: true }).textContent).toBe(names[0]);
      view.unmount();
    }
  });

  it('shows one\'s own password and email in Settings to every role, the backups and payments to the owner', async () => {
    const as = json({ success: true, message: 'Token is valid', data: { user: { ...admin, role: 'editor' } } });
    serveAdminApi({ 'GET /api/admin/verify-admin-token': as, 'GET /api/admin/account/email': json({ success: true, data: { email: null, digest_labels: [] } }) });
    storeToken('jwt-good');
    renderAdmin('/admin/settings');
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Email' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Backups' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Payments' })).toBeNull();
  });

  it('logs out on the server with the token, forgets it and goes to /login', async () => {
    const sent = serveAdminApi({
      'GET /api/admin/verify-admin-token': verified,
      ...emptyScreens,
      'POST /api/admin/logout': json({ success: true, message: 'Logged out' }),
    });
    storeToken('jwt-good');
    const user = setupUser();
    renderAdmin('/admin/members');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await screen.findByRole('heading', { name: 'Log In' });
    expect(screen.getByLabelText('location').textContent).toBe('/login');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(sent.at(-1)).toEqual({ method: 'POST', path: '/api/admin/logout', authorization: 'Bearer jwt-good', body: {} });
  });

  it('forgets the token even when the server cannot be told', async () => {
    serveAdminApi({ 'GET /api/admin/verify-admin-token': verified, ...emptyScreens, 'POST /api/admin/logout': failure(500, 'Internal Server Error') });
    storeToken('jwt-good');
    const user = setupUser();
    renderAdmin('/admin');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await screen.findByRole('heading', { name: 'Log In' });
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('adminToken')).toBeNull();
  });
});
