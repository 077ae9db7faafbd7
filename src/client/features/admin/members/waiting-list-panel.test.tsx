import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminWaitingList } from '../../../../shared/api/vip-waiting-list.js';
import { failure, json, renderAdmin, serveAdminApi, storeToken, verified, type Answer } from '../../../../../tests/helpers/admin-routes.js';
import { setupUser } from '../../../../../tests/helpers/render.js';

afterEach(() => vi.unstubAllGlobals());

const waiting: AdminWaitingList = { payments_open: true, recipients: 3, confirmed: 2, unconfirmed: 4, pending_members: 1, last_send: null };
const list = (data: AdminWaitingList) => json({ success: true, data });

async function openWaitingList(answers: { list: Answer; send?: Answer }) {
  const sent = serveAdminApi({
    'GET /api/admin/verify-admin-token': verified,
    'GET /api/admin/members': json({ success: true, data: [], total: 0, offset: 0, limit: 20 }),
    'GET /api/admin/members/discount': json({ success: true, data: null }),
    'GET /api/admin/waiting-list': answers.list,
    ...(answers.send && { 'POST /api/admin/waiting-list/send': answers.send }),
  });
  storeToken('jwt-good');
  const user = setupUser();
  renderAdmin('/admin/members');
  const section = await screen.findByRole('region', { name: 'VIP waiting list' });
  await within(section).findByRole('list', { name: 'Waiting list' });
  const button = within(section).getByRole('button', { name: 'Send the payments-open email' }) as HTMLButtonElement;
  return { user, section, button, sends: () => sent.filter((s) => s.method === 'POST').map((s) => s.authorization) };
}

describe('Members → VIP waiting list', () => {
  it('counts the confirmed addresses, and cannot send while payments are off', async () => {
    const { section, button } = await openWaitingList({ list: list({ ...waiting, payments_open: false }) });
    expect(within(section).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '2 addresses confirmed',
      '1 member pending payment, not emailed yet',
      '4 addresses not confirmed (they get nothing)',
    ]);
    expect(button.disabled).toBe(true);
    expect(within(section).getByText('Payments are not open yet (STRIPE_SECRET_KEY is not set): the email can be sent once they are.')).toBeTruthy();
  });

  it('sends once payments are open, after asking, and shows how many it was sent to', async () => {
    const after: AdminWaitingList = { ...waiting, recipients: 0, confirmed: 0, last_send: { sent_at: '2026-11-28T14:05:00.000Z', sent_by: 'staff', recipients: 3 } };
    const { user, section, button, sends } = await openWaitingList({ list: list(waiting), send: json({ success: true, message: 'Sent to 3 addresses.', data: after }) });
    expect(button.disabled).toBe(false);

    await user.click(button);
    const asked = await screen.findByRole('dialog', { name: 'Send the payments-open email?' });
    expect(within(asked).getByText(/^It goes now to 3 addresses: the confirmed addresses and the members pending payment, each once/)).toBeTruthy();
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect(sends()).toEqual([]);
    // Closed before it is opened again, as a person meets it (reopened during its closing, jsdom's MUI left the page hidden).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(button);
    await user.click(within(await screen.findByRole('dialog', { name: 'Send the payments-open email?' })).getByRole('button', { name: 'Send now' }));
    expect(await within(section).findByText('Sent to 3 addresses. Each address gets it once.')).toBeTruthy();
    expect(sends()).toEqual(['Bearer jwt-good']);
    // Found by role once the dialog has closed (until then MUI hides the page from assistive technology).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(section).getByRole('status', { name: 'Last sent' }).textContent).toBe('Sent on 28 Nov 2026, 14:05 UTC by staff to 3 addresses.');
    expect(within(section).getAllByRole('listitem')[0]?.textContent).toBe('0 addresses confirmed');
    // Nobody is left: the button rests.
    expect(button.disabled).toBe(true);
    expect(within(section).getByText('Nobody on the list is left to email.')).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    const { user, section, button } = await openWaitingList({ list: list(waiting), send: failure(409, 'Nobody on the waiting list is left to email: nothing was sent.') });
    await user.click(button);
    await user.click(within(await screen.findByRole('dialog', { name: 'Send the payments-open email?' })).getByRole('button', { name: 'Send now' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('Nobody on the waiting list is left to email: nothing was sent.');
  });
});
