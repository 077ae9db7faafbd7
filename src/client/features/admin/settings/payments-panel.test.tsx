import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayments } from '../../../../shared/api/admin-payments.js';
import { failure, json, renderAdmin, serveAdminApi, storeToken, verified, type Answer } from '../../../../../tests/helpers/admin-routes.js';

afterEach(() => vi.unstubAllGlobals());

const events = ['checkout.session.completed', 'customer.subscription.updated', 'invoice.paid'];
const url = 'https://records.example/api/webhooks/stripe';

async function openPayments(answer: Answer) {
  const sent = serveAdminApi({
    'GET /api/admin/verify-admin-token': verified,
    'GET /api/admin/account/email': json({ success: true, data: { email: null, digest_labels: [] } }),
    'GET /api/admin/backups': json({ success: true, data: { last: null, failed: null, everyHours: 24, keep: 7 } }),
    'GET /api/admin/payments': answer,
  });
  storeToken('jwt-good');
  renderAdmin('/admin/settings');
  return { section: await screen.findByRole('region', { name: 'Payments' }), sent };
}

const payments = (data: AdminPayments) => json({ success: true, data });
const eventsShown = (section: HTMLElement) => within(within(section).getByRole('list', { name: 'Events sent' })).getAllByRole('listitem').map((li) => li.textContent);

describe('Settings → Payments', () => {
  it('shows Stripe connected, the webhook the site set up, its URL and the events it sends', async () => {
    const { section, sent } = await openPayments(payments({ connected: true, webhook: { source: 'site', url, events } }));
    expect(await within(section).findByText('Connected to Stripe.')).toBeTruthy();
    expect(within(section).getByText(/the webhook the site set up/).textContent).toBe(`Stripe sends its events to the webhook the site set up: ${url}`);
    expect(eventsShown(section)).toEqual(events);
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(sent.find((s) => s.path === '/api/admin/payments')?.authorization).toBe('Bearer jwt-good');
  });

  it('says when STRIPE_WEBHOOK_SECRET is the secret, and when the webhook is not set up yet', async () => {
    const fromEnv = await openPayments(payments({ connected: true, webhook: { source: 'environment', url, events } }));
    expect((await within(fromEnv.section).findByText(/STRIPE_WEBHOOK_SECRET/)).textContent).toContain(url);
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    const missing = await openPayments(payments({ connected: true, webhook: { source: 'none', url, events } }));
    expect((await within(missing.section).findByRole('alert')).textContent).toBe("Stripe's events are refused until the webhook is set up.");
  });

  it('says payments are off without STRIPE_SECRET_KEY, and when the status cannot be loaded', async () => {
    const off = await openPayments(payments({ connected: false, webhook: { source: 'none', url: null, events } }));
    expect(await within(off.section).findByText(/^Payments are off/)).toBeTruthy();
    expect(within(off.section).queryByRole('list')).toBeNull();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    const failed = await openPayments(failure(500, 'Something went wrong'));
    expect((await within(failed.section).findByRole('alert')).textContent).toContain('Something went wrong');
  });
});
