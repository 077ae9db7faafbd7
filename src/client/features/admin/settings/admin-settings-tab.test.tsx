import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, json, renderAdmin, serveAdminApi, storeToken, verified, type Answer } from '../../../../../tests/helpers/admin-routes.js';
import { setupUser } from '../../../../../tests/helpers/render.js';

afterEach(() => vi.unstubAllGlobals());

const changed = json({ success: true, message: 'Password changed', token: 'jwt-fresh' });

async function openSettings(changeAnswer: Answer | Answer[] = changed) {
  const sent = serveAdminApi({
    'GET /api/admin/verify-admin-token': verified,
    'POST /api/admin/change-password': changeAnswer,
    'GET /api/admin/account/email': json({ success: true, data: { email: null, digest_labels: [] } }),
    'GET /api/admin/backups': json({ success: true, data: { last: null, failed: null, everyHours: 24, keep: 7 } }),
    'GET /api/admin/payments': json({ success: true, data: { connected: false, webhook: { source: 'none', url: null, events: [] } } }),
  });
  storeToken('jwt-good');
  const user = setupUser();
  renderAdmin('/admin/settings');
  await screen.findByRole('heading', { name: 'Change password' });
  return { sent, user, changes: () => sent.filter((s) => s.path === '/api/admin/change-password') };
}

async function fill(user: UserEvent, values: { current?: string; next?: string; confirm?: string }) {
  if (values.current !== undefined) await user.type(screen.getByLabelText('Current password'), values.current);
  if (values.next !== undefined) await user.type(screen.getByLabelText('New password'), values.next);
  if (values.confirm !== undefined) await user.type(screen.getByLabelText('Confirm new password'), values.confirm);
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('AdminSettingsTab', () => {
  it('shows who is signed in', async () => {
    await openSettings();
    const settings = screen.getByRole('region', { name: 'Change password' });
    expect(within(settings).getByText(/You are signed in as/).textContent).toMatch(/^You are signed in as staff\./);
  });

  it('changes the password with the token, goes on with the fresh one of the answer, says so and clears the form', async () => {
    const { user, changes, sent } = await openSettings();
    await fill(user, { current: 'old password', next: 'brand new password', confirm: 'brand new password' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(changes()).toEqual([
      {
        method: 'POST',
        path: '/api/admin/change-password',
        authorization: 'Bearer jwt-good',
        body: { currentPassword: 'old password', newPassword: 'brand new password' },
      },
    ]);
    expect([field('Current password').value, field('New password').value, field('Confirm new password').value]).toEqual(['', '', '']);
    // The change ended the old token: the session now stands on the fresh one, still signed in.
    expect([localStorage.getItem('adminToken'), localStorage.getItem('authToken')]).toEqual(['jwt-fresh', 'jwt-fresh']);
    // Still signed in: the old token's check carries over to the fresh one, which is not asked about again.
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeTruthy();
    expect(sent.filter((s) => s.path === '/api/admin/verify-admin-token').map((s) => s.authorization)).toEqual(['Bearer jwt-good']);
  });

  it('checks the form before sending: required, 8 characters, different, typed twice alike', async () => {
    const { user, changes } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Please enter your current password')).toBeTruthy();
    expect(screen.getByText('The new password must be at least 8 characters')).toBeTruthy();

    await fill(user, { current: 'same password', next: 'same password', confirm: 'something else' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The new password must be different from the current one')).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(field('New password').getAttribute('aria-invalid')).toBe('true');
    expect(changes()).toEqual([]);
  });

  it('shows the server refusing the current password under that field, keeping what was typed', async () => {
    const message = 'Current password is incorrect';
    const { user } = await openSettings(json({ success: false, error: message, message, field: 'currentPassword', reqId: 'req-1' }, 400));
    await fill(user, { current: 'wrong password', next: 'brand new password', confirm: 'brand new password' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(field('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(field('Current password').getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field('Current password').getAttribute('aria-describedby') as string)?.textContent).toBe('Current password is incorrect');
    expect(field('New password').value).toBe('brand new password');
    expect(screen.queryByText('Password changed')).toBeNull();
  });

  it('shows a refusal without a field (throttled) above the button', async () => {
    const { user } = await openSettings(failure(429, 'Too many failed login attempts. Please try again in 15 minutes.'));
    await fill(user, { current: 'old password', next: 'brand new password', confirm: 'brand new password' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many failed login attempts. Please try again in 15 minutes.');
  });

  it('disables the button while saving', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user } = await openSettings(() => new Promise<Response>((resolve) => (answer = resolve)));
    await fill(user, { current: 'old password', next: 'brand new password', confirm: 'brand new password' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    answer(changed());
    expect(await screen.findByText('Password changed')).toBeTruthy();
    expect(((await screen.findByRole('button', { name: 'Change password' })) as HTMLButtonElement).disabled).toBe(false);
  });
});
