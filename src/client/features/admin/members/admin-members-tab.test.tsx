import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminMember } from '../../../../shared/api/admin-members.js';
import { emptySales, emptyScreens, failure, json, renderAdmin, storeToken, verified } from '../../../../../tests/helpers/admin-routes.js';
import { serveInboxApi } from '../components/inbox-test-support.js';
import { setupUser } from '../../../../../tests/helpers/render.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sam: AdminMember = {
  id: '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b',
  name: 'Sam Rivers',
  email: 'sam@example.com',
  plan: { id: 'annual', name: 'Annual', price: 99.99, currency: 'USD', period: 'year' },
  status: 'pending_payment',
  current_period_end: null,
  cancel_at_period_end: false,
  created_at: '2026-11-02T10:00:00.000Z',
  updated_at: '2026-11-09T10:00:00.000Z',
};
const oldTimer: AdminMember = {
  ...sam,
  id: '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d',
  name: 'Old Timer',
  email: 'old@example.com',
  plan: { id: 'gold', name: null, price: null, currency: null, period: null },
  status: 'active',
  current_period_end: '2027-01-02T10:00:00.000Z',
};

const page = (data: AdminMember[], total = data.length) => json({ success: true, data, total, offset: 0, limit: 20 });

function renderMembers(table: Parameters<typeof serveInboxApi>[0]) {
  const api = serveInboxApi({ 'GET /api/admin/verify-admin-token': verified, 'GET /api/admin/waiting-list': emptyScreens['GET /api/admin/waiting-list']!, ...emptySales(), ...table });
  storeToken('jwt-good');
  const user = setupUser();
  renderAdmin('/admin/members');
  return { ...api, user };
}

/** A Blob's text, whichever Blob fetch made: Node's own on Node 20 (jsdom's FileReader refuses it), jsdom's on Node 24 (no text()). */
function textOf(blob: Blob): Promise<string> {
  if (Object.getPrototypeOf(blob) !== Blob.prototype) return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('AdminMembersTab', () => {
  it('shows each member with plan and price, status in words, and dates', async () => {
    const { queries } = renderMembers({ 'GET /api/admin/members': page([sam, oldTimer]) });
    const table = await screen.findByRole('table', { name: 'Members' });
    await within(table).findByText('sam@example.com');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Email', 'Plan', 'Status', 'Joined', 'Updated']);
    const [, first, second] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(first!)).toEqual([expect.stringMatching(/^Sam Rivers/), 'sam@example.com', expect.stringMatching(/^Annual\$99\.99\/year/), 'Pending payment', '2 Nov 2026', '9 Nov 2026']);
    // A plan the site no longer offers: its id, and an unknown price.
    expect(cells(second!).slice(2, 4)).toEqual([expect.stringMatching(/^gold—/), 'Active · renews 2 Jan 2027']);
    expect(queries('/api/admin/members')).toEqual([{ offset: '0', limit: '20' }]);
  });

  it('says so when there are no members', async () => {
    renderMembers({ 'GET /api/admin/members': page([]) });
    await screen.findByText('No members yet');
  });

  it('searches and filters on the server, from the first page', async () => {
    const { user, queries } = renderMembers({ 'GET /api/admin/members': [page([sam, oldTimer], 30), page([sam]), page([])] });
    await screen.findByText('sam@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Search name or email' }), 'rivers');
    await waitFor(() => expect(queries('/api/admin/members').at(-1)).toEqual({ q: 'rivers', offset: '0', limit: '20' }));
    await waitFor(() => expect(screen.queryByText('old@example.com')).toBeNull());
    await user.click(screen.getByRole('combobox', { name: 'Plan' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Monthly', 'Annual', 'Premium']);
    await user.click(screen.getByRole('option', { name: 'Premium' }));
    await screen.findByText('No members match these filters');
    expect(queries('/api/admin/members').at(-1)).toEqual({ q: 'rivers', plan: 'premium', offset: '0', limit: '20' });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Pending payment', 'Active', 'Past due', 'Paused', 'Canceled']);
  });

  it('downloads the CSV of the filtered members with the token', async () => {
    const csv = 'Name,Email\r\nSam Rivers,sam@example.com\r\n';
    const { user, sent, queries } = renderMembers({
      'GET /api/admin/members': page([sam]),
      'GET /api/admin/members/export.csv': () => new Response(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    });
    const saved: { blob?: Blob; name?: string; href?: string } = {};
    vi.stubGlobal('URL', Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved.blob = blob;
        return 'blob:members';
      }),
      revokeObjectURL: vi.fn(),
    }));
    // jsdom cannot follow a download link; the click is where the browser would save the file.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.name = this.download;
      saved.href = this.href;
    });
    await screen.findByText('sam@example.com');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Pending payment' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved.name).toBeDefined());
    expect(saved.name).toBe(`vip-members-${new Date().toISOString().slice(0, 10)}.csv`);
    expect(saved.href).toBe('blob:members');
    expect(saved.blob && (await textOf(saved.blob))).toBe(csv);
    expect(queries('/api/admin/members/export.csv')).toEqual([{ status: 'pending_payment' }]);
    expect(sent.find((s) => s.path === '/api/admin/members/export.csv')?.authorization).toBe('Bearer jwt-good');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:members');
  });

  it('says why an export failed', async () => {
    const { user } = renderMembers({
      'GET /api/admin/members': page([sam]),
      'GET /api/admin/members/export.csv': failure(500, 'Internal server error'),
    });
    await screen.findByText('sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('Internal server error');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveProperty('disabled', false);
  });
});
