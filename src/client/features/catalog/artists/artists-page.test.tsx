import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anArtist, listOf } from '../../../../../tests/helpers/catalog-builders.js';
import { renderWithApp, stubFetch, setupUser } from '../../../../../tests/helpers/render.js';
import type { Artist } from '../../../../shared/api/catalog.js';
import { ArtistsPage } from './artists-page.js';

const route = '/:label/artists';

/** Artists named "Artist 01" … in the server's order. */
function artistsNamed(count: number, name = (i: number) => `Artist ${String(i).padStart(2, '0')}`): Artist[] {
  return Array.from({ length: count }, (_, i) => anArtist({ name: name(i + 1) }));
}

/**
 * The API over the label's artists: each request answers from the next roster given (the last one
 * again after that), searched by name and paged by offset as the server does.
 */
function serveArtists(...answers: (Artist[] | Response | Promise<Artist[]>)[]) {
  let call = 0;
  return stubFetch([
    [
      /^\/api\/artists\?/,
      async (url) => {
        const answer = await answers[Math.min(call++, answers.length - 1)];
        if (answer instanceof Response) return answer;
        const query = url.searchParams;
        const term = query.get('q')?.toLowerCase() ?? '';
        const matches = (answer as Artist[]).filter((artist) => artist.name.toLowerCase().includes(term));
        const offset = Number(query.get('offset'));
        const limit = Number(query.get('limit'));
        return listOf(matches.slice(offset, offset + limit), matches.length, offset, limit);
      },
    ],
    [/^\/api\/artist-releases\//, () => ({ ...listOf([]), page: 1 })],
  ]);
}

const cardNames = () => within(screen.getByRole('list', { name: 'Artists' })).getAllByRole('button').map((b) => b.textContent);

function serverError(message: string, status = 500) {
  return new Response(JSON.stringify({ success: false, error: message, message, reqId: 'req-1' }), { status });
}

/** jsdom has no IntersectionObserver: this one reports intersections when the test says so. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly targets: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  static scrollIntoView() {
    const live = FakeObserver.instances.filter((o) => !o.disconnected);
    for (const observer of live) {
      const entries = observer.targets.map((target) => ({ target, isIntersecting: true, intersectionRatio: 1 }));
      observer.callback(entries as unknown as IntersectionObserverEntry[], observer as unknown as IntersectionObserver);
    }
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeObserver.instances = [];
});

describe('ArtistsPage', () => {
  it('shows the label heading, 10 artists at first and 10 more per Load More until all are loaded', async () => {
    serveArtists(artistsNamed(25));
    const user = setupUser();
    renderWithApp(<ArtistsPage />, { path: '/tech/artists', route });

    expect(screen.getByRole('heading', { level: 1, name: 'Build It Tech Artists' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading artists' })).toBeTruthy();
    await waitFor(() => expect(cardNames()).toHaveLength(10));
    expect(cardNames()[0]).toBe('Artist 01');
    expect(screen.queryByText('All artists loaded')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load More Artists' }));
    expect(cardNames()).toHaveLength(20);
    // The first page (20) is all shown: the next is read from the server.
    await user.click(screen.getByRole('button', { name: 'Load More Artists' }));
    await waitFor(() => expect(cardNames()).toHaveLength(25));
    expect(await screen.findByText('All artists loaded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More Artists' })).toBeNull();
  });

  it('reveals 10 more when the scroll trigger comes into view', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    serveArtists(artistsNamed(25));
    renderWithApp(<ArtistsPage />, { path: '/records/artists', route });
    await waitFor(() => expect(cardNames()).toHaveLength(10));
    expect(FakeObserver.instances.at(-1)?.options?.threshold).toBe(0.1);

    act(() => FakeObserver.scrollIntoView());
    expect(cardNames()).toHaveLength(20);
    act(() => FakeObserver.scrollIntoView());
    await waitFor(() => expect(cardNames()).toHaveLength(25));
    expect(await screen.findByText('All artists loaded')).toBeTruthy();
  });

  it('filters by name 300 ms after typing, not before, and starts again from 10 visible', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const moons = artistsNamed(15, (i) => `Moon Child ${String(i).padStart(2, '0')}`);
    serveArtists([...artistsNamed(12), ...moons]);
    const user = setupUser();
    renderWithApp(<ArtistsPage />, { path: '/deep/artists', route });
    await waitFor(() => expect(cardNames()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Load More Artists' }));
    expect(cardNames()).toHaveLength(20);

    await user.type(screen.getByPlaceholderText('Search by artist name...'), 'mOOn');
    act(() => vi.advanceTimersByTime(200));
    expect(cardNames()).toHaveLength(20);
    expect(cardNames()[0]).toBe('Artist 01');

    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(cardNames()).toHaveLength(10));
    expect(cardNames().every((name) => name?.startsWith('Moon Child'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Load More Artists' }));
    expect(cardNames()).toHaveLength(15);
    expect(screen.getByText('All artists loaded')).toBeTruthy();
  });

  it('says so when no artist matches the search', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveArtists(artistsNamed(3));
    const user = setupUser();
    renderWithApp(<ArtistsPage />, { path: '/tech/artists', route });
    await waitFor(() => expect(cardNames()).toHaveLength(3));

    await user.type(screen.getByPlaceholderText('Search by artist name...'), 'nobody');
    act(() => vi.advanceTimersByTime(300));
    expect(await screen.findByText('No artists match your search')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Artists' })).toBeNull();
  });

  it("shows 'Updating artists...' while Refresh fetches again, then the fresh list", async () => {
    let answer!: (artists: Artist[]) => void;
    const second = new Promise<Artist[]>((resolve) => (answer = resolve));
    serveArtists(artistsNamed(2), second);
    const user = setupUser();
    renderWithApp(<ArtistsPage />, { path: '/tech/artists', route });
    await waitFor(() => expect(cardNames()).toHaveLength(2));
    expect(screen.queryByText('Updating artists...')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Updating artists...')).toBeTruthy();
    expect(cardNames()).toHaveLength(2);

    answer(artistsNamed(3));
    await waitFor(() => expect(screen.queryByText('Updating artists...')).toBeNull());
    expect(cardNames()).toHaveLength(3);
  });

  it('shows the error with Retry, and the artists once Retry succeeds', async () => {
    serveArtists(serverError('Internal Server Error'), artistsNamed(4));
    const user = setupUser();
    renderWithApp(<ArtistsPage />, { path: '/tech/artists', route });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load artists. Please try again later.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(cardNames()).toHaveLength(4));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the service's own message for a refused request", async () => {
    serveArtists(serverError('label must not be empty', 400));
    renderWithApp(<ArtistsPage />, { path: '/tech/artists', route });
    expect((await screen.findByRole('alert')).textContent).toContain('label must not be empty');
  });

  it('opens the artist dialog from a card', async () => {
    serveArtists([anArtist({ id: 'nora-vale', name: 'Nora Vale', bio: 'Deep grooves from the coast.' })]);
    const user = setupUser();
    renderWithApp(<ArtistsPage />, { path: '/deep/artists', route });
    await user.click(await screen.findByRole('button', { name: 'Nora Vale' }));

    const dialog = await screen.findByRole('dialog', { name: 'Nora Vale' });
    expect(within(dialog).getByText('Deep grooves from the coast.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Artist page' }).getAttribute('href')).toBe('/deep/artists/nora-vale');
  });

  it('rejects an unknown label', () => {
    serveArtists([]);
    renderWithApp(<ArtistsPage />, { path: '/house/artists', route });
    expect(screen.getByText('Invalid label: house')).toBeTruthy();
  });
});
