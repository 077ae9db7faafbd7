import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aTrack } from '../../../../../tests/helpers/catalog-builders.js';
import { renderWithApp, stubFetch, setupUser } from '../../../../../tests/helpers/render.js';
import { EarlyListenButton } from './member-perk-buttons.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

// Two days ahead: early access (7 days before) is open now.
const release = { id: 'r1', title: 'Night Shift EP', artwork_url: null, public_at: new Date(Date.now() + 2 * 24 * 3600_000).toISOString() };
const member = { success: true, data: { status: 'active', gets_newsletter: true } };

describe('EarlyListenButton (docs/decisions/0066)', () => {
  it('offers nothing for a release whose tracks have no preview early access serves', () => {
    stubFetch([]);
    renderWithApp(<EarlyListenButton release={release} tracks={[aTrack({ early_access: false }), aTrack({ early_access: false })]} />);
    expect(screen.queryByText(/VIP members listen early/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers an active member Play when some of the tracks have an early preview', async () => {
    const calls = stubFetch([[/^\/api\/vip\/account$/, () => member]]);
    const user = setupUser();
    renderWithApp(<EarlyListenButton release={release} tracks={[aTrack({ title: 'No Preview', early_access: false }), aTrack({ title: 'Deep Water', early_access: true })]} />);
    await user.click(screen.getByRole('button', { name: 'Listen early' }));
    const play = await screen.findByRole('button', { name: 'Play Night Shift EP early' });
    expect((play as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('VIP early access: listen now')).toBeTruthy();
    expect(calls()).toEqual(['/api/vip/account']);
  });
});
