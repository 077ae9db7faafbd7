import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCredit, anArtist, anArtistRelease, aRelease, aTrack, listOf } from '../../../../../tests/helpers/catalog-builders.js';
import { renderWithApp, stubFetch, setupUser } from '../../../../../tests/helpers/render.js';
import type { Artist, ArtistRelease } from '../../../../shared/api/catalog.js';
import { ArtistDetailPage } from './artist-detail-page.js';

const route = '/:label/artists/:id';

function errorBody(status: number, message: string) {
  return new Response(JSON.stringify({ success: false, error: message, message, reqId: 'req-1' }), { status });
}

function serve(artist: Artist | Response, releases: ArtistRelease[] = [], tracksOf: Record<string, ReturnType<typeof aTrack>[]> = {}) {
  return stubFetch([
    [/^\/api\/artists\/[^/?]+$/, () => (artist instanceof Response ? artist : { success: true, data: artist })],
    [/^\/api\/artist-releases\//, () => ({ ...listOf(releases), page: 1 })],
    [
      /^\/api\/releases\/[^/?]+\?/,
      (url) => {
        const id = decodeURIComponent(url.pathname.split('/').at(-1) ?? '');
        const credit = releases.find((r) => r.id === id);
        return { success: true, data: aRelease({ ...credit, tracks: tracksOf[id] ?? [] }) };
      },
    ],
  ]);
}

describe('ArtistDetailPage', () => {
  it('shows the artist, their newest tracks with Play, and their releases with the year', async () => {
    const nora = aCredit({ id: 'nora', name: 'Nora Vale' });
    const releases = [
      anArtistRelease({ id: 'r1', title: 'Night Drive', release_date: '2025-11-07' }),
      anArtistRelease({ id: 'r2', title: 'Summer Sampler', type: 'compilation', release_date: '2023-06-01', artistTrackTitle: 'Tide' }),
    ];
    serve(anArtist({ id: 'nora', name: 'Nora Vale', genres: ['Deep House'], followers: 12345 }), releases, {
      r1: [aTrack({ title: 'Night Drive', isrc: 'GBX012500001', artists: [nora], duration_ms: 245_000, spotify_url: 'https://open.spotify.com/track/1' })],
      r2: [
        aTrack({ title: 'Tide', artists: [nora], duration_ms: null }),
        aTrack({ title: 'Someone Else', artists: [aCredit()] }),
        aTrack({ title: 'Night Drive', isrc: 'GBX012500001', artists: [nora] }),
      ],
    });
    renderWithApp(<ArtistDetailPage />, { path: '/deep/artists/nora', route });

    expect(await screen.findByRole('heading', { level: 1, name: 'Nora Vale' })).toBeTruthy();
    expect(screen.getByText('12,345 followers')).toBeTruthy();
    expect(screen.getByText('Deep House')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Build It Deep Artists' }).getAttribute('href')).toBe('/deep/artists');

    const topTracks = await screen.findByRole('list', { name: 'Top tracks' });
    const rows = within(topTracks).getAllByRole('listitem');
    // Only the artist's own tracks of a compilation, each song once; an unknown length stays unknown.
    expect(rows.map((row) => row.textContent)).toEqual(['1Night DriveNora Vale4:05', '2TideNora Vale—']);
    expect(within(topTracks).getByRole('button', { name: 'Play Night Drive' }).hasAttribute('disabled')).toBe(false);
    expect(within(topTracks).getByRole('button', { name: 'Play Tide' }).hasAttribute('disabled')).toBe(true);

    const albums = screen.getByRole('region', { name: 'Albums' });
    expect(within(albums).getByText('Night Drive')).toBeTruthy();
    expect(within(albums).getByText('2025')).toBeTruthy();
    expect(within(albums).getByText('Summer Sampler')).toBeTruthy();
    expect(within(albums).getByText('2023')).toBeTruthy();

    await setupUser().click(within(albums).getByRole('button', { name: /Summer Sampler/ }));
    const dialog = await screen.findByRole('dialog', { name: /Summer Sampler/ });
    expect(await within(dialog).findByText('Someone Else')).toBeTruthy();
  });

  it('shows no follower count it does not know', async () => {
    serve(anArtist({ id: 'sam', name: 'Sam Reed', followers: null }));
    renderWithApp(<ArtistDetailPage />, { path: '/tech/artists/sam', route });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sam Reed' })).toBeTruthy();
    expect(screen.queryByText(/followers/)).toBeNull();
    expect(await screen.findByText('No releases found for this artist')).toBeTruthy();
  });

  it("is 'Page Not Found' for an unknown artist, as a direct load of its link is", async () => {
    serve(errorBody(404, 'Artist not found: nobody'));
    renderWithApp(<ArtistDetailPage />, { path: '/tech/artists/nobody', route });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/tech');
  });

  it("says 'Failed to load artist data' when the artist cannot be loaded", async () => {
    serve(errorBody(500, 'Internal Server Error'));
    renderWithApp(<ArtistDetailPage />, { path: '/tech/artists/sam', route });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load artist data');
  });

  it("says 'Artist ID not provided' without an id", () => {
    serve(errorBody(500, 'unused'));
    renderWithApp(<ArtistDetailPage />, { path: '/tech/artists', route: '/:label/artists' });
    expect(screen.getByRole('alert').textContent).toBe('Artist ID not provided');
  });
});
