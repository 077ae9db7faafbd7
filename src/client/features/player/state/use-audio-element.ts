import { useEffect, useMemo, useRef } from 'react';
import { debugLog } from '../../../lib/debug-log.js';

/** What the element reports; read at the moment of each event, so they may change on every render. */
export interface AudioEvents {
  onPlay(): void;
  onPause(): void;
  onEnded(): void;
  /** Seconds, on each time update. */
  onTimeUpdate(position: number): void;
  /** Seconds, once the element knows the length (it may be Infinity or NaN for a stream). */
  onDuration(duration: number): void;
  onError(): void;
}

export interface AudioControls {
  /** Loads a preview: playing at once, or paused to start at `startAt` once its length is known. */
  load(src: string, options: { autoplay: true } | { autoplay: false; startAt: number }): void;
  play(): void;
  pause(): void;
  /** Pauses only a preview that plays: another source (the Spotify embed) takes over. */
  release(): void;
  seek(seconds: number): void;
}

/**
 * Owns the page's one audio element: its listeners, volume and commands. Render
 * `<audio ref={ref}>` once; the controls stay the same object for the element's life.
 */
export function useAudioElement(events: AudioEvents, volume: number) {
  const ref = useRef<HTMLAudioElement>(null);
  const latest = useRef(events);
  useEffect(() => {
    latest.current = events;
  });
  // A restored preview seeks once its metadata is in: before that the element ignores currentTime.
  const pendingSeek = useRef<number | null>(null);

  useEffect(() => {
    const audio = ref.current;
    if (!audio) return;
    const onDuration = () => {
      latest.current.onDuration(audio.duration);
      if (pendingSeek.current !== null) {
        audio.currentTime = pendingSeek.current;
        pendingSeek.current = null;
      }
    };
    const listeners: [keyof HTMLMediaElementEventMap, () => void][] = [
      ['play', () => latest.current.onPlay()],
      ['pause', () => latest.current.onPause()],
      ['ended', () => latest.current.onEnded()],
      ['timeupdate', () => latest.current.onTimeUpdate(audio.currentTime)],
      ['loadedmetadata', onDuration],
      ['durationchange', onDuration],
      ['error', () => latest.current.onError()],
    ];
    for (const [name, listener] of listeners) audio.addEventListener(name, listener);
    return () => {
      for (const [name, listener] of listeners) audio.removeEventListener(name, listener);
    };
  }, []);

  useEffect(() => {
    if (ref.current) ref.current.volume = volume;
  }, [volume]);

  return useMemo<AudioControls & { ref: typeof ref }>(
    () => ({
      ref,
      load(src, options) {
        const audio = ref.current;
        if (!audio) return;
        audio.src = src;
        pendingSeek.current = options.autoplay ? null : options.startAt;
        if (options.autoplay) void audio.play().catch(onPlayRejected);
      },
      play() {
        void ref.current?.play().catch(onPlayRejected);
      },
      pause() {
        ref.current?.pause();
      },
      release() {
        const audio = ref.current;
        pendingSeek.current = null;
        if (audio && !audio.paused) audio.pause();
      },
      seek(seconds) {
        if (ref.current) ref.current.currentTime = seconds;
      },
    }),
    [],
  );
}

/** A refused play(): AbortError only means another source replaced this one. */
function onPlayRejected(error: unknown) {
  if (!(error instanceof DOMException && error.name === 'AbortError')) debugLog.warn(`Playback refused: ${String(error)}`);
}
