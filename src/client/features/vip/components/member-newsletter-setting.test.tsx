import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VipAccount } from '../../../../shared/api/vip-account.js';
import { renderWithApp, setupUser } from '../../../../../tests/helpers/render.js';
import { VipAccountPage } from './vip-account-page.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

const account: VipAccount = {
  name: 'Sam Rivers',
  email: 'sam@example.com',
  plan: { id: 'annual', name: 'Annual', price: 99.99, currency: 'USD', period: 'year' },
  status: 'canceled',
  current_period_end: '2026-10-01T00:00:00.000Z',
  cancel_at_period_end: false,
  can_manage_billing: false,
  invoices: [],
  discount: null,
  gets_newsletter: true,
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The member page's API: the member's session and account, and the newsletter choice answered by `choose`; every call recorded. */
function serveAccount(choose: (body: { gets_newsletter: boolean }) => Response) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method: init.method ?? 'GET', path, body });
    if (path === '/api/vip/session') return json({ success: true, data: { plan: account.plan.id, status: account.status } });
    if (path === '/api/vip/account') return json({ success: true, data: account });
    if (path === '/api/vip/account/newsletter' && init.method === 'PUT') return choose(body);
    throw new Error(`unexpected ${path}`);
  });
  return sent;
}

const messages = {
  on: "You get the members' newsletter again.",
  off: "You left the members' newsletter: no more of it comes to you. Your membership emails keep coming.",
};

describe("The member page's newsletter setting", () => {
  it('says the member gets it; Leave sends the choice and the page then offers to get it again', async () => {
    const sent = serveAccount((body) => json({ success: true, message: body.gets_newsletter ? messages.on : messages.off, data: body }));
    const user = setupUser();
    renderWithApp(<VipAccountPage />, { path: '/vip/account' });
    const setting = await screen.findByRole('region', { name: "Members' newsletter" });
    expect(within(setting).getByText('You get it: news from the label, emailed now and then to active members.')).toBeTruthy();

    await user.click(within(setting).getByRole('button', { name: 'Leave the newsletter' }));
    expect(await within(setting).findByText(/^You left it: no newsletter comes to you\./)).toBeTruthy();
    expect(await screen.findByText(messages.off)).toBeTruthy();
    await user.click(within(setting).getByRole('button', { name: 'Get the newsletter again' }));
    expect(await within(setting).findByText('You get it: news from the label, emailed now and then to active members.')).toBeTruthy();

    expect(sent.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/vip/account/newsletter', body: { gets_newsletter: false } },
      { method: 'PUT', path: '/api/vip/account/newsletter', body: { gets_newsletter: true } },
    ]);
    // The answer updates the page: the account is not asked again.
    expect(sent.filter((call) => call.path === '/api/vip/account')).toHaveLength(1);
  });

  it('keeps the setting as it was and shows the error when the choice fails', async () => {
    serveAccount(() => json({ success: false, error: 'Sign in with the link we email you', message: 'Sign in with the link we email you' }, 401));
    const user = setupUser();
    renderWithApp(<VipAccountPage />, { path: '/vip/account' });
    const setting = await screen.findByRole('region', { name: "Members' newsletter" });
    await user.click(within(setting).getByRole('button', { name: 'Leave the newsletter' }));
    expect((await within(setting).findByRole('alert')).textContent).toBe('Sign in with the link we email you');
    expect(within(setting).getByRole('button', { name: 'Leave the newsletter' })).toBeTruthy();
  });
});
