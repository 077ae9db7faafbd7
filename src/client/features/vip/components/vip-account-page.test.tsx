import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VipAccount } from '../../../../shared/api/vip-account.js';
import { renderWithApp, setupUser, stubFetch } from '../../../../../tests/helpers/render.js';
import { VipAccountPage } from './vip-account-page.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

const account: VipAccount = {
  name: 'Sam Rivers',
  email: 'sam@example.com',
  plan: { id: 'monthly', name: 'Monthly', price: 5, currency: 'EUR', period: 'month' },
  status: 'past_due',
  current_period_end: '2026-10-01T00:00:00.000Z',
  cancel_at_period_end: false,
  can_manage_billing: true,
  invoices: [],
  discount: null,
  gets_newsletter: true,
};

describe('The member page (docs/decisions/0063)', () => {
  it("offers a visitor signed out the emailed link, without asking for an account (whose 401 the browser logs as an error)", async () => {
    const calls = stubFetch([[/^\/api\/vip\/session$/, () => ({ success: true, data: null })]]);
    renderWithApp(<VipAccountPage />, { path: '/vip/account' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Email me a sign-in link' })).toHaveProperty('disabled', false));
    expect(screen.queryByText('Checking whether you are signed in…')).toBeNull();
    expect(calls()).toEqual(['/api/vip/session']);
  });

  it('shows a member their plan, and after Sign out the emailed link', async () => {
    const calls = stubFetch([
      [/^\/api\/vip\/session$/, () => ({ success: true, data: { plan: 'monthly', status: 'past_due' } })],
      [/^\/api\/vip\/account$/, () => ({ success: true, data: account })],
      [/^\/api\/vip\/sign-out$/, () => ({ success: true, message: 'Signed out.' })],
    ]);
    const user = setupUser();
    renderWithApp(<VipAccountPage />, { path: '/vip/account' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Monthly, €5.00/month' })).toBeTruthy();
    expect(screen.getByText('Your last payment failed: update your card in billing to keep your membership.', { exact: false })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Email me a sign-in link' })).toHaveProperty('disabled', false));
    expect(calls()).toEqual(['/api/vip/session', '/api/vip/account', '/api/vip/sign-out']);
  });
});
