import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminMember } from '../../../../shared/api/admin-members.js';
import { emptySales, emptyScreens, failure, json, renderAdmin, storeToken, verified, type Answer } from '../../../../../tests/helpers/admin-routes.js';
import { setupUser } from '../../../../../tests/helpers/render.js';
import { serveInboxApi } from '../components/inbox-test-support.js';

afterEach(() => vi.unstubAllGlobals());

const sam: AdminMember = {
  id: '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b',
  name: 'Sam Rivers',
  email: 'sam@example.com',
  plan: { id: 'annual', name: 'Annual', price: 99.99, currency: 'USD', period: 'year' },
  status: 'active',
  current_period_end: '2027-01-02T10:00:00.000Z',
  cancel_at_period_end: false,
  created_at: '2026-11-02T10:00:00.000Z',
  updated_at: '2026-11-09T10:00:00.000Z',
};
const page = (data: AdminMember[]) => json({ success: true, data, total: data.length, offset: 0, limit: 20 });

async function openMembers(reconcile: Answer) {
  const api = serveInboxApi({
    'GET /api/admin/verify-admin-token': verified,
    'GET /api/admin/members/discount': json({ success: true, data: null }),
    'GET /api/admin/waiting-list': emptyScreens['GET /api/admin/waiting-list']!,
    ...emptySales(),
    // The list as it was, then as the check left it.
    'GET /api/admin/members': [page([sam]), page([{ ...sam, status: 'past_due' }])],
    'POST /api/admin/members/reconcile': reconcile,
  });
  storeToken('jwt-good');
  const user = setupUser();
  renderAdmin('/admin/members');
  await screen.findAllByText('Active · renews 2 Jan 2027');
  return { ...api, user };
}

describe('Members → Check with Stripe', () => {
  it('checks the members with Stripe, says how many were checked and changed, and shows the list again', async () => {
    const { user, sent, queries } = await openMembers(json({ success: true, data: { checked: 12, changed: 1, failed: 0 } }));
    await user.click(screen.getByRole('button', { name: 'Check with Stripe' }));
    expect(await screen.findByText('Checked 12 members with Stripe: 1 changed.')).toBeTruthy();
    const [check] = sent.filter((s) => s.path === '/api/admin/members/reconcile');
    expect(check).toMatchObject({ method: 'POST', authorization: 'Bearer jwt-good' });
    const table = screen.getByRole('table', { name: 'Members' });
    await within(table).findAllByText(/^Past due/);
    expect(queries('/api/admin/members')).toHaveLength(2);
  });

  it('names the members Stripe did not answer for as a warning, and an error as it is', async () => {
    const { user } = await openMembers(json({ success: true, data: { checked: 1, changed: 0, failed: 2 } }));
    await user.click(screen.getByRole('button', { name: 'Check with Stripe' }));
    expect(await screen.findByText('Checked 1 member with Stripe: 0 changed. Stripe did not answer for 2 (named in Recent Activity): try again later.')).toBeTruthy();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    const off = await openMembers(failure(409, 'Payments are off: with STRIPE_SECRET_KEY set, members can be checked with Stripe'));
    await off.user.click(screen.getByRole('button', { name: 'Check with Stripe' }));
    await waitFor(() => expect(screen.getByText(/^Payments are off/)).toBeTruthy());
  });
});
