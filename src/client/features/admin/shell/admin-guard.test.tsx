import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyScreens, renderAdmin, serveAdminApi, failure, storeToken, verified } from '../../../../../tests/helpers/admin-routes.js';
import { setupUser } from '../../../../../tests/helpers/render.js';

afterEach(() => vi.unstubAllGlobals());

describe('AdminGuard', () => {
  it('sends a visitor without a token to /login without asking the server', async () => {
    const sent = serveAdminApi({});
    renderAdmin('/admin/tracks');
    await screen.findByRole('heading', { name: 'Log In' });
    expect(screen.getByLabelText('location').textContent).toBe('/login');
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).toBeNull();
    expect(sent).toEqual([]);
  });

  it('shows a spinner while the server checks the token, then the screen and who is signed in', async () => {
    let answer: () => void = () => undefined;
    const sent = serveAdminApi({
      'GET /api/admin/verify-admin-token': new Promise<Response>((resolve) => (answer = () => resolve(verified()))),
      ...emptyScreens,
    });
    storeToken('jwt-good');
    renderAdmin('/admin');
    expect(screen.getByRole('progressbar', { name: 'Checking your session' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).toBeNull();
    answer();
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    expect(screen.getByText('Signed in as staff')).toBeTruthy();
    // The screens ask for their data only once the token is verified, and with it.
    expect(sent[0]).toEqual({ method: 'GET', path: '/api/admin/verify-admin-token', authorization: 'Bearer jwt-good', body: undefined });
    expect(sent.slice(1).every((s) => s.authorization === 'Bearer jwt-good')).toBe(true);
  });

  it('drops a token the server refuses and goes to /login', async () => {
    serveAdminApi({ 'GET /api/admin/verify-admin-token': failure(401, 'Invalid or expired token') });
    storeToken('jwt-expired');
    renderAdmin('/admin/demos');
    await screen.findByRole('heading', { name: 'Log In' });
    expect(screen.getByLabelText('location').textContent).toBe('/login');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(screen.getByLabelText('Username')).toBeTruthy();
  });

  it('keeps the token when the check itself fails, and offers to try again', async () => {
    serveAdminApi({ 'GET /api/admin/verify-admin-token': [() => Promise.reject(new TypeError('Failed to fetch')), verified] });
    storeToken('jwt-good');
    const user = setupUser();
    renderAdmin('/admin');
    await screen.findByText('Verification request failed');
    expect(localStorage.getItem('adminToken')).toBe('jwt-good');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
  });
});
