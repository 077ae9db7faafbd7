import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { debugLog } from '../../../lib/debug-log.js';
import { notify } from '../../../lib/notifications.js';
import { PlayerContext, PlayerTimeContext, type PlayerState, type PlayerTime } from './player-context.js';
import {
  currentTrack as currentOf,
  initialPlayerModel,
  isPlaying as isPlayingOf,
  nearestPlayable,
  planPlayAt,
  planPrevious,
  planToggle,
  playerReducer,
  savedCopy,
  type PlayerAction,
  type PlayerMove,
} from './player-reducer.js';
import { noSpotifyUrlMessage, playSource, readStored, writeStored, type QueueItem, type Sources } from './player-tracks.js';
import { useAudioElement } from './use-audio-element.js';
import { useMediaSession } from './use-media-session.js';
import { usePlayReport } from './use-play-report.js';

/**
 * The player's state (player-reducer.ts), kept where commands read it at once: the reducer runs in
 * dispatch rather than in React's render, so that previous() or a pause saved right after a time
 * update sees that update, and no command has to change with every time update.
 */
function usePlayerModel() {
  const latest = useRef(initialPlayerModel);
  const [state, setState] = useState(initialPlayerModel);
  const dispatch = useCallback((action: PlayerAction) => {
    latest.current = playerReducer(latest.current, action);
    setState(latest.current);
  }, []);
  return { state, latest, dispatch };
}

/** Owns the queue and its saved copy, the one audio element (use-audio-element.ts) and the play reports. */
export function PlayerProvider({ children, isPremium }: { children: ReactNode; isPremium: boolean }) {
  // Premium comes from app/ (the Spotify feature), so the player does not import another feature.
  const sourceOf = useCallback((track: Sources) => playSource(track, isPremium), [isPremium]);
  const playsInPage = useCallback((track: Sources) => ['audio', 'embed'].includes(sourceOf(track)), [sourceOf]);
  const { state, latest, dispatch } = usePlayerModel();
  const { startClock, stopClock, resetClock } = usePlayReport();
  const saveNow = useCallback(() => {
    if (latest.current.isRestored) writeStored(savedCopy(latest.current));
  }, [latest]);

  // The element's events lead to commands defined below it (an ended track starts the next one):
  // the hook calls them only on events, after this render.
  const audio = useAudioElement(
    {
      onPlay() {
        dispatch({ type: 'audioPlayed' });
        startClock();
      },
      onPause() {
        dispatch({ type: 'audioPaused' });
        stopClock();
        saveNow();
      },
      onEnded() {
        dispatch({ type: 'audioEnded' });
        resetClock();
        next();
      },
      onTimeUpdate: (position) => dispatch({ type: 'positionChanged', position }),
      onDuration: (duration) => dispatch({ type: 'durationKnown', duration }),
      onError() {
        const track = currentOf(latest.current);
        dispatch({ type: 'audioFailed' });
        debugLog.warn(`Preview could not be played: ${track?.title ?? 'unknown track'}`);
        if (track && !track.spotify_url) notify(noSpotifyUrlMessage, { variant: 'warning' });
      },
    },
    state.volume,
  );

  const start = useCallback(
    (queue: QueueItem[], index: number) => {
      const item = queue[index];
      if (!item) return;
      const inEmbed = sourceOf(item) !== 'audio' || !item.preview_url;
      dispatch({ type: 'started', queue, index, inEmbed });
      resetClock(item.id);
      if (inEmbed) audio.release();
      else audio.load(item.preview_url!, { autoplay: true });
    },
    [audio, dispatch, resetClock, sourceOf],
  );

  const sourceNow = useCallback(() => {
    const track = currentOf(latest.current);
    return track ? sourceOf(track) : 'none';
  }, [latest, sourceOf]);
  const play = useCallback(() => {
    const source = sourceNow();
    if (source === 'audio') audio.play();
    else if (source === 'embed') dispatch({ type: 'embedShown', isOpen: true });
  }, [audio, dispatch, sourceNow]);
  const pause = useCallback(() => {
    if (sourceNow() === 'audio') audio.pause();
    else dispatch({ type: 'embedShown', isOpen: false });
  }, [audio, dispatch, sourceNow]);
  const seek = useCallback(
    (seconds: number) => {
      audio.seek(seconds);
      dispatch({ type: 'positionChanged', position: seconds });
    },
    [audio, dispatch],
  );

  /** Carries out what a plan function decided. */
  const move = useCallback(
    (planned: PlayerMove) => {
      if (planned.kind === 'play') play();
      else if (planned.kind === 'pause') pause();
      else if (planned.kind === 'start') start(planned.queue, planned.index);
      else if (planned.kind === 'seek') seek(planned.seconds);
      else if (planned.kind === 'link') window.open(planned.url, '_blank', 'noopener');
      else if (planned.kind === 'unplayable') notify(noSpotifyUrlMessage, { variant: 'warning' });
    },
    [pause, play, seek, start],
  );
  const next = useCallback(() => {
    const after = nearestPlayable(latest.current, 1, playsInPage);
    if (after !== undefined) start(latest.current.queue, after);
  }, [latest, playsInPage, start]);
  const previous = useCallback(() => move(planPrevious(latest.current, sourceNow(), playsInPage)), [latest, move, playsInPage, sourceNow]);
  const playAt = useCallback((index: number) => move(planPlayAt(latest.current, index, playsInPage)), [latest, move, playsInPage]);
  const toggle = useCallback<PlayerState['toggle']>(
    (track, list, context) => move(planToggle(latest.current, { track, list, context }, sourceOf)),
    [latest, move, sourceOf],
  );
  const setVolume = useCallback((volume: number) => dispatch({ type: 'volumeChanged', volume }), [dispatch]);

  // Read the saved queue once after mount (never during render), paused at the saved position; a
  // track played meanwhile wins (the reducer keeps it). Reading it loads its checks first.
  useEffect(() => {
    if (latest.current.isRestored) return;
    let isCurrent = true;
    void readStored().then((stored) => {
      if (!isCurrent) return;
      const isApplied = stored !== null && !latest.current.hasStarted;
      dispatch({ type: 'restored', stored });
      const item = currentOf(latest.current);
      if (!isApplied || !item) return;
      resetClock(item.id);
      if (sourceOf(item) === 'audio' && item.preview_url) audio.load(item.preview_url, { autoplay: false, startAt: latest.current.position });
    });
    return () => {
      isCurrent = false;
    };
  }, [audio, dispatch, latest, resetClock, sourceOf]);

  // Saved on every change of queue, track or volume, on each new second and on pause.
  const savedSecond = Math.floor(state.position);
  useEffect(saveNow, [saveNow, state.isRestored, state.queue, state.index, state.volume, savedSecond]);

  const track = currentOf(state);
  const source = track ? sourceOf(track) : 'none';
  const isPlaying = isPlayingOf(state, source);
  const { queue, index, volume, position, duration } = state;
  const value = useMemo<PlayerState>(
    () => ({ queue, index, currentTrack: track, source, isPlaying, volume, toggle, play, pause, next, previous, playAt, seek, setVolume }),
    [queue, index, track, source, isPlaying, volume, toggle, play, pause, next, previous, playAt, seek, setVolume],
  );
  const time = useMemo<PlayerTime>(() => ({ position, duration }), [position, duration]);
  useMediaSession(value);
  return (
    <PlayerContext.Provider value={value}>
      <PlayerTimeContext.Provider value={time}>{children}</PlayerTimeContext.Provider>
      {/* Music from the catalog: no speech to caption. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio ref={audio.ref} preload="metadata" hidden data-testid="player-audio" />
    </PlayerContext.Provider>
  );
}
