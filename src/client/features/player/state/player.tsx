import { notify } from '../../../lib/notifications.js';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { debugLog } from '../../../lib/debug-log.js';
import { usePlayReport } from './use-play-report.js';
import { PlayerContext, PlayerTimeContext, type PlayerState, type PlayerTime } from './player-context.js';
import {
  playSource,
  readStored,
  toQueueItem,
  writeStored,
  noSpotifyUrlMessage,
  type PlayableTrack,
  type PlayContext,
  type QueueItem,
  type Sources,
  type Stored,
} from './player-tracks.js';

/** Owns the one audio element, the queue and its saved copy, and the play reports. */
export function PlayerProvider({ children, isPremium }: { children: ReactNode; isPremium: boolean }) {
  // Premium comes from app/ (the Spotify feature), so the player does not import another feature.
  const sourceOf = useCallback((track: Sources) => playSource(track, isPremium), [isPremium]);
  const playsInPage = useCallback((track: Sources) => ['audio', 'embed'].includes(sourceOf(track)), [sourceOf]);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [queue, setQueue] = useState<QueueItem[]>([]);
  const [index, setIndex] = useState(-1);
  const [audioPlaying, setAudioPlaying] = useState(false);
  const [embedOpen, setEmbedOpen] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolumeState] = useState(1);
  const [hydrated, setHydrated] = useState(false);
  const snapshot = useRef<Omit<Stored, 'position'>>({ queue: [], index: -1, volume: 1 });
  const savedSecond = useRef(-1);
  const positionRef = useRef(0);
  const pendingSeek = useRef<number | null>(null);
  const { startClock, stopClock, resetClock } = usePlayReport();

  const currentTrack = queue[index] ?? null;
  const source = currentTrack ? sourceOf(currentTrack) : 'none';
  const isPlaying = source === 'audio' ? audioPlaying : source === 'embed' && embedOpen;

  const start = useCallback(
    (items: QueueItem[], at: number) => {
      const item = items[at];
      if (!item) return;
      const audio = audioRef.current;
      hasStarted.current = true;
      setQueue(items);
      setIndex(at);
      setPosition(0);
      positionRef.current = 0;
      setDuration((item.duration_ms ?? 0) / 1000);
      resetClock(item.id);
      pendingSeek.current = null;
      if (sourceOf(item) === 'audio' && audio && item.preview_url) {
        setEmbedOpen(false);
        audio.src = item.preview_url;
        void audio.play().catch(onPlayRejected);
      } else {
        if (audio && !audio.paused) audio.pause();
        setEmbedOpen(true);
      }
    },
    [resetClock, sourceOf],
  );

  const play = useCallback(() => {
    if (source === 'audio') void audioRef.current?.play().catch(onPlayRejected);
    else if (source === 'embed') setEmbedOpen(true);
  }, [source]);

  const pause = useCallback(() => {
    if (source === 'audio') audioRef.current?.pause();
    else setEmbedOpen(false);
  }, [source]);

  const playAt = useCallback(
    (at: number) => {
      const item = queue[at];
      if (!item) return;
      if (playsInPage(item)) start(queue, at);
      else if (item.spotify_url) window.open(item.spotify_url, '_blank', 'noopener');
    },
    [playsInPage, queue, start],
  );

  const step = useCallback(
    (direction: 1 | -1) => {
      for (let at = index + direction; at >= 0 && at < queue.length; at += direction) {
        if (playsInPage(queue[at]!)) return start(queue, at);
      }
      return undefined;
    },
    [index, playsInPage, queue, start],
  );
  const next = useCallback(() => step(1), [step]);

  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.currentTime = seconds;
    positionRef.current = seconds;
    setPosition(seconds);
  }, []);

  /** Early in a track, back to the previous one; later, back to this track's start. */
  const previous = useCallback(() => {
    // The ref, not the state: otherwise every time update would make a new previous() and a new context value.
    if (source === 'audio' && positionRef.current > 3) seek(0);
    else if (step(-1) === undefined && source === 'audio') seek(0);
  }, [seek, source, step]);

  const toggle = useCallback(
    (track: PlayableTrack, list?: readonly PlayableTrack[], context?: PlayContext) => {
      if (currentTrack?.id === track.id && playsInPage(currentTrack)) return isPlaying ? pause() : play();
      const kind = sourceOf(track);
      if (kind === 'none') return void notify(noSpotifyUrlMessage, { variant: 'warning' });
      if (kind === 'link') return void window.open(track.spotify_url!, '_blank', 'noopener');
      if (!list) {
        const queued = queue.findIndex((item) => item.id === track.id);
        if (queued >= 0) return start(queue, queued);
      }
      const items = (list?.some((t) => t.id === track.id) ? list : [track]).map((t) => toQueueItem(t, context));
      start(
        items,
        items.findIndex((item) => item.id === track.id),
      );
    },
    [currentTrack, isPlaying, pause, play, playsInPage, queue, sourceOf, start],
  );

  const setVolume = useCallback((v: number) => setVolumeState(Math.min(1, Math.max(0, v))), []);

  // Restore once after mount (never during render), paused at the saved position; unless something
  // was played meanwhile (reading the saved queue loads its checks first).
  const hasRestored = useRef(false);
  const hasStarted = useRef(false);
  useEffect(() => {
    if (hasRestored.current) return;
    hasRestored.current = true;
    void readStored().then((stored) => {
      const item = stored?.queue[stored.index];
      if (stored && item && !hasStarted.current) {
        setQueue(stored.queue);
        setIndex(stored.index);
        setPosition(stored.position);
        positionRef.current = stored.position;
        setDuration((item.duration_ms ?? 0) / 1000);
        setVolumeState(stored.volume);
        resetClock(item.id);
        const audio = audioRef.current;
        if (audio && sourceOf(item) === 'audio' && item.preview_url) {
          audio.src = item.preview_url;
          pendingSeek.current = stored.position;
        }
      }
      setHydrated(true);
    });
  }, [resetClock, sourceOf]);

  useEffect(() => {
    if (!hydrated) return;
    snapshot.current = { queue, index, volume };
    writeStored({ ...snapshot.current, position: positionRef.current });
  }, [hydrated, queue, index, volume]);

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = volume;
  }, [volume]);

  const onPlay = () => {
    setAudioPlaying(true);
    startClock();
  };
  const onPause = () => {
    setAudioPlaying(false);
    stopClock();
    writeStored({ ...snapshot.current, position: positionRef.current });
  };
  const onEnded = () => {
    setAudioPlaying(false);
    resetClock();
    next();
  };
  const onTimeUpdate = (event: SyntheticEvent<HTMLAudioElement>) => {
    const time = event.currentTarget.currentTime;
    setPosition(time);
    positionRef.current = time;
    if (Math.floor(time) !== savedSecond.current) {
      savedSecond.current = Math.floor(time);
      writeStored({ ...snapshot.current, position: time });
    }
  };
  const onMetadata = (event: SyntheticEvent<HTMLAudioElement>) => {
    const audio = event.currentTarget;
    if (Number.isFinite(audio.duration) && audio.duration > 0) setDuration(audio.duration);
    if (pendingSeek.current !== null) {
      audio.currentTime = pendingSeek.current;
      pendingSeek.current = null;
    }
  };
  const onError = () => {
    setAudioPlaying(false);
    debugLog.warn(`Preview could not be played: ${currentTrack?.title ?? 'unknown track'}`);
    if (currentTrack && !currentTrack.spotify_url) notify(noSpotifyUrlMessage, { variant: 'warning' });
  };

  const value = useMemo<PlayerState>(
    () => ({ queue, index, currentTrack, source, isPlaying, volume, toggle, play, pause, next, previous, playAt, seek, setVolume }),
    [queue, index, currentTrack, source, isPlaying, volume, toggle, play, pause, next, previous, playAt, seek, setVolume],
  );
  const time = useMemo<PlayerTime>(() => ({ position, duration }), [position, duration]);
  return (
    <PlayerContext.Provider value={value}>
      <PlayerTimeContext.Provider value={time}>{children}</PlayerTimeContext.Provider>
      {/* Music from the catalog: no speech to caption. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio
        ref={audioRef}
        preload="metadata"
        hidden
        data-testid="player-audio"
        onPlay={onPlay}
        onPause={onPause}
        onEnded={onEnded}
        onTimeUpdate={onTimeUpdate}
        onLoadedMetadata={onMetadata}
        onDurationChange={onMetadata}
        onError={onError}
      />
    </PlayerContext.Provider>
  );
}

/** A refused play(): AbortError only means another source replaced this one. */
function onPlayRejected(error: unknown) {
  if (!(error instanceof DOMException && error.name === 'AbortError')) debugLog.warn(`Playback refused: ${String(error)}`);
}
