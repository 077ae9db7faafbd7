import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffMessages, type StaffList } from '../../../../shared/api/staff.js';
import { admin, failure, json, renderAdmin, serveAdminApi, storeToken, verified } from '../../../../../tests/helpers/admin-routes.js';
import { setupUser } from '../../../../../tests/helpers/render.js';

afterEach(() => vi.unstubAllGlobals());

const editor = { id: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', username: 'erin', email: 'erin@label.example', role: 'editor', lastSignInAt: '2026-11-20T09:30:00.000Z', createdAt: '2026-11-01T00:00:00.000Z' };
const staff: StaffList = {
  accounts: [
    { id: admin.id, username: admin.username, email: 'owner@label.example', role: 'owner', lastSignInAt: '2026-11-21T08:00:00.000Z', createdAt: '2026-10-01T00:00:00.000Z' },
    editor as StaffList['accounts'][number],
    { id: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9', username: 'ana', email: null, role: 'a&r', lastSignInAt: null, createdAt: '2026-11-02T00:00:00.000Z' },
  ],
  invitations: [
    { id: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a', email: 'new@label.example', role: 'a&r', invitedBy: 'staff', createdAt: '2026-11-21T10:00:00.000Z', expiresAt: '2099-11-28T10:00:00.000Z' },
  ],
};
const listed = (list: StaffList) => json({ success: true, data: list });

describe('AdminStaffTab', () => {
  it('lists the accounts with their role and last sign-in, and the pending invitations', async () => {
    serveAdminApi({ 'GET /api/admin/verify-admin-token': verified, 'GET /api/admin/staff': listed(staff) });
    storeToken('jwt-good');
    renderAdmin('/admin/staff');
    const accounts = within(await screen.findByRole('table', { name: 'Staff accounts' }));
    const rows = accounts.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      // The account's cell says its role and last sign-in again for a phone, where their columns hide.
      ['staff (you)owner@label.exampleOwner · last sign-in 21 Nov 2026, 08:00 UTC', 'Owner', '21 Nov 2026, 08:00 UTC', ''],
      ['erinerin@label.exampleEditor · last sign-in 20 Nov 2026, 09:30 UTC', 'Editor', '20 Nov 2026, 09:30 UTC', 'Remove'],
      ['anaNo email addressA&R · last sign-in never', 'A&R', 'Never', 'Remove'],
    ]);
    const invitations = within(screen.getByRole('table', { name: 'Pending invitations' }));
    expect(invitations.getAllByRole('row')[1]?.textContent).toBe('new@label.exampleA&R · 28 Nov 2099A&R28 Nov 2099Cancel');
  });

  it('invites by email with a role, and lists the invitation', async () => {
    const withNew = { ...staff, invitations: [...staff.invitations, { ...staff.invitations[0], id: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e', email: 'dj@label.example', role: 'editor' as const }] } as StaffList;
    const sent = serveAdminApi({
      'GET /api/admin/verify-admin-token': verified,
      'GET /api/admin/staff': [listed(staff), listed(withNew)],
      'POST /api/admin/staff': json({ success: true, message: 'Invitation sent', data: { id: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e' } }, 201),
    });
    storeToken('jwt-good');
    const user = setupUser();
    renderAdmin('/admin/staff');
    await user.type(await screen.findByRole('textbox', { name: 'Email address' }), 'dj@label.example');
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Editor' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('Invitation sent to dj@label.example');
    expect(sent.find((s) => s.method === 'POST')).toEqual({ method: 'POST', path: '/api/admin/staff', authorization: 'Bearer jwt-good', body: { email: 'dj@label.example', role: 'editor' } });
    expect(await screen.findByRole('cell', { name: /^dj@label\.example/ })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement).value).toBe('');
  });

  it('names the field the server refuses, and sends nothing for a bad address', async () => {
    const sent = serveAdminApi({
      'GET /api/admin/verify-admin-token': verified,
      'GET /api/admin/staff': listed(staff),
      'POST /api/admin/staff': json({ success: false, error: staffMessages.alreadyStaff, message: staffMessages.alreadyStaff, field: 'email', reqId: 'r' }, 409),
    });
    storeToken('jwt-good');
    const user = setupUser();
    renderAdmin('/admin/staff');
    const email = await screen.findByRole('textbox', { name: 'Email address' });
    await user.type(email, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(staffMessages.emailInvalid)).toBeTruthy();
    expect(sent.some((s) => s.method === 'POST')).toBe(false);

    await user.clear(email);
    await user.type(email, 'erin@label.example');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(staffMessages.alreadyStaff)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('removes an account after asking', async () => {
    const sent = serveAdminApi({
      'GET /api/admin/verify-admin-token': verified,
      'GET /api/admin/staff': [listed(staff), listed({ ...staff, accounts: staff.accounts.filter((a) => a.id !== editor.id) })],
      [`DELETE /api/admin/staff/${editor.id}`]: json({ success: true, message: 'Staff account removed' }),
    });
    storeToken('jwt-good');
    const user = setupUser();
    renderAdmin('/admin/staff');
    await user.click(await screen.findByRole('button', { name: 'Remove erin' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove erin?' }));
    expect(dialog.getByText(/signed out everywhere at once/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Remove erin' })).toBeNull();
    expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.path)).toEqual([`/api/admin/staff/${editor.id}`]);
    // No button removes oneself.
    expect(screen.queryByRole('button', { name: `Remove ${admin.username}` })).toBeNull();
  });

  it('cancels an invitation', async () => {
    const sent = serveAdminApi({
      'GET /api/admin/verify-admin-token': verified,
      'GET /api/admin/staff': [listed(staff), listed({ ...staff, invitations: [] })],
      [`DELETE /api/admin/staff/invitations/${staff.invitations[0]?.id}`]: json({ success: true, message: 'Invitation cancelled' }),
    });
    storeToken('jwt-good');
    const user = setupUser();
    renderAdmin('/admin/staff');
    await user.click(await screen.findByRole('button', { name: 'Cancel the invitation of new@label.example' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Pending invitations' })).toBeNull());
    expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.path)).toEqual([`/api/admin/staff/invitations/${staff.invitations[0]?.id}`]);
  });

  it('says why a removal was refused', async () => {
    serveAdminApi({
      'GET /api/admin/verify-admin-token': verified,
      'GET /api/admin/staff': listed(staff),
      [`DELETE /api/admin/staff/${editor.id}`]: failure(409, staffMessages.lastOwner),
    });
    storeToken('jwt-good');
    const user = setupUser();
    renderAdmin('/admin/staff');
    await user.click(await screen.findByRole('button', { name: 'Remove erin' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await dialog.findByText(staffMessages.lastOwner)).toBeTruthy();
  });
});

describe('InvitationPage', () => {
  const invitation = json({ success: true, data: { email: 'dj@label.example', role: 'editor', expiresAt: '2026-11-28T12:00:00.000Z' } });

  it('makes the account with the chosen username and password and opens the admin signed in', async () => {
    const sent = serveAdminApi({
      'GET /api/admin/invitations/tok-1': invitation,
      'POST /api/admin/invitations/tok-1': json({ success: true, message: 'Welcome', data: { id: editor.id, username: 'dj', token: 'jwt-new' } }, 201),
      'GET /api/admin/verify-admin-token': json({ success: true, message: 'Token is valid', data: { user: { id: editor.id, username: 'dj', role: 'editor' } } }),
      'GET /api/admin/releases': json({ success: true, data: [], total: 0, offset: 0, limit: 25 }),
    });
    const user = setupUser();
    renderAdmin('/admin/invite/tok-1');
    expect(await screen.findByText(/invited as Editor .* with dj@label\.example.*until 28 Nov 2026/)).toBeTruthy();
    await user.type(screen.getByLabelText('Username'), 'dj');
    await user.type(screen.getByLabelText('Password'), 'dj password 1');
    await user.type(screen.getByLabelText('Password again'), 'dj password 2');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    await user.clear(screen.getByLabelText('Password again'));
    await user.type(screen.getByLabelText('Password again'), 'dj password 1');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' });
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ username: 'dj', password: 'dj password 1' });
    expect(localStorage.getItem('adminToken')).toBe('jwt-new');
    await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe('/admin/releases'));
  });

  it('says when the link was used or has expired, with the way to the login', async () => {
    serveAdminApi({ 'GET /api/admin/invitations/tok-2': failure(410, staffMessages.invitationExpired) });
    renderAdmin('/admin/invite/tok-2');
    expect(await screen.findByText(staffMessages.invitationExpired)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Create my account' })).toBeNull();
  });
});
