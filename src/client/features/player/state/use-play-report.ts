import { useCallback, useEffect, useRef } from 'react';
import { playReportAfterMs, reportPlay } from './player-tracks.js';

/**
 * Reports a track's play once, after playReportAfterMs of actual playback: the clock runs only while
 * the audio plays and adds up across pauses, until the track changes.
 */
export function usePlayReport() {
  const listening = useRef({ trackId: '', listenedMs: 0, since: null as number | null, reported: false, timer: undefined as ReturnType<typeof setTimeout> | undefined });

  const stopClock = useCallback(() => {
    const l = listening.current;
    clearTimeout(l.timer);
    if (l.since !== null) l.listenedMs += Date.now() - l.since;
    l.since = null;
  }, []);

  /** Starts over for `trackId`; without it, for the same track (it ended and may play again). */
  const resetClock = useCallback(
    (trackId = listening.current.trackId) => {
      stopClock();
      listening.current = { trackId, listenedMs: 0, since: null, reported: false, timer: undefined };
    },
    [stopClock],
  );

  const startClock = useCallback(() => {
    const l = listening.current;
    if (l.reported || l.since !== null) return;
    l.since = Date.now();
    l.timer = setTimeout(() => {
      stopClock();
      l.reported = true;
      void reportPlay(l.trackId);
    }, playReportAfterMs - l.listenedMs);
  }, [stopClock]);

  useEffect(() => () => stopClock(), [stopClock]);

  return { startClock, stopClock, resetClock };
}
