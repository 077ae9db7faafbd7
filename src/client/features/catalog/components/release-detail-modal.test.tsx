import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Release } from '../../../../shared/api/catalog.js';
import { aCredit, aRelease, aTrack } from '../../../../../tests/helpers/catalog-builders.js';
import { renderWithApp, stubFetch, setupUser } from '../../../../../tests/helpers/render.js';
import { ReleaseDetailModal } from './release-detail-modal.js';

const releaseCall = /^\/api\/releases\/[^/?]+/;

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr')!;
}

describe('ReleaseDetailModal', () => {
  it('shows cover, release date, catalog number and UPC, label and genre chips, the track table and the artists', async () => {
    stubFetch([]);
    const release = aRelease({
      title: 'Night Moves',
      label_id: 'buildit-deep',
      release_date: '2024-05-17',
      catalog_number: 'BLDD042',
      upc: '198937087963',
      genres: ['Deep House', 'Minimal'],
      artists: [aCredit({ name: 'Ada Lane' }), aCredit({ name: 'Remi Cole', role: 'remixer' })],
      tracks: [
        aTrack({
          track_number: 1,
          title: 'No More',
          mix_version: 'Extended Mix',
          duration_ms: 412_000,
          artists: [aCredit({ name: 'Ada Lane' }), aCredit({ name: 'Kay Vo', role: 'featured' })],
          spotify_url: 'https://open.spotify.com/track/1',
        }),
        aTrack({
          track_number: 2,
          title: 'No More',
          mix_version: 'Remi Cole Remix',
          duration_ms: null,
          artists: [aCredit({ name: 'Ada Lane' }), aCredit({ name: 'Remi Cole', role: 'remixer' })],
        }),
      ],
    });
    renderWithApp(<ReleaseDetailModal release={release} open onClose={() => undefined} />);

    const dialog = screen.getByRole('dialog', { name: 'Night Moves' });
    expect(within(dialog).getByRole('img', { name: 'Night Moves cover art (not available)' })).toBeTruthy();
    // What collectors look for (issue 35: the year alone before), each named by its term.
    const facts = within(dialog).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Released', '17 May 2024'],
      ['Format', 'Single'],
      ['Catalog number', 'BLDD042'],
      ['UPC', '198937087963'],
    ]);
    expect(within(dialog).getByText('Build It Deep')).toBeTruthy();
    expect(within(dialog).getByText('Deep House')).toBeTruthy();
    expect(within(dialog).getByText('Minimal')).toBeTruthy();
    const headers = within(dialog).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['#', 'Title', 'Artist', 'Time', 'Play']);

    const first = within(rowOf('No More (Extended Mix)'));
    expect(first.getByText('Ada Lane feat. Kay Vo')).toBeTruthy();
    expect(first.getByText('6:52')).toBeTruthy();
    // Named with the mix: before issue 15 both rows' buttons read 'Play No More'.
    expect(first.getByRole('button', { name: 'Play No More (Extended Mix)' })).toHaveProperty('disabled', false);

    const remix = within(rowOf('No More (Remi Cole Remix)'));
    expect(remix.getByText('Ada Lane (remix: Remi Cole)')).toBeTruthy();
    expect(remix.getByText('—')).toBeTruthy();
    expect(remix.getByRole('button', { name: 'Play No More (Remi Cole Remix)' })).toHaveProperty('disabled', true);

    const artists = within(within(dialog).getByText('Artists').parentElement!);
    expect(artists.getByRole('link', { name: /Ada Lane/ }).getAttribute('href')).toMatch(/^\/deep\/artists\/artist-/);
    expect(artists.getByText('remixer')).toBeTruthy();
    expect(screen.queryByText('No tracks available for this release.')).toBeNull();
  });

  it("puts a Buy button on the row of each track sold alone, and on no other", () => {
    stubFetch([]);
    const release = aRelease({
      title: 'Priced',
      tracks: [
        aTrack({ title: 'Alone', for_sale: true, price: { amount: 1.29, currency: 'EUR', pay_what_you_want: false } }),
        aTrack({ title: 'With The Release' }),
      ],
    });
    renderWithApp(<ReleaseDetailModal release={release} open onClose={() => undefined} />);
    expect(within(rowOf('Alone')).getByRole('button', { name: 'Buy €1.29: Alone' })).toBeTruthy();
    expect(within(rowOf('With The Release')).queryByRole('button', { name: /^Buy|^Free|^Name your price/ })).toBeNull();
  });

  it('fetches the whole release first when the given one has no track list', async () => {
    const listed = aRelease({ id: 'rel-7', title: 'Summary Only', total_tracks: 2 });
    delete listed.tracks;
    const full: Release = { ...listed, tracks: [aTrack({ title: 'Opening' }), aTrack({ title: 'Closing' })] };
    const calls = stubFetch([[releaseCall, () => ({ success: true, data: full })]]);
    renderWithApp(<ReleaseDetailModal release={listed} open onClose={() => undefined} />);

    expect(screen.getByRole('dialog', { name: 'Summary Only' })).toBeTruthy();
    expect(await screen.findByText('Opening')).toBeTruthy();
    expect(screen.getByText('Closing')).toBeTruthy();
    expect(calls()).toEqual(['/api/releases/rel-7?include_tracks=true&include_artists=true']);
  });

  it('fetches the whole release when its track list is empty but it counts tracks', async () => {
    const listed = aRelease({ id: 'rel-8', title: 'Counted', total_tracks: 1, tracks: [] });
    const calls = stubFetch([[releaseCall, () => ({ success: true, data: { ...listed, tracks: [aTrack({ title: 'Found It' })] } })]]);
    renderWithApp(<ReleaseDetailModal release={listed} open onClose={() => undefined} />);

    expect(await screen.findByText('Found It')).toBeTruthy();
    expect(screen.queryByText('Track list coming soon')).toBeNull();
    expect(calls()).toHaveLength(1);
  });

  it('loads a release given only its id', async () => {
    stubFetch([[releaseCall, () => ({ success: true, data: aRelease({ id: 'by-id', title: 'By Id', tracks: [aTrack({ title: 'Only Track' })] }) })]]);
    renderWithApp(<ReleaseDetailModal releaseId="by-id" open onClose={() => undefined} />);

    expect(await screen.findByRole('dialog', { name: 'By Id' })).toBeTruthy();
    expect(await screen.findByText('Only Track')).toBeTruthy();
  });

  it('a release without tracks says so and shows no track nor length that does not exist', async () => {
    const calls = stubFetch([]);
    const release = aRelease({ title: 'Coming Up', total_tracks: 0, tracks: [], artists: [aCredit({ name: 'Mo Reyes' })] });
    renderWithApp(<ReleaseDetailModal release={release} open onClose={() => undefined} />);

    expect(screen.getByText('No tracks available for this release.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/Placeholder|coming soon|\d:\d\d/)).toBeNull();
    expect(calls()).toHaveLength(0);
  });

  it('the close button closes it', async () => {
    stubFetch([]);
    const onClose = vi.fn();
    const user = setupUser({ pointerEventsCheck: 0 });
    renderWithApp(<ReleaseDetailModal release={aRelease({ title: 'Closable' })} open onClose={onClose} />);

    await user.click(screen.getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('offers "Notify me" on an upcoming release only, with the field\'s error and then the server\'s answer', async () => {
    const user = setupUser();
    const asked: unknown[] = [];
    stubFetch([]);
    globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { email: string };
      asked.push(body);
      if (!body.email.includes('@'))
        return new Response(JSON.stringify({ success: false, error: 'Bad Request', message: 'Please enter a valid email address', field: 'email', reqId: 'r' }), { status: 400 });
      return new Response(JSON.stringify({ success: true, message: 'Check your inbox: confirm your address there, and we email you on the release day.' }), { status: 202 });
    }) as typeof fetch;
    const upcoming = aRelease({ title: 'Soon', release_date: '2999-01-01', upcoming: true, public_at: '2999-01-01T00:00:00.000Z', tracks: [] });
    const { unmount } = renderWithApp(<ReleaseDetailModal release={upcoming} open onClose={() => undefined} />);
    const form = within(screen.getByRole('form', { name: 'Notify me' }));
    await user.type(form.getByLabelText('Get one email on the release day'), 'nope');
    await user.click(form.getByRole('button', { name: 'Notify me' }));
    expect(await form.findByText('Please enter a valid email address')).toBeTruthy();
    await user.clear(form.getByLabelText('Get one email on the release day'));
    await user.type(form.getByLabelText('Get one email on the release day'), 'fan@example.com');
    await user.click(form.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('Check your inbox: confirm your address there, and we email you on the release day.')).toBeTruthy();
    expect(asked).toEqual([{ email: 'nope' }, { email: 'fan@example.com' }]);
    unmount();

    renderWithApp(<ReleaseDetailModal release={aRelease({ title: 'Out', release_date: '2024-05-17', tracks: [] })} open onClose={() => undefined} />);
    expect(screen.queryByRole('form', { name: 'Notify me' })).toBeNull();
  });

  it('shows Buy / Stream buttons named by their stores, opening in a new tab', async () => {
    stubFetch([]);
    const release = aRelease({
      title: 'Symbiotic',
      version: 'Radio Edit',
      tracks: [aTrack()],
      links: [
        { name: 'Beatport', url: 'https://www.beatport.com/release/symbiotic/1' },
        { name: 'Bandcamp', url: 'https://label.bandcamp.com/album/symbiotic' },
      ],
    });
    renderWithApp(<ReleaseDetailModal release={release} open onClose={() => undefined} />);

    const dialog = await screen.findByRole('dialog', { name: 'Symbiotic (Radio Edit)' });
    const stores = within(dialog).getByRole('region', { name: 'Buy or stream Symbiotic (Radio Edit)' });
    expect(within(stores).getByText('Buy / Stream')).toBeTruthy();
    const beatport = within(stores).getByRole('link', { name: 'Beatport' });
    expect(beatport.getAttribute('href')).toBe('https://www.beatport.com/release/symbiotic/1');
    expect(beatport.getAttribute('target')).toBe('_blank');
    expect(within(stores).getByRole('link', { name: 'Bandcamp' }).getAttribute('href')).toBe('https://label.bandcamp.com/album/symbiotic');
  });

  it('shows when an upcoming release is out and counts down to it', async () => {
    stubFetch([]);
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      vi.setSystemTime(new Date('2026-12-02T22:00:00Z'));
      const release = aRelease({ upcoming: true, release_date: '2026-12-04', public_at: '2026-12-04T00:00:00.000Z', tracks: [aTrack()] });
      renderWithApp(<ReleaseDetailModal release={release} open onClose={() => undefined} />);

      expect(screen.getByText('Out 4 December 2026')).toBeTruthy();
      expect(screen.queryByText(/^Released/)).toBeNull();
      expect(screen.getByRole('timer').textContent).toBe('in 1 day 2 h 00 min 00 s');
      await vi.advanceTimersByTimeAsync(1000);
      expect(screen.getByRole('timer').textContent).toBe('in 1 day 1 h 59 min 59 s');
    } finally {
      vi.useRealTimers();
    }
  });
});
