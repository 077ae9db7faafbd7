import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder, AdminRevenue } from '../../../../shared/api/admin-orders.js';
import { json } from '../../../../../tests/helpers/admin-routes.js';
import { renderWithApp, setupUser } from '../../../../../tests/helpers/render.js';
import { serveInboxApi } from '../components/inbox-test-support.js';
import { ShopSalesPanel } from './shop-sales-panel.js';

afterEach(() => vi.unstubAllGlobals());

const paid: AdminOrder = {
  id: '0f9e8d7c-6b5a-4f3e-8d2c-1b0a9f8e7d6c',
  email: 'ana@example.com',
  release_id: '22222222-2222-4222-8222-222222222222',
  release_title: 'Dawn Patrol (Remixes)',
  track_title: null,
  catalog_number: 'BLDT050',
  amount: 7.99,
  currency: 'EUR',
  status: 'paid',
  source: 'checkout',
  created_at: '2026-11-02T10:00:00.000Z',
  paid_at: '2026-11-02T10:00:00.000Z',
  refunded_at: null,
};
/** An order of one track sold alone. */
const refunded: AdminOrder = { ...paid, id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', email: 'dee@example.com', track_title: 'Sunrise (Dub)', status: 'refunded', refunded_at: '2026-11-04T10:00:00.000Z' };
const code: AdminOrder = { ...paid, id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', email: 'dj@example.com', amount: 0, source: 'code', catalog_number: null };
const revenue: AdminRevenue = {
  releases: [
    { release_id: paid.release_id, title: 'Dawn Patrol (Remixes)', catalog_number: 'BLDT050', currency: 'EUR', orders: 2, amount: 15.98 },
    { release_id: '33333333-3333-4333-8333-333333333333', title: 'No More', catalog_number: null, currency: 'USD', orders: 1, amount: 12.5 },
  ],
  months: [
    { month: '2026-11', currency: 'EUR', orders: 1, amount: 7.99 },
    { month: '2026-10', currency: 'EUR', orders: 1, amount: 7.99 },
  ],
};
const page = (data: AdminOrder[], total = data.length) => json({ success: true, data, total, offset: 0, limit: 25 });

function renderPanel(table: Parameters<typeof serveInboxApi>[0]) {
  const api = serveInboxApi({ 'GET /api/admin/orders/revenue': json({ success: true, data: revenue }), ...table });
  const user = setupUser();
  renderWithApp(<ShopSalesPanel token="jwt-good" />);
  return { ...api, user };
}
const cells = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('Members → Sales (issue 36)', () => {
  it('shows the revenue per release and per month, each in its currency', async () => {
    renderPanel({ 'GET /api/admin/orders': page([]) });
    expect(cells(await screen.findByRole('table', { name: 'Revenue per release' }))).toEqual([
      ['Dawn Patrol (Remixes) (BLDT050)', '2', '€15.98'],
      ['No More', '1', '$12.50'],
    ]);
    expect(cells(screen.getByRole('table', { name: 'Revenue per month' }))).toEqual([
      ['November 2026', '1', '€7.99'],
      ['October 2026', '1', '€7.99'],
    ]);
    expect(await screen.findByText('No orders yet')).toBeTruthy();
  });

  it('lists the orders with their amount or source and status, searched, filtered and paged on the server', async () => {
    const { queries, user } = renderPanel({ 'GET /api/admin/orders': page([paid, refunded, code], 60) });
    const table = await screen.findByRole('table', { name: 'Orders' });
    await within(table).findByText('ana@example.com');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Buyer', 'Release', 'Amount', 'Status', 'Date', 'Email']);
    const [first, second, third] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getAllByRole('cell').slice(1, 5).map((c) => c.textContent)).toEqual(['Dawn Patrol (Remixes) (BLDT050)', '€7.99', 'Paid', '2 Nov 2026, 10:00 UTC']);
    expect(within(second).getAllByRole('cell').slice(1, 4).map((c) => c.textContent)).toEqual(['Sunrise (Dub), from Dawn Patrol (Remixes) (BLDT050)', '€7.99', 'Refunded']);
    expect(within(third).getAllByRole('cell')[2]?.textContent).toBe('Code');
    // Only a paid order has downloads to send again.
    expect(within(table).getAllByRole('button', { name: /^Resend download email to / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Resend download email to ana@example.com',
      'Resend download email to dj@example.com',
    ]);

    await user.click(screen.getByRole('combobox', { name: 'Order status' }));
    await user.click(await screen.findByRole('option', { name: 'Refunded' }));
    await waitFor(() => expect(queries('/api/admin/orders').at(-1)).toEqual({ offset: '0', limit: '25', status: 'refunded' }));
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(queries('/api/admin/orders').at(-1)).toEqual({ offset: '25', limit: '25', status: 'refunded' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'ana@');
    await waitFor(() => expect(queries('/api/admin/orders').at(-1)).toEqual({ offset: '0', limit: '25', status: 'refunded', q: 'ana@' }));
  });

  it('resends a paid order\'s download email and says to whom; a refusal is said too', async () => {
    const { sent, user } = renderPanel({
      'GET /api/admin/orders': page([paid]),
      [`POST /api/admin/orders/${paid.id}/resend`]: [
        json({ success: true, message: 'Download email sent again to ana@example.com' }),
        json({ success: false, error: 'Too many', message: 'The download email of this order was just sent again: give it a few minutes to arrive', reqId: 'r1' }, 429),
      ],
    });
    const button = await screen.findByRole('button', { name: 'Resend download email to ana@example.com' });
    await user.click(button);
    expect(await screen.findByText('Download email sent again to ana@example.com')).toBeTruthy();
    await user.click(button);
    expect(await screen.findByText('The download email of this order was just sent again: give it a few minutes to arrive')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST').map((s) => [s.path, s.authorization])).toEqual([
      [`/api/admin/orders/${paid.id}/resend`, 'Bearer jwt-good'],
      [`/api/admin/orders/${paid.id}/resend`, 'Bearer jwt-good'],
    ]);
  });
});
