import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aTrack } from '../../../../../tests/helpers/catalog-builders.js';
import { renderWithApp, setupUser } from '../../../../../tests/helpers/render.js';
import { PlayButton } from '../components/play-button.js';
import { PlayerBar } from '../components/player-bar.js';
import type { Track } from '../../../../shared/api/catalog.js';
import { debugLog } from '../../../lib/debug-log.js';
import { clientIdStorageKey, playerStorageKey, spotifyTrackId } from './player-tracks.js';

const spotifyId = '4uLU6hMCjMI75M1A2tKUQC';
const tracks = [1, 2, 3].map((n) => aTrack({ id: `t${n}`, title: `Song ${n}`, track_number: n, preview_url: `/media/previews/t${n}.wav` }));

// jsdom cannot play media: play() and pause() announce themselves the way a browser would.
beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const audio = () => screen.getByTestId('player-audio') as HTMLAudioElement;
const bar = async () => within(await screen.findByRole('region', { name: 'Player' }));

function renderTable(list: Track[] = tracks) {
  return renderWithApp(
    <>
      {list.map((track) => (
        <PlayButton key={track.id} track={track} queue={list} context={{ releaseTitle: 'Night Moves', artworkUrl: '/cover.jpg' }} />
      ))}
      <PlayerBar />
    </>,
  );
}

describe('player', () => {
  it('plays a track and pauses it on a second click (docs/product.md §4)', async () => {
    renderTable();
    expect(screen.queryByRole('region', { name: 'Player' })).toBeNull();
    await setupUser().click(screen.getByRole('button', { name: 'Play Song 1' }));
    expect(audio().getAttribute('src')).toBe('/media/previews/t1.wav');
    expect((await bar()).getByText('Song 1')).toBeTruthy();
    expect((await bar()).getByRole('img', { name: 'Night Moves' }).getAttribute('src')).toBe('/cover.jpg');

    await setupUser().click(screen.getByRole('button', { name: 'Pause Song 1' }));
    expect(screen.getByRole('button', { name: 'Play Song 1' })).toBeTruthy();
    expect((await bar()).getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledTimes(1);
  });

  it('queues the table, moves with next / previous and advances when a track ends', async () => {
    renderTable();
    await setupUser().click(screen.getByRole('button', { name: 'Play Song 1' }));
    await setupUser().click((await bar()).getByRole('button', { name: 'Next track' }));
    expect(audio().getAttribute('src')).toBe('/media/previews/t2.wav');
    expect(screen.getByRole('button', { name: 'Pause Song 2' })).toBeTruthy();

    await setupUser().click((await bar()).getByRole('button', { name: 'Previous track' }));
    expect(audio().getAttribute('src')).toBe('/media/previews/t1.wav');

    fireEvent(audio(), new Event('ended'));
    expect(audio().getAttribute('src')).toBe('/media/previews/t2.wav');
    expect((await bar()).getByText('Song 2')).toBeTruthy();

    await setupUser().click((await bar()).getByRole('button', { name: 'Queue' }));
    const queue = within(screen.getByRole('menu', { name: 'Queue' }));
    expect(queue.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Song 1', 'Song 2', 'Song 3'].map((t) => expect.stringContaining(t)));
    await setupUser().click(queue.getByText('Song 3'));
    expect(audio().getAttribute('src')).toBe('/media/previews/t3.wav');
  });

  it('disables Play for a track with nothing to play (docs/product.md §5)', () => {
    renderWithApp(
      <>
        <PlayButton track={aTrack({ title: 'Silent' })} />
        <PlayButton track={aTrack({ title: 'Linked', spotify_url: 'https://open.spotify.com/album/abc' })} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Play Silent' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Play Linked' })).toHaveProperty('disabled', false);
  });

  it('links out when a track has only a Spotify link that is not a track', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderTable([aTrack({ title: 'Album only', spotify_url: 'https://open.spotify.com/album/abc' })]);
    await setupUser().click(screen.getByRole('button', { name: 'Play Album only' }));
    expect(open).toHaveBeenCalledWith('https://open.spotify.com/album/abc', '_blank', 'noopener');
    expect(screen.queryByRole('region', { name: 'Player' })).toBeNull();
  });

  it('shows the Spotify embed for a Spotify track without a preview', async () => {
    renderTable([aTrack({ title: 'Embedded', spotify_url: `https://open.spotify.com/track/${spotifyId}?si=x` })]);
    await setupUser().click(screen.getByRole('button', { name: 'Play Embedded' }));
    const frame = screen.getByTitle('Spotify player: Embedded');
    expect(frame.getAttribute('src')).toBe(`https://open.spotify.com/embed/track/${spotifyId}`);
    expect(frame.getAttribute('allow')).toContain('encrypted-media');
    expect(frame.getAttribute('allow')).toContain('autoplay');
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();

    await setupUser().click(screen.getByRole('button', { name: 'Pause Embedded' }));
    expect(screen.queryByTitle('Spotify player: Embedded')).toBeNull();
  });

  it('reads track ids only from Spotify track links', () => {
    expect(spotifyTrackId(`https://open.spotify.com/intl-de/track/${spotifyId}`)).toBe(spotifyId);
    expect(spotifyTrackId(`spotify:track:${spotifyId}`)).toBe(spotifyId);
    expect(spotifyTrackId(`https://open.spotify.com/album/${spotifyId}`)).toBeNull();
    expect(spotifyTrackId(`https://evil.example/track/${spotifyId}`)).toBeNull();
    expect(spotifyTrackId(null)).toBeNull();
  });

  it('keeps the queue, the track and the position across a reload, paused', async () => {
    const first = renderTable();
    await setupUser().click(screen.getByRole('button', { name: 'Play Song 2' }));
    audio().currentTime = 12;
    fireEvent(audio(), new Event('timeupdate'));
    first.unmount();
    expect(JSON.parse(localStorage.getItem(playerStorageKey)!)).toMatchObject({ index: 1, position: 12 });

    renderWithApp(<PlayerBar />);
    expect(await screen.findByText('Song 2')).toBeTruthy();
    expect((await bar()).getByRole('button', { name: 'Play' })).toBeTruthy();
    expect((await bar()).getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuenow')).toBe('12');
    expect(audio().getAttribute('src')).toBe('/media/previews/t2.wav');
    await setupUser().click((await bar()).getByRole('button', { name: 'Queue' }));
    expect(within(screen.getByRole('menu', { name: 'Queue' })).getAllByRole('menuitem')).toHaveLength(3);
  });

  it('ignores a saved player state that does not fit', () => {
    localStorage.setItem(playerStorageKey, JSON.stringify({ queue: 'nope' }));
    renderWithApp(<PlayerBar />);
    expect(screen.queryByRole('region', { name: 'Player' })).toBeNull();
  });
});

describe('play reports', () => {
  function stubPlays(answer: () => Promise<Response>) {
    const calls: { url: string; body: unknown }[] = [];
    globalThis.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), body: JSON.parse(String(init?.body)) });
      return answer();
    }) as typeof fetch;
    return calls;
  }

  it('reports a play once, after 5 s of actual playback', async () => {
    vi.useFakeTimers();
    const calls = stubPlays(async () => new Response('{}', { status: 201 }));
    renderTable();
    fireEvent.click(screen.getByRole('button', { name: 'Play Song 1' }));
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.click(screen.getByRole('button', { name: 'Pause Song 1' }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(calls).toHaveLength(0); // paused: listening time stands still

    fireEvent.click(screen.getByRole('button', { name: 'Play Song 1' }));
    act(() => vi.advanceTimersByTime(1999));
    expect(calls).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(calls).toEqual([{ url: '/api/plays', body: { track_id: 't1', client_id: localStorage.getItem(clientIdStorageKey) } }]);
    expect(localStorage.getItem(clientIdStorageKey)).toMatch(/^[0-9a-f]{32}$/);

    fireEvent.click(screen.getByRole('button', { name: 'Pause Song 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Play Song 1' }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(calls).toHaveLength(1);
  });

  it('does not report a track that was started and paused at once', () => {
    vi.useFakeTimers();
    const calls = stubPlays(async () => new Response('{}', { status: 201 }));
    renderTable();
    fireEvent.click(screen.getByRole('button', { name: 'Play Song 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pause Song 1' }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(calls).toHaveLength(0);
  });

  it('notes a failed report in the debug log and nowhere else', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(debugLog, 'warn');
    stubPlays(() => Promise.reject(new TypeError('Failed to fetch')));
    renderTable();
    fireEvent.click(screen.getByRole('button', { name: 'Play Song 1' }));
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Play report failed'));
  });
});
