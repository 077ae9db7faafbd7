import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aCredit, anArtist, anArtistRelease, aTrack, listOf } from '../../../../../tests/helpers/catalog-builders.js';
import { renderWithApp, stubFetch, setupUser } from '../../../../../tests/helpers/render.js';
import type { ArtistRelease } from '../../../../shared/api/catalog.js';
import { ArtistDetailModal } from './artist-detail-modal.js';

const artist = anArtist({
  id: 'nora',
  name: 'Nora Vale',
  labels: ['buildit-records', 'buildit-tech'],
  genres: ['Deep House', 'Tech House'],
  spotify_url: 'https://open.spotify.com/artist/nora',
  bio: null,
});

function serveReleases(answer: (limit: number) => ArtistRelease[] | Promise<ArtistRelease[]>) {
  return stubFetch([
    [
      /^\/api\/artist-releases\/nora\?/,
      async (url) => {
        const limit = Number(url.searchParams.get('limit'));
        const releases = await answer(limit);
        return { ...listOf(releases, releases.length, 0, limit), page: 1 };
      },
    ],
  ]);
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('ArtistDetailModal', () => {
  it("shows the artist and groups the releases by label, with a count per group", async () => {
    const releases = [
      anArtistRelease({
        title: 'Night Drive',
        label_id: 'buildit-tech',
        release_date: '2025-11-07',
        spotify_url: 'https://open.spotify.com/album/1',
        artists: ['Nora Vale', 'Sam Reed', 'Lio', 'Kai', 'Mo'].map((name) => aCredit({ name })),
        tracks: [
          aTrack({ title: 'Night Drive', duration_ms: 300_000, preview_url: '/media/demo/night-drive.mp3' }),
          aTrack({ title: 'Afterglow', duration_ms: 200_000 }),
        ],
      }),
      anArtistRelease({
        title: 'Coastline EP',
        label_id: 'buildit-records',
        artistRole: 'Remixer',
        artistTrackTitle: 'Coastline',
        artistTrackId: 'coastline-remix',
        artists: [aCredit({ name: 'Sam Reed' }), aCredit({ name: 'Lio', role: 'featured' })],
        release_date: '2024-03-01',
        tracks: [
          aTrack({ title: 'Coastline', duration_ms: 200_000, preview_url: '/media/demo/coastline.mp3' }),
          aTrack({
            id: 'coastline-remix',
            title: 'Coastline',
            mix_version: 'Nora Vale Remix',
            duration_ms: 250_000,
            preview_url: '/media/demo/coastline-remix.mp3',
            artists: [aCredit({ name: 'Sam Reed' }), aCredit({ name: 'Lio', role: 'featured' }), aCredit({ name: 'Nora Vale', role: 'remixer' })],
          }),
        ],
      }),
      anArtistRelease({ title: 'First Light', label_id: 'buildit-records', release_date: null }),
    ];
    serveReleases(() => releases);
    renderWithApp(<ArtistDetailModal artist={artist} open onClose={() => undefined} />);

    const dialog = screen.getByRole('dialog', { name: 'Nora Vale' });
    expect(within(dialog).getByRole('img', { name: 'Nora Vale' }).getAttribute('loading')).toBe('lazy');
    expect(within(dialog).getByText('Build It Records')).toBeTruthy();
    expect(within(dialog).getByText('Build It Tech')).toBeTruthy();
    expect(within(dialog).getByText('Deep House')).toBeTruthy();
    const listen = within(dialog).getByRole('link', { name: 'Listen on Spotify' });
    expect(listen.getAttribute('href')).toBe('https://open.spotify.com/artist/nora');
    expect(listen.getAttribute('target')).toBe('_blank');
    // No bio: shown as unknown, not made up.
    expect(within(dialog).getByRole('heading', { name: 'About' }).nextElementSibling?.textContent).toBe('—');

    expect(await within(dialog).findByRole('heading', { name: 'Build It Records (2)' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Build It Tech (1)' })).toBeTruthy();

    const records = within(dialog).getByRole('table', { name: 'Build It Records releases' });
    const headers = within(records).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Title', 'Artists', 'Role', 'Duration', 'Released', 'Play']);
    const [coastline, firstLight] = rowsOf(records).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));
    // A track credit: that track's title, credits and length, and its Play (issue 15: '—' and a disabled Play before).
    expect(coastline?.slice(0, 5)).toEqual([
      'Coastline EPCoastline (Nora Vale Remix)',
      'Sam Reed feat. Lio (remix: Nora Vale)',
      'Remixer',
      '4:10',
      '1 Mar 2024',
    ]);
    expect(within(records).getByRole('button', { name: 'Play Coastline (Nora Vale Remix)' }).hasAttribute('disabled')).toBe(false);
    // No tracks and no date: unknown, never invented; nothing to play.
    expect(firstLight?.slice(2, 5)).toEqual(['Artist', '—', '—']);
    expect(within(records).getByRole('button', { name: 'Play First Light' }).hasAttribute('disabled')).toBe(true);

    const tech = within(dialog).getByRole('table', { name: 'Build It Tech releases' });
    // A release credit: the release's length, and Play starts its first playable track.
    expect(rowsOf(tech).map((row) => within(row).getAllByRole('cell')[3]?.textContent)).toEqual(['8:20']);
    expect(within(tech).getByRole('button', { name: 'Play Night Drive' }).hasAttribute('disabled')).toBe(false);
    // A long credit list stops after three names.
    expect(within(tech).getByText('Nora Vale, Sam Reed, Lio +2 more')).toBeTruthy();
  });

  it("says so when the artist has no releases, and has no Spotify link when it is unknown", async () => {
    serveReleases(() => []);
    renderWithApp(<ArtistDetailModal artist={{ ...artist, spotify_url: null }} open onClose={() => undefined} />);
    expect(await screen.findByText('No releases found for this artist')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Listen on Spotify' })).toBeNull();
  });

  it('shows the first 50 releases at once, then replaces them with the 100 fresh ones', async () => {
    let answerFresh!: (releases: ArtistRelease[]) => void;
    const fresh = new Promise<ArtistRelease[]>((resolve) => (answerFresh = resolve));
    const cached = [anArtistRelease({ title: 'Cached One' }), anArtistRelease({ title: 'Cached Two' })];
    const calls = serveReleases((limit) => (limit === 50 ? cached : fresh));
    renderWithApp(<ArtistDetailModal artist={artist} open onClose={() => undefined} />);

    expect(await screen.findByRole('heading', { name: 'Build It Records (2)' })).toBeTruthy();
    expect(screen.getByText('Cached Two')).toBeTruthy();
    expect(calls()).toEqual(expect.arrayContaining(['/api/artist-releases/nora?page=1&limit=50', '/api/artist-releases/nora?page=1&limit=100']));

    answerFresh([...cached, anArtistRelease({ title: 'Fresh Three' })]);
    expect(await screen.findByRole('heading', { name: 'Build It Records (3)' })).toBeTruthy();
    expect(screen.getByText('Fresh Three')).toBeTruthy();
  });

  it('closes from its Close button', async () => {
    serveReleases(() => []);
    const onClose = vi.fn();
    renderWithApp(<ArtistDetailModal artist={artist} open onClose={onClose} />);
    await setupUser().click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
