import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aTrack } from '../../../../../tests/helpers/catalog-builders.js';
import { renderWithApp, stubFetch, setupUser } from '../../../../../tests/helpers/render.js';
import type { Playlist } from '../../../../shared/api/catalog.js';
import { PlaylistsPage } from './playlists-page.js';

const tracks = [1, 2].map((n) => aTrack({ id: `p${n}`, title: `Groove ${n}`, preview_url: `/media/previews/p${n}.wav` }));

function aPlaylist(overrides: Partial<Playlist>): Playlist {
  return {
    id: 'records-new-house',
    label_id: 'buildit-records',
    title: 'New House',
    description: 'The newest house records.',
    cover_url: '/media/playlists/records-new-house.svg',
    followers: null,
    spotify_url: null,
    total_tracks: tracks.length,
    tracks,
    ...overrides,
  };
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
});
afterEach(() => vi.restoreAllMocks());

describe('PlaylistsPage', () => {
  it('plays a playlist on the site, links to Spotify only where configured, and shows no made-up followers', async () => {
    const known = aPlaylist({ id: 'records-known', title: 'Known', followers: 1234, spotify_url: 'https://open.spotify.com/playlist/abc' });
    stubFetch([[/^\/api\/playlists\?label=buildit-records$/, () => ({ success: true, data: [aPlaylist({}), known] })]]);
    renderWithApp(<PlaylistsPage />, { path: '/records/playlists', route: '/:label/playlists' });

    const newHouse = (await screen.findByRole('heading', { name: 'New House' })).closest('.MuiCard-root') as HTMLElement;
    // Issue 15: a disabled 'Play on Spotify' and '— followers' when the configuration had no Spotify data.
    expect(within(newHouse).queryByRole('link', { name: 'Play on Spotify' })).toBeNull();
    expect(within(newHouse).queryByRole('button', { name: 'Play on Spotify' })).toBeNull();
    expect(within(newHouse).getByText('2 tracks')).toBeTruthy();
    expect(newHouse.textContent).not.toContain('—');

    const knownCard = screen.getByRole('heading', { name: 'Known' }).closest('.MuiCard-root') as HTMLElement;
    expect(within(knownCard).getByText('1,234 followers · 2 tracks')).toBeTruthy();
    expect(within(knownCard).getByRole('link', { name: 'Play on Spotify' }).getAttribute('href')).toBe('https://open.spotify.com/playlist/abc');

    await setupUser().click(within(newHouse).getByRole('button', { name: 'Play New House' }));
    expect(await within(newHouse).findByRole('button', { name: 'Pause New House' })).toBeTruthy();
  });
});
