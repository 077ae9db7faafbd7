import { fireEvent, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aTrack } from '../../../../../tests/helpers/catalog-builders.js';
import { renderWithApp, setupUser } from '../../../../../tests/helpers/render.js';
import { PlayButton } from './play-button.js';
import { PlayerBar } from './player-bar.js';

const tracks = [1, 2].map((n) => aTrack({ id: `t${n}`, title: `Song ${n}`, track_number: n, preview_url: `/media/previews/t${n}.wav` }));

// jsdom cannot play media: play() announces itself the way a browser would.
beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
});
afterEach(() => vi.restoreAllMocks());

describe('PlayButton', () => {
  it('does not re-render while the playing track moves on; the seek bar does', async () => {
    let buttonRenders = 0;
    renderWithApp(
      <>
        <Profiler id="play-buttons" onRender={() => (buttonRenders += 1)}>
          {tracks.map((track) => (
            <PlayButton key={track.id} track={track} queue={tracks} />
          ))}
        </Profiler>
        <PlayerBar />
      </>,
    );
    await setupUser().click(screen.getByRole('button', { name: 'Play Song 1' }));
    const audio = screen.getByTestId('player-audio') as HTMLAudioElement;
    const rendersBefore = buttonRenders;

    for (const second of [1, 2, 3, 4, 5]) {
      audio.currentTime = second;
      fireEvent(audio, new Event('timeupdate'));
    }

    const seek = within(await screen.findByRole('region', { name: 'Player' })).getByRole('slider', { name: 'Seek' });
    expect(seek.getAttribute('aria-valuenow')).toBe('5');
    expect(buttonRenders).toBe(rendersBefore);
  });

  it('says why Play is disabled for a track with no preview and no Spotify URL', () => {
    renderWithApp(<PlayButton track={aTrack({ id: 'silent', title: 'Silent', preview_url: null, spotify_url: null })} />);
    const play = screen.getByRole('button', { name: 'Play Silent' }) as HTMLButtonElement;
    expect(play.disabled).toBe(true);
    expect(play.parentElement?.getAttribute('title')).toBe('No preview yet');
  });
});
