import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aTrack } from '../../../../../tests/helpers/catalog-builders.js';
import { renderWithApp, stubFetch, setupUser } from '../../../../../tests/helpers/render.js';
import { EarlyListenButton, MemberDownloadButton } from './member-perk-buttons.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

// Two days ahead: early access (7 days before) is open now.
const release = { id: 'r1', title: 'Night Shift EP', artwork_url: null, public_at: new Date(Date.now() + 2 * 24 * 3600_000).toISOString() };
const member = { success: true, data: { plan: 'monthly', status: 'active' } };
const visitor = { success: true, data: null };

describe('EarlyListenButton (docs/decisions/0066)', () => {
  it('offers nothing for a release whose tracks have no preview early access serves', () => {
    stubFetch([]);
    renderWithApp(<EarlyListenButton release={release} tracks={[aTrack({ early_access: false }), aTrack({ early_access: false })]} />);
    expect(screen.queryByText(/VIP members listen early/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers an active member Play when some of the tracks have an early preview', async () => {
    const calls = stubFetch([[/^\/api\/vip\/session$/, () => member]]);
    const user = setupUser();
    renderWithApp(<EarlyListenButton release={release} tracks={[aTrack({ title: 'No Preview', early_access: false }), aTrack({ title: 'Deep Water', early_access: true })]} />);
    await user.click(screen.getByRole('button', { name: 'Listen early' }));
    const play = await screen.findByRole('button', { name: 'Play Night Shift EP early' });
    expect((play as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('VIP early access: listen now')).toBeTruthy();
    expect(calls()).toEqual(['/api/vip/session']);
  });

  it('asks a visitor signed out to join, knowing it from a 200 (a 401 is an error in the console)', async () => {
    const calls = stubFetch([[/^\/api\/vip\/session$/, () => visitor]]);
    const user = setupUser();
    renderWithApp(<EarlyListenButton release={release} tracks={[aTrack({ early_access: true })]} />);
    await user.click(screen.getByRole('button', { name: 'Listen early' }));
    expect(await screen.findByRole('dialog', { name: 'For VIP members' })).toBeTruthy();
    expect(calls()).toEqual(['/api/vip/session']);
  });
});

describe('MemberDownloadButton (docs/decisions/0066)', () => {
  it("asks a visitor signed out to join without asking for the member's account", async () => {
    const calls = stubFetch([[/^\/api\/vip\/session$/, () => visitor]]);
    const user = setupUser();
    renderWithApp(<MemberDownloadButton track={aTrack({ title: 'Deep Water', mix_version: null })} />);
    await user.click(screen.getByRole('button', { name: 'Download Deep Water (VIP)' }));
    expect(await screen.findByText(/^Downloads are for active VIP members\./)).toBeTruthy();
    expect(calls()).toEqual(['/api/vip/session']);
  });
});
