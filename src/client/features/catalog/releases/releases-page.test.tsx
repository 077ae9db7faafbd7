import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RankedRelease, Release } from '../../../../shared/api/catalog.js';
import { aRelease, aTrack, listOf } from '../../../../../tests/helpers/catalog-builders.js';
import { renderWithApp, stubFetch, setupUser } from '../../../../../tests/helpers/render.js';
import { ReleasesPage } from './releases-page.js';

// jsdom has no IntersectionObserver: this one lets a test scroll the trigger into view.
class FakeIntersectionObserver {
  static active = new Set<FakeIntersectionObserver>();
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {}
  observe() {
    FakeIntersectionObserver.active.add(this);
  }
  unobserve() {}
  disconnect() {
    FakeIntersectionObserver.active.delete(this);
  }
  takeRecords() {
    return [];
  }
  static scrollIntoView() {
    for (const observer of FakeIntersectionObserver.active) {
      observer.callback([{ isIntersecting: true } as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
    }
  }
}

beforeEach(() => {
  FakeIntersectionObserver.active.clear();
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const releasesCall = /^\/api\/releases\?/;
const topCall = /^\/api\/labels\/[^/]+\/top-releases/;
/** The server's answer to `?type=`: that type only. */
const ofType = (url: URL) => (release: { type: string }) => !url.searchParams.has('type') || release.type === url.searchParams.get('type');

function releases(count: number, prefix: string, extra: Partial<Release> = {}): Release[] {
  return Array.from({ length: count }, (_, n) => aRelease({ id: `${prefix}-${n + 1}`, title: `${prefix} ${n + 1}`, ...extra }));
}

function ranked(release: Release, rank: number): RankedRelease {
  return { ...release, popularity_score: 50, popularity_rank: rank };
}

function renderPage(label = 'records') {
  // As in the app: a chosen release has its own URL, /{label}/releases/{id}, on the same page.
  return renderWithApp(<ReleasesPage />, { path: `/${label}/releases`, route: '/:label/releases/:releaseId?' });
}

// The 'All …' section; its cards are the buttons other than Show More.
const grid = () => within(screen.getByText(/^All (Releases|Albums|Singles|Compilations)$/).closest('section')!);
const gridCards = () => grid().queryAllByRole('button').filter((b) => !['Show More', 'Try Again'].includes(b.textContent ?? ''));
const releaseCalls = (calls: string[]) => calls.filter((c) => releasesCall.test(c)).map((c) => new URL(c, 'http://x').searchParams);

describe('ReleasesPage', () => {
  it('shows the label title, the newest release and the first 10 releases', async () => {
    const calls = stubFetch([
      [releasesCall, () => listOf(releases(10, 'Tech'), 25)],
      [topCall, () => listOf([])],
    ]);
    renderPage('tech');

    expect(screen.getByRole('heading', { level: 1, name: 'Build It Tech Releases' })).toBeTruthy();
    await screen.findByText('Tech 10');
    expect(gridCards()).toHaveLength(10);
    const latest = within(screen.getByRole('region', { name: 'Latest Release' }));
    expect(latest.getByText('Tech 1')).toBeTruthy();
    const [first] = releaseCalls(calls());
    expect(Object.fromEntries(first!)).toMatchObject({ label: 'buildit-tech', offset: '0', limit: '10' });
    expect(first!.has('q')).toBe(false);
    expect(first!.has('type')).toBe(false);
  });

  it('shows "Invalid label" for an unknown label', () => {
    stubFetch([]);
    renderWithApp(<ReleasesPage />, { path: '/nope/releases', route: '/:label/releases' });
    expect(screen.getByText('Invalid label: nope')).toBeTruthy();
  });

  it('Show More fetches the next page at offset 10 and reveals it', async () => {
    const user = setupUser({ pointerEventsCheck: 0 });
    const calls = stubFetch([
      [releasesCall, (url) => listOf(releases(10, url.searchParams.get('offset') === '0' ? 'First' : 'Second'), 30)],
      [topCall, () => listOf([])],
    ]);
    renderPage();
    await screen.findByText('First 10');

    await user.click(screen.getByText('Show More'));

    await screen.findByText('Second 10');
    expect(gridCards()).toHaveLength(20);
    expect(releaseCalls(calls()).map((p) => p.get('offset'))).toEqual(['0', '10']);
  });

  it('the infinite-scroll trigger loads the next page when it comes into view', async () => {
    const calls = stubFetch([
      [releasesCall, (url) => listOf(releases(10, `Page${url.searchParams.get('offset')}`), 30)],
      [topCall, () => listOf([])],
    ]);
    renderPage();
    await screen.findByText('Page0 10');

    act(() => FakeIntersectionObserver.scrollIntoView());

    await screen.findByText('Page10 1');
    expect(releaseCalls(calls()).map((p) => p.get('offset'))).toEqual(['0', '10']);
  });

  it('appends only unseen releases and stops after a short page', async () => {
    const user = setupUser({ pointerEventsCheck: 0 });
    const first = releases(10, 'Old');
    const second = [first[8]!, first[9]!, ...releases(5, 'New')];
    const calls = stubFetch([
      [releasesCall, (url) => listOf(url.searchParams.get('offset') === '0' ? first : second, 15)],
      [topCall, () => listOf([])],
    ]);
    renderPage();
    await screen.findByText('Old 10');

    await user.click(screen.getByText('Show More'));

    expect(await screen.findByText('No more releases to load')).toBeTruthy();
    expect(gridCards()).toHaveLength(15);
    expect(grid().getAllByText('Old 9')).toHaveLength(1);
    expect(screen.queryByText('Show More')).toBeNull();
    expect(releaseCalls(calls())).toHaveLength(2);
  });

  it('stops when a page brings only releases already shown', async () => {
    const user = setupUser({ pointerEventsCheck: 0 });
    const first = releases(10, 'Same');
    const calls = stubFetch([
      [releasesCall, () => listOf(first, 100)],
      [topCall, () => listOf([])],
    ]);
    renderPage();
    await screen.findByText('Same 10');

    await user.click(screen.getByText('Show More'));

    expect(await screen.findByText('No more releases to load')).toBeTruthy();
    expect(gridCards()).toHaveLength(10);
    expect(releaseCalls(calls())).toHaveLength(2);
  });

  it('stops loading after more than 3 failed pages', async () => {
    const user = setupUser({ pointerEventsCheck: 0 });
    const calls = stubFetch([
      [
        releasesCall,
        (url) =>
          url.searchParams.get('offset') === '0'
            ? listOf(releases(10, 'Ok'), 50)
            : new Response(JSON.stringify({ success: false, error: 'boom', message: 'boom', reqId: '1' }), { status: 500 }),
      ],
      [topCall, () => listOf([])],
    ]);
    renderPage();
    await screen.findByText('Ok 10');

    await user.click(screen.getByText('Show More'));
    await waitFor(() => expect(releaseCalls(calls())).toHaveLength(2));
    // Try Again retries the failed page, keeping the ten shown.
    for (let attempt = 2; attempt <= 4; attempt += 1) {
      await user.click(await screen.findByRole('button', { name: 'Try Again' }));
      await waitFor(() => expect(releaseCalls(calls())).toHaveLength(1 + attempt));
    }
    expect(releaseCalls(calls()).map((p) => p.get('offset'))).toEqual(['0', '10', '10', '10', '10']);

    expect(await screen.findByText('Failed to load releases. Please try again.')).toBeTruthy();
    act(() => FakeIntersectionObserver.scrollIntoView());
    expect(releaseCalls(calls())).toHaveLength(5);
    expect(gridCards()).toHaveLength(10);
    expect(screen.queryByText('Show More')).toBeNull();
  });

  it('hides Show More while the error shows, for a failed first page and a failed next page', async () => {
    const user = setupUser({ pointerEventsCheck: 0 });
    let isDown = true;
    const down = () => new Response(JSON.stringify({ success: false, error: 'down', message: 'down', reqId: '1' }), { status: 503 });
    stubFetch([
      [releasesCall, (url) => (isDown ? down() : listOf(releases(10, `Page${url.searchParams.get('offset')}`), 30))],
      [topCall, () => listOf([])],
    ]);
    renderPage();

    await screen.findByText('Failed to load releases. Please try again.');
    expect(screen.queryByText('Show More')).toBeNull();

    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByText('Page0 10');
    isDown = true;
    await user.click(screen.getByText('Show More'));
    await screen.findByText('Failed to load releases. Please try again.');
    expect(screen.queryByText('Show More')).toBeNull();
    expect(gridCards()).toHaveLength(10);

    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await screen.findByText('Page10 10');
    expect(gridCards()).toHaveLength(20);
    expect(screen.getByText('Show More')).toBeTruthy();
  });

  it('the type filter changes the headings and starts again at offset 0', async () => {
    const user = setupUser({ pointerEventsCheck: 0 });
    const album = aRelease({ title: 'Top Album', type: 'album' });
    const single = aRelease({ title: 'Top Single', type: 'single' });
    const calls = stubFetch([
      [releasesCall, (url) => listOf(releases(10, `${url.searchParams.get('type') ?? 'any'}${url.searchParams.get('offset')}`), 40)],
      [topCall, (url) => listOf([ranked(single, 1), ranked(album, 2)].filter(ofType(url)))],
    ]);
    renderPage();
    await screen.findByText('any0 10');
    await user.click(screen.getByText('Show More'));
    await screen.findByText('any10 10');
    expect(screen.getByRole('heading', { name: 'Top Releases' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'All Releases' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Albums' }));

    expect(await screen.findByRole('heading', { name: 'Top Albums' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'All Albums' })).toBeTruthy();
    await screen.findByText('album0 10');
    const last = releaseCalls(calls()).at(-1)!;
    expect(last.get('type')).toBe('album');
    expect(last.get('offset')).toBe('0');
    expect(gridCards()).toHaveLength(10);
    const top = within(await screen.findByRole('list', { name: 'Top Albums' }));
    expect(top.getByText('Top Album')).toBeTruthy();
    // The server ranks the albums (issue 15: the overall top 10 was filtered here).
    expect(calls()).toContain('/api/labels/buildit-records/top-releases?limit=10&type=album');
    expect(top.queryByText('Top Single')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Singles' }));
    expect(await screen.findByRole('heading', { name: 'All Singles' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Top Singles' })).toBeTruthy();
  });

  it('sends the search term as q once, 300 ms after typing stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = setupUser({ pointerEventsCheck: 0 });
    const calls = stubFetch([
      [releasesCall, (url) => listOf(releases(3, url.searchParams.get('q') ?? 'all'))],
      [topCall, () => listOf([])],
    ]);
    renderPage();
    await screen.findByText('all 3');

    await user.type(screen.getByPlaceholderText('Search releases...'), 'deep');
    const searches = () => releaseCalls(calls()).filter((p) => p.has('q'));
    expect(searches()).toHaveLength(0);

    act(() => vi.advanceTimersByTime(300));

    await screen.findByText('deep 3');
    expect(searches().map((p) => [p.get('q'), p.get('offset')])).toEqual([['deep', '0']]);
  });

  it('shows "No matches found" for a term without results and Clear Search brings the list back', async () => {
    const user = setupUser({ pointerEventsCheck: 0 });
    const calls = stubFetch([
      [releasesCall, (url) => listOf(url.searchParams.has('q') ? [] : releases(4, 'Item'))],
      [topCall, () => listOf([])],
    ]);
    renderPage();
    await screen.findByText('Item 4');

    await user.type(screen.getByPlaceholderText('Search releases...'), 'x');

    expect(await screen.findByText('No matches found for "x"')).toBeTruthy();
    // Issue 15: 'Latest Release' said 'No release to show.' and Top Releases stayed unfiltered above it.
    expect(screen.queryByRole('heading', { name: 'Latest Release' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Top Releases' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));

    await screen.findByText('Item 4');
    expect(screen.getByRole('heading', { name: 'Top Releases' })).toBeTruthy();
    expect(screen.getByPlaceholderText<HTMLInputElement>('Search releases...').value).toBe('');
    expect(screen.queryByText(/No matches found/)).toBeNull();
    expect(releaseCalls(calls()).filter((p) => p.get('q') === 'x')).toHaveLength(1);
  });

  it('a whitespace-only term means no filter', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = setupUser({ pointerEventsCheck: 0 });
    const calls = stubFetch([
      [releasesCall, () => listOf(releases(2, 'Any'))],
      [topCall, () => listOf([])],
    ]);
    renderPage();
    await screen.findByText('Any 2');

    await user.type(screen.getByPlaceholderText('Search releases...'), '   ');
    act(() => vi.advanceTimersByTime(400));

    expect(releaseCalls(calls()).filter((p) => p.has('q'))).toHaveLength(0);
    expect(gridCards()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByPlaceholderText<HTMLInputElement>('Search releases...').value).toBe('');
  });

  it('shows an error alert when releases fail and Try Again loads them', async () => {
    const user = setupUser({ pointerEventsCheck: 0 });
    let fail = true;
    stubFetch([
      [
        releasesCall,
        () =>
          fail
            ? new Response(JSON.stringify({ success: false, error: 'down', message: 'down', reqId: '1' }), { status: 503 })
            : listOf(releases(2, 'Back')),
      ],
      [topCall, () => listOf([])],
    ]);
    renderPage();

    const message = await screen.findByText('Failed to load releases. Please try again.');
    const alert = message.closest<HTMLElement>('[role="alert"]')!;
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));

    await screen.findByText('Back 2');
    expect(screen.queryByText('Failed to load releases. Please try again.')).toBeNull();
  });

  it('Refresh fetches the list again from the first page', async () => {
    const user = setupUser({ pointerEventsCheck: 0 });
    let version = 'Before';
    const calls = stubFetch([
      [releasesCall, () => listOf(releases(10, version), 20)],
      [topCall, () => listOf([])],
    ]);
    renderPage();
    await screen.findByText('Before 10');

    version = 'After';
    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    await screen.findByText('After 10');
    expect(releaseCalls(calls()).map((p) => p.get('offset'))).toEqual(['0', '0']);
  });

  it('shows "Unable to load top releases" when the top list fails', async () => {
    stubFetch([
      [releasesCall, () => listOf(releases(1, 'One'))],
      [topCall, () => new Response(JSON.stringify({ success: false, error: 'x', message: 'x', reqId: '1' }), { status: 500 })],
    ]);
    renderPage();
    expect(await screen.findByText('Unable to load top releases')).toBeTruthy();
  });

  it('shows "No top releases found" when the top list is empty for the type', async () => {
    const user = setupUser({ pointerEventsCheck: 0 });
    stubFetch([
      [releasesCall, () => listOf(releases(1, 'One'))],
      [topCall, (url) => listOf([ranked(aRelease({ title: 'Only Single', type: 'single' }), 1)].filter(ofType(url)))],
    ]);
    renderPage();
    expect(await screen.findByText('Only Single')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Compilations' }));

    expect(await screen.findByText('No top releases found')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Top Compilations' })).toBeTruthy();
  });

  it('opens the release detail modal from a card, and fetches a top release whole first', async () => {
    const user = setupUser({ pointerEventsCheck: 0 });
    const withTracks = aRelease({ id: 'with-tracks', title: 'Listed', tracks: [aTrack({ title: 'Listed Track' })] });
    const topOne = aRelease({ id: 'top-one', title: 'Charting', total_tracks: 1 });
    delete topOne.tracks;
    const calls = stubFetch([
      [releasesCall, () => listOf([withTracks])],
      [topCall, () => listOf([ranked(topOne, 1)])],
      [/^\/api\/releases\/top-one/, () => ({ success: true, data: { ...topOne, tracks: [aTrack({ title: 'Fetched Track' })] } })],
    ]);
    renderPage();

    await user.click(await grid().findByRole('button', { name: /^Listed/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Listed' });
    expect(within(dialog).getByText('Listed Track')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(screen.getByRole('list', { name: 'Top Releases' })).getByRole('button', { name: /Charting/ }));
    const second = await screen.findByRole('dialog', { name: 'Charting' });
    expect(await within(second).findByText('Fetched Track')).toBeTruthy();
    expect(calls().some((c) => c.startsWith('/api/releases/top-one'))).toBe(true);
  });

  it('a release link opens the page with its modal; an unknown one is Page Not Found', async () => {
    const linked = aRelease({ id: 'linked', title: 'Linked', tracks: [aTrack({ title: 'Linked Track' })] });
    stubFetch([
      [releasesCall, () => listOf(releases(3, 'Listed'))],
      [topCall, () => listOf([])],
      [/^\/api\/releases\/linked\?/, () => ({ success: true, data: linked })],
      [/^\/api\/releases\/unknown\?/, () => new Response(JSON.stringify({ success: false, error: 'Release not found', message: 'Release not found', reqId: 'r' }), { status: 404 })],
    ]);
    const route = '/:label/releases/:releaseId?';
    const shown = renderWithApp(<ReleasesPage />, { path: '/tech/releases/linked', route });
    const dialog = await screen.findByRole('dialog', { name: 'Linked' });
    expect(await within(dialog).findByText('Linked Track')).toBeTruthy();
    shown.unmount();

    renderWithApp(<ReleasesPage />, { path: '/tech/releases/unknown', route });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/tech');
  });
});
