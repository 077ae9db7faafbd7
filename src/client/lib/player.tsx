import { useSnackbar } from 'notistack';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Track } from '../../shared/api/catalog.js';

export interface PlayableTrack {
  id: string;
  title: string;
  preview_url: string | null;
  spotify_url: string | null;
}

/** SPEC §5: Play is disabled when a track has no Spotify URL and no preview URL. */
export function isPlayable(track: PlayableTrack): boolean {
  return Boolean(track.preview_url || track.spotify_url);
}

interface PlayerState {
  currentTrackId: string | null;
  isPlaying: boolean;
  /** SPEC §4: play a track; the playing track pauses instead. */
  toggle(track: PlayableTrack | Track): void;
}

const PlayerContext = createContext<PlayerState | null>(null);

/** Plays previews in the page and links out to Spotify for tracks without one. */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [currentTrackId, setCurrentTrackId] = useState<string | null>(null);
  const [isPlaying, setIsPlaying] = useState(false);
  const { enqueueSnackbar } = useSnackbar();

  useEffect(() => () => audio.current?.pause(), []);

  const toggle = useCallback(
    (track: PlayableTrack) => {
      if (track.preview_url) {
        if (!audio.current) {
          audio.current = new Audio();
          audio.current.addEventListener('ended', () => setIsPlaying(false));
          audio.current.addEventListener('pause', () => setIsPlaying(false));
          audio.current.addEventListener('play', () => setIsPlaying(true));
        }
        const player = audio.current;
        if (currentTrackId === track.id && !player.paused) {
          player.pause();
          return;
        }
        if (currentTrackId !== track.id) player.src = track.preview_url;
        setCurrentTrackId(track.id);
        void player.play().catch(() => setIsPlaying(false));
        return;
      }
      if (track.spotify_url) {
        window.open(track.spotify_url, '_blank', 'noopener');
        return;
      }
      enqueueSnackbar('No Spotify URL available for this track', { variant: 'warning' });
    },
    [currentTrackId, enqueueSnackbar],
  );

  const value = useMemo(() => ({ currentTrackId, isPlaying, toggle }), [currentTrackId, isPlaying, toggle]);
  return <PlayerContext.Provider value={value}>{children}</PlayerContext.Provider>;
}

export function usePlayer(): PlayerState {
  const player = useContext(PlayerContext);
  if (!player) throw new Error('usePlayer needs a PlayerProvider');
  return player;
}
