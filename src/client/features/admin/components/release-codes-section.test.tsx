import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReleaseDetail } from '../../../../shared/api/admin-releases.js';
import type { DownloadCode } from '../../../../shared/api/shop.js';
import { failure, json, serveAdminApi } from '../../../../../tests/helpers/admin-routes.js';
import { renderWithApp, setupUser } from '../../../../../tests/helpers/render.js';
import { ReleaseCodesSection } from './release-codes-section.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const release = { id: '22222222-2222-4222-8222-222222222222', title: 'Dawn Patrol', slug: 'bldt050-dawn-patrol' } as AdminReleaseDetail;
const codesUrl = `/api/admin/releases/${release.id}/codes`;
const redeemed: DownloadCode = {
  code: 'ABCD-EFGH-JKMN',
  note: 'Press',
  expires_at: null,
  last_day: null,
  created_at: '2026-11-01T10:00:00.000Z',
  redeemed_at: '2026-11-02T09:30:00.000Z',
  redeemed_by: 'dj@example.com',
};
// Its last day as the labels' time zone (New York here) has it: the day it ends, not that instant's day in UTC.
const waiting: DownloadCode = { ...redeemed, code: 'PQRS-TUVW-XYZ2', expires_at: '2027-01-01T05:00:00.000Z', last_day: '2026-12-31', redeemed_at: null, redeemed_by: null };
const listOf = (codes: DownloadCode[]) => json({ success: true, data: codes });

function renderSection(table: Parameters<typeof serveAdminApi>[0]) {
  const sent = serveAdminApi(table);
  const user = setupUser();
  renderWithApp(<ReleaseCodesSection token="jwt-good" release={release} />);
  return { sent, user };
}

describe('the release editor → Download codes (issue 36)', () => {
  it('lists the codes with who redeemed each and when, and exports them as the CSV the server makes', async () => {
    const csv = '\uFEFF"Code","Note"\r\n';
    const { sent, user } = renderSection({ [`GET ${codesUrl}`]: listOf([redeemed, waiting]), [`GET ${codesUrl}.csv`]: () => new Response(csv, { headers: { 'Content-Type': 'text/csv' } }) });
    const table = await screen.findByRole('table', { name: 'Download codes' });
    expect(screen.getByText('2 codes, 1 redeemed')).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    // On a phone the code's cell says its note and expiry under it (the other cells give way).
    expect(rows).toEqual([
      ['ABCD-EFGH-JKMNPress', 'Press', 'Never', 'dj@example.com, 2 Nov 2026, 09:30 UTC'],
      ['PQRS-TUVW-XYZ2Press · until 31 Dec 2026', 'Press', '31 Dec 2026', 'Not yet'],
    ]);

    const saved: { name?: string } = {};
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:codes'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.name = this.download;
    });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved.name).toBe('download-codes-bldt050-dawn-patrol.csv'));
    expect(sent.find((s) => s.path === `${codesUrl}.csv`)?.authorization).toBe('Bearer jwt-good');
  });

  it('makes codes: the count checked before sending, then the new codes shown to copy and the list refreshed', async () => {
    const made = ['MMMM-NNNN-PPPP', 'QQQQ-RRRR-SSSS'];
    const { sent, user } = renderSection({
      [`GET ${codesUrl}`]: [listOf([]), listOf(made.map((code) => ({ ...waiting, code, note: 'DJ promo December' })))],
      [`POST ${codesUrl}`]: json({ success: true, data: { codes: made } }),
    });
    const group = await screen.findByRole('group', { name: 'Make download codes' });
    expect(screen.queryByRole('table', { name: 'Download codes' })).toBeNull();
    const count = within(group).getByRole('textbox', { name: 'How many' });
    await user.clear(count);
    await user.type(count, '1001');
    await user.click(within(group).getByRole('button', { name: 'Make codes' }));
    expect(await within(group).findByText('count must be a whole number from 1 to 1000')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);

    await user.clear(count);
    await user.type(count, '2');
    await user.type(within(group).getByLabelText('Last day'), '2026-12-31');
    await user.type(within(group).getByRole('textbox', { name: 'Note' }), 'DJ promo December');
    await user.click(within(group).getByRole('button', { name: 'Make codes' }));
    expect(await screen.findByText('2 new codes:')).toBeTruthy();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'New codes' }).value).toBe('MMMM-NNNN-PPPP\nQQQQ-RRRR-SSSS');
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.body)).toEqual([{ count: 2, expires_at: '2026-12-31', note: 'DJ promo December' }]);
    expect(await screen.findByText('2 codes, 0 redeemed')).toBeTruthy();

    // user-event stands in for the browser's clipboard.
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Codes copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('MMMM-NNNN-PPPP\nQQQQ-RRRR-SSSS');
  });

  it('shows a refusal of the server on its field', async () => {
    const { user } = renderSection({
      [`GET ${codesUrl}`]: listOf([]),
      [`POST ${codesUrl}`]: json({ success: false, error: 'note must be at most 200 characters', message: 'note must be at most 200 characters', field: 'note', reqId: 'r1' }, 400),
    });
    const group = await screen.findByRole('group', { name: 'Make download codes' });
    await user.click(within(group).getByRole('button', { name: 'Make codes' }));
    expect(await within(group).findByText('note must be at most 200 characters')).toBeTruthy();
  });

  it('says when the codes cannot be read', async () => {
    renderSection({ [`GET ${codesUrl}`]: failure(500, 'Internal server error') });
    expect(await screen.findByText('Internal server error')).toBeTruthy();
  });
});
