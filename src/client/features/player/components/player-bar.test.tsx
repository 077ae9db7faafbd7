import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aCredit, aTrack } from '../../../../../tests/helpers/catalog-builders.js';
import { renderWithApp, setupUser } from '../../../../../tests/helpers/render.js';
import { PlayerBar } from './player-bar.js';
import { formatTime } from './seek-bar.js';
import { PlayButton } from './play-button.js';

const tracks = [1, 2].map((n) =>
  aTrack({
    id: `k${n}`,
    title: `Tune ${n}`,
    mix_version: n === 2 ? 'Velora Kash Remix' : null,
    track_number: n,
    preview_url: `/media/previews/k${n}.wav`,
    artists: [aCredit({ name: 'Kwoaro' }), aCredit({ name: 'Ilyrrin Druani', role: 'featured' }), aCredit({ name: 'Velora Kash', role: 'remixer' })],
  }),
);

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => vi.restoreAllMocks());

const bar = async () => within(await screen.findByRole('region', { name: 'Player' }));

async function renderPlaying() {
  renderWithApp(
    <>
      <input aria-label="Search" />
      {tracks.map((track) => (
        <PlayButton key={track.id} track={track} queue={tracks} />
      ))}
      <PlayerBar />
    </>,
  );
  await setupUser().click(screen.getByRole('button', { name: 'Play Tune 1' }));
  (document.activeElement as HTMLElement).blur();
}

describe('PlayerBar', () => {
  it('names every control and shows elapsed and total time', async () => {
    await renderPlaying();
    for (const name of ['Previous track', 'Pause', 'Next track', 'Queue']) expect((await bar()).getByRole('button', { name })).toBeTruthy();
    expect((await bar()).getByRole('slider', { name: 'Seek' })).toBeTruthy();
    expect((await bar()).getByRole('slider', { name: 'Volume' })).toBeTruthy();
    expect((await bar()).getByText('0:00')).toBeTruthy();
    expect((await bar()).getByText('5:00')).toBeTruthy(); // the track's own duration until the audio reports one
    expect(document.documentElement.style.getPropertyValue('--player-bar-height')).toBe('80px');
  });

  it('credits the artists as the release does, and announces each new track politely', async () => {
    await renderPlaying();
    // Issue 15: the bar said 'Ilyrrin Druani, Kwoaro, Velora Kash'; the modal's format is the site's one.
    expect((await bar()).getByText('Kwoaro feat. Ilyrrin Druani (remix: Velora Kash)')).toBeTruthy();
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Now playing: Tune 1 by Kwoaro feat. Ilyrrin Druani (remix: Velora Kash)');
    await setupUser().click((await bar()).getByRole('button', { name: 'Next track' }));
    expect(status.textContent).toBe('Now playing: Tune 2 (Velora Kash Remix) by Kwoaro feat. Ilyrrin Druani (remix: Velora Kash)');
    // Play buttons name the mix too.
    expect(screen.getByRole('button', { name: 'Pause Tune 2 (Velora Kash Remix)' })).toBeTruthy();
  });

  it('formats times as m:ss', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(75.9)).toBe('1:15');
    expect(formatTime(Number.NaN)).toBe('0:00');
  });
});

describe('keyboard shortcuts', () => {
  it('space pauses and plays, n and p move through the queue', async () => {
    await renderPlaying();
    await setupUser().keyboard(' ');
    expect((await bar()).getByRole('button', { name: 'Play' })).toBeTruthy();
    await setupUser().keyboard(' ');
    expect((await bar()).getByRole('button', { name: 'Pause' })).toBeTruthy();
    await setupUser().keyboard('n');
    expect((await bar()).getByText('Tune 2 (Velora Kash Remix)')).toBeTruthy();
    await setupUser().keyboard('p');
    expect((await bar()).getByText('Tune 1')).toBeTruthy();
  });

  it('leaves space and n alone while the visitor types', async () => {
    await renderPlaying();
    await setupUser().click(screen.getByRole('textbox', { name: 'Search' }));
    await setupUser().keyboard(' n');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Search' }).value).toBe(' n');
    expect((await bar()).getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect((await bar()).getByText('Tune 1')).toBeTruthy();
  });

  it('? shows and hides the list of shortcuts', async () => {
    await renderPlaying();
    await setupUser().keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Next track')).toBeTruthy();
    await setupUser().keyboard('?');
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());
  });
});
