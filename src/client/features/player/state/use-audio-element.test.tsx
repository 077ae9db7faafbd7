import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debugLog } from '../../../lib/debug-log.js';
import { useAudioElement, type AudioControls, type AudioEvents } from './use-audio-element.js';

// jsdom cannot play media: play() and pause() are recorded; a test fires the element's events itself.
let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
beforeEach(() => {
  play = vi.fn(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => play());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

function recorder() {
  const seen: unknown[][] = [];
  const events: AudioEvents = {
    onPlay: () => seen.push(['play']),
    onPause: () => seen.push(['pause']),
    onEnded: () => seen.push(['ended']),
    onTimeUpdate: (position) => seen.push(['time', position]),
    onDuration: (duration) => seen.push(['duration', duration]),
    onError: () => seen.push(['error']),
  };
  return { seen, events };
}

let controls: AudioControls;
function Harness({ events, volume = 1 }: { events: AudioEvents; volume?: number }) {
  const audio = useAudioElement(events, volume);
  controls = audio;
  // eslint-disable-next-line jsx-a11y/media-has-caption
  return <audio ref={audio.ref} data-testid="audio" />;
}
const element = () => screen.getByTestId<HTMLAudioElement>('audio');
/** What jsdom cannot know without playing: the length, and whether the element plays. */
function pretend(audio: HTMLAudioElement, values: { duration?: number; paused?: boolean }) {
  for (const [key, value] of Object.entries(values)) Object.defineProperty(audio, key, { configurable: true, value });
}

describe('useAudioElement', () => {
  it("reports the element's events with its time and length", () => {
    const { seen, events } = recorder();
    render(<Harness events={events} />);
    fireEvent.play(element());
    element().currentTime = 12.5;
    fireEvent.timeUpdate(element());
    pretend(element(), { duration: 29.8 });
    fireEvent.loadedMetadata(element());
    fireEvent.durationChange(element());
    fireEvent.pause(element());
    fireEvent.ended(element());
    fireEvent.error(element());
    expect(seen).toEqual([['play'], ['time', 12.5], ['duration', 29.8], ['duration', 29.8], ['pause'], ['ended'], ['error']]);
  });

  it('calls the handlers of the latest render', () => {
    const first = recorder();
    const second = recorder();
    const { rerender } = render(<Harness events={first.events} />);
    rerender(<Harness events={second.events} />);
    fireEvent.play(element());
    expect(first.seen).toEqual([]);
    expect(second.seen).toEqual([['play']]);
  });

  it('loads a preview to play at once', () => {
    render(<Harness events={recorder().events} />);
    act(() => controls.load('/media/previews/a.wav', { autoplay: true }));
    expect(element().getAttribute('src')).toBe('/media/previews/a.wav');
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('loads a restored preview paused, and moves to its position once the length is known, once', () => {
    render(<Harness events={recorder().events} />);
    act(() => controls.load('/media/previews/b.wav', { autoplay: false, startAt: 42 }));
    expect(play).not.toHaveBeenCalled();
    expect(element().currentTime).toBe(0);
    pretend(element(), { duration: 60 });
    fireEvent.loadedMetadata(element());
    expect(element().currentTime).toBe(42);
    element().currentTime = 3;
    fireEvent.durationChange(element());
    expect(element().currentTime).toBe(3);
  });

  it('forgets a pending position when another source takes over', () => {
    render(<Harness events={recorder().events} />);
    act(() => controls.load('/media/previews/b.wav', { autoplay: false, startAt: 42 }));
    act(() => controls.release());
    fireEvent.loadedMetadata(element());
    expect(element().currentTime).toBe(0);
  });

  it('release pauses only a preview that plays; pause always asks', () => {
    render(<Harness events={recorder().events} />);
    act(() => controls.release());
    expect(HTMLMediaElement.prototype.pause).not.toHaveBeenCalled();
    pretend(element(), { paused: false });
    act(() => controls.release());
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledTimes(1);
    act(() => controls.pause());
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledTimes(2);
  });

  it('seeks and follows the volume', () => {
    const { events } = recorder();
    const { rerender } = render(<Harness events={events} volume={0.3} />);
    expect(element().volume).toBe(0.3);
    rerender(<Harness events={events} volume={0.8} />);
    expect(element().volume).toBe(0.8);
    act(() => controls.seek(7));
    expect(element().currentTime).toBe(7);
  });

  it('notes a refused play in the debug log, but not one replaced by another source', async () => {
    const warn = vi.spyOn(debugLog, 'warn');
    render(<Harness events={recorder().events} />);
    play.mockRejectedValueOnce(new DOMException('The play() request was interrupted', 'AbortError'));
    await act(async () => controls.play());
    expect(warn).not.toHaveBeenCalled();
    play.mockRejectedValueOnce(new DOMException('play() failed because the user did not interact', 'NotAllowedError'));
    await act(async () => controls.play());
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Playback refused: NotAllowedError'));
  });

  it('keeps the same controls across renders', () => {
    const { events } = recorder();
    const { rerender } = render(<Harness events={events} />);
    const first = controls;
    rerender(<Harness events={events} volume={0.5} />);
    expect(controls).toBe(first);
  });
});
