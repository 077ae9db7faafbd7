import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyScreens, renderAdmin, serveAdminApi, failure, json, storeToken, verified } from '../../../../../tests/helpers/admin-routes.js';
import { setupUser } from '../../../../../tests/helpers/render.js';

afterEach(() => vi.unstubAllGlobals());

const loggedIn = json({ success: true, token: 'jwt-abc', message: 'Logged in' });

async function logIn(user: UserEvent, username = 'staff', password = 'correct horse') {
  if (username) await user.type(screen.getByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('LoginPage', () => {
  it('names the product and asks for both fields before sending anything', async () => {
    const sent = serveAdminApi({});
    const user = setupUser();
    renderAdmin('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Build It Records Admin' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Log In' })).toBeTruthy();

    await logIn(user, 'staff', '');
    expect(await screen.findByText('Please enter both username and password')).toBeTruthy();
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), '   ');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByText('Please enter both username and password')).toBeTruthy();
    expect(sent).toEqual([]);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it("disables the button while sending, then shows the server's refusal and stores nothing", async () => {
    let answer: () => void = () => undefined;
    const sent = serveAdminApi({
      'POST /api/admin/login': new Promise<Response>((resolve) => (answer = () => resolve(failure(401, 'Invalid username or password')()))),
    });
    const user = setupUser();
    renderAdmin('/login');
    await logIn(user, 'staff', 'wrong');
    // The request goes once react-hook-form has checked the fields (asynchronously).
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Logging in...' })).disabled).toBe(true);
    expect(sent).toEqual([{ method: 'POST', path: '/api/admin/login', authorization: null, body: { username: 'staff', password: 'wrong' } }]);
    answer();
    await screen.findByText('Invalid username or password');
    expect((screen.getByRole('button', { name: 'Log In' }) as HTMLButtonElement).disabled).toBe(false);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(screen.getByLabelText('location').textContent).toBe('/login');
  });

  it("shows the throttling message as the server words it, and the product's fallback otherwise", async () => {
    const throttled = 'Too many failed logins. Please try again in 15 minutes.';
    serveAdminApi({
      'POST /api/admin/login': [
        failure(429, throttled),
        () => Promise.reject(new TypeError('Failed to fetch')),
        () => new Response('<html>Bad gateway</html>', { status: 502 }),
        () => new Response('', { status: 401 }),
      ],
    });
    const user = setupUser();
    renderAdmin('/login');
    await logIn(user);
    await screen.findByText(throttled);
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await screen.findByText('Failed to login. Please try again.');
    expect(screen.queryByText(throttled)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await screen.findByText('Failed to login. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await screen.findByText('Invalid username or password');
  });

  it('stores the token under both keys and returns to the page first asked for', async () => {
    const sent = serveAdminApi({ 'POST /api/admin/login': loggedIn, 'GET /api/admin/verify-admin-token': verified, ...emptyScreens });
    const user = setupUser();
    renderAdmin('/admin/members');
    await screen.findByRole('heading', { name: 'Log In' });
    expect(screen.getByLabelText('location').textContent).toBe('/login');

    await logIn(user);
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    expect(screen.getByLabelText('location').textContent).toBe('/admin/members');
    expect(screen.getByRole('tab', { name: 'Members', selected: true })).toBeTruthy();
    expect(localStorage.getItem('authToken')).toBe('jwt-abc');
    expect(localStorage.getItem('adminToken')).toBe('jwt-abc');
    const requests = sent.map(({ method, path, authorization }) => ({ method, path, authorization }));
    expect(requests.slice(0, 2)).toEqual([
      { method: 'POST', path: '/api/admin/login', authorization: null },
      { method: 'GET', path: '/api/admin/verify-admin-token', authorization: 'Bearer jwt-abc' },
    ]);
    // The Members tab then loads its list (beside the discount code, in either order) with the token.
    expect(requests.slice(2)).toContainEqual({ method: 'GET', path: '/api/admin/members', authorization: 'Bearer jwt-abc' });
  });

  it('goes to /admin when nothing was asked for first', async () => {
    serveAdminApi({ 'POST /api/admin/login': loggedIn, 'GET /api/admin/verify-admin-token': verified, ...emptyScreens });
    const user = setupUser();
    renderAdmin('/admin/login');
    await screen.findByRole('heading', { name: 'Log In' });
    await logIn(user);
    await screen.findByRole('region', { name: 'Setup checklist' });
    expect(screen.getByLabelText('location').textContent).toBe('/admin');
  });

  it('says so when a token is already stored, with a way to the dashboard', async () => {
    const sent = serveAdminApi({});
    storeToken('jwt-old');
    renderAdmin('/login');
    await screen.findByText(/Already logged in/);
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/admin');
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(sent).toEqual([]);
  });
});
