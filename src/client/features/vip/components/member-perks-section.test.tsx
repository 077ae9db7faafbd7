import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VipAccount } from '../../../../shared/api/vip-account.js';
import type { EarlyAccessTrack, MemberTrack } from '../../../../shared/api/vip-perks.js';
import { memberPerksUnavailableMessages } from '../../../../shared/domain/member-perks.js';
import { renderWithApp, stubFetch, setupUser } from '../../../../../tests/helpers/render.js';
import { MemberPerksSection } from './member-perks-section.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

const account = (status: VipAccount['status'], discount: VipAccount['discount'] = null): VipAccount => ({
  name: 'Sam Rivers',
  email: 'sam@example.com',
  plan: { id: 'annual', name: 'Annual', price: 99.99, currency: 'USD', period: 'year' },
  status,
  current_period_end: '2027-03-01T00:00:00.000Z',
  cancel_at_period_end: false,
  can_manage_billing: true,
  invoices: [],
  discount,
  gets_newsletter: true,
});

const release = { id: 'r1', title: 'Night Shift EP', label_id: 'buildit-records', artwork_url: null, release_date: '2026-12-05', public_at: '2026-12-04T23:00:00.000Z' };
const download: MemberTrack = {
  id: 't-download',
  title: 'Cold Fire',
  mix_version: 'Velora Kash Remix',
  artists: [{ id: 'a1', name: 'Mara Q', role: 'primary', image_url: null }],
  release,
};
const open: EarlyAccessTrack = { ...download, id: 't-open', title: 'Deep Water', mix_version: null, opens_at: '2026-11-27T23:00:00.000Z', preview_url: '/api/vip/early-access/t-open' };
const notYet: EarlyAccessTrack = { ...open, id: 't-later', title: 'Far Away', opens_at: '2027-01-08T23:00:00.000Z', preview_url: null };

const list = <T,>(data: T[], total = data.length) => ({ success: true, data, total, offset: 0, limit: 100 });

describe('MemberPerksSection (docs/decisions/0066)', () => {
  it.each(['pending_payment', 'past_due', 'canceled'] as const)('tells a %s member why there are no perks and asks for no list', (status) => {
    const calls = stubFetch([]);
    renderWithApp(<MemberPerksSection account={account(status, { code: 'VIP15', note: '15% off' })} />);
    expect(screen.getByRole('status').textContent).toBe(`${memberPerksUnavailableMessages[status]} Downloads and early access are for active members.`);
    expect(screen.queryByText('VIP15')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Downloads' })).toBeNull();
    expect(calls()).toEqual([]);
  });

  it('shows an active member the discount code, their downloads and the early previews, open or not yet', async () => {
    const calls = stubFetch([
      [/^\/api\/vip\/downloads\?/, () => list([download], 120)],
      [/^\/api\/vip\/early-access\?/, () => list([open, notYet])],
    ]);
    renderWithApp(<MemberPerksSection account={account('active', { code: 'VIP15', note: '15% off at the merch store' })} />);

    const code = screen.getByRole('region', { name: 'Your discount code' });
    expect(within(code).getByText('VIP15')).toBeTruthy();
    expect(within(code).getByText('15% off at the merch store')).toBeTruthy();

    const downloads = screen.getByRole('region', { name: 'Downloads' });
    expect(await within(downloads).findByText('Cold Fire (Velora Kash Remix)')).toBeTruthy();
    expect(within(downloads).getByText('Mara Q · Night Shift EP')).toBeTruthy();
    expect(within(downloads).getByRole('button', { name: 'Download Cold Fire (Velora Kash Remix)' })).toBeTruthy();
    expect(within(downloads).getByText('The first 1 of 120.')).toBeTruthy();

    const early = screen.getByRole('region', { name: 'Early access' });
    expect(await within(early).findByText('Deep Water')).toBeTruthy();
    expect(within(early).getByRole('button', { name: 'Play Deep Water' })).toBeTruthy();
    expect(within(early).getAllByText('Night Shift EP · out 4 December 2026')).toHaveLength(2);
    expect(within(early).getByText('Opens 8 January 2027')).toBeTruthy();
    expect(within(early).queryByRole('button', { name: 'Play Far Away' })).toBeNull();
    expect(calls().sort()).toEqual(['/api/vip/downloads?limit=100', '/api/vip/early-access?limit=100']);
  });

  it('says when a list is empty, shows no code section without a code, and says why a download was refused', async () => {
    const refused = 'Downloads are for active VIP members: join VIP, or sign in on your VIP account page.';
    const calls = stubFetch([
      [/^\/api\/vip\/downloads\/t-download$/, () => new Response(JSON.stringify({ success: false, error: refused, message: refused }), { status: 403 })],
      [/^\/api\/vip\/downloads\?/, () => list([download])],
      [/^\/api\/vip\/early-access\?/, () => list([])],
    ]);
    const user = setupUser();
    renderWithApp(<MemberPerksSection account={account('active')} />);
    expect(screen.queryByRole('region', { name: 'Your discount code' })).toBeNull();
    expect(await screen.findByText('No upcoming releases to listen to early right now.')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Download Cold Fire (Velora Kash Remix)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refused);
    expect(calls()).toContain('/api/vip/downloads/t-download');
  });

  it('asks for the download in the format the member picks (docs/decisions/0103)', async () => {
    const refused = 'Downloads are for active VIP members: join VIP, or sign in on your VIP account page.';
    const calls = stubFetch([
      [/^\/api\/vip\/downloads\/t-download\?format=flac$/, () => new Response(JSON.stringify({ success: false, error: refused, message: refused }), { status: 403 })],
      [/^\/api\/vip\/downloads\?/, () => list([download])],
      [/^\/api\/vip\/early-access\?/, () => list([])],
    ]);
    const user = setupUser();
    renderWithApp(<MemberPerksSection account={account('active')} />);
    const picker = await screen.findByRole('combobox', { name: 'Download format' });
    expect(picker.textContent).toBe('As uploaded');
    await user.click(picker);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['As uploaded', 'WAV', 'FLAC', 'AIFF', 'MP3 320', 'MP3 V0']);
    await user.click(screen.getByRole('option', { name: 'FLAC' }));
    await user.click(await screen.findByRole('button', { name: 'Download Cold Fire (Velora Kash Remix)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refused);
    expect(calls()).toContain('/api/vip/downloads/t-download?format=flac');
  });

  it('shows the error of a list that failed to load', async () => {
    stubFetch([
      [/^\/api\/vip\/downloads\?/, () => new Response(JSON.stringify({ success: false, error: 'Server busy', message: 'Server busy' }), { status: 503 })],
      [/^\/api\/vip\/early-access\?/, () => list([])],
    ]);
    renderWithApp(<MemberPerksSection account={account('active')} />);
    const downloads = screen.getByRole('region', { name: 'Downloads' });
    expect((await within(downloads).findByRole('alert')).textContent).toBe('Server busy');
  });
});
