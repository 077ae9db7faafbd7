import { createContext, useContext } from 'react';
import type { PlayableTrack, PlayContext, PlaySource, QueueItem } from './player-tracks.js';

// Two contexts: the time changes several times a second, and only what shows it (the seek bar)
// should re-render then, not every Play button on the page.

export interface PlayerState {
  queue: QueueItem[];
  index: number;
  currentTrack: QueueItem | null;
  /** How the current track plays: its preview in the page's audio element or the Spotify embed. */
  source: PlaySource;
  isPlaying: boolean;
  volume: number;
  /** docs/product.md §4: play a track; the playing track pauses instead. A given queue replaces the queue. */
  toggle(track: PlayableTrack, queue?: readonly PlayableTrack[], context?: PlayContext): void;
  play(): void;
  pause(): void;
  next(): void;
  previous(): void;
  playAt(index: number): void;
  seek(seconds: number): void;
  setVolume(volume: number): void;
}

export interface PlayerTime {
  /** Seconds. */
  position: number;
  duration: number;
}

export const PlayerContext = createContext<PlayerState | null>(null);
export const PlayerTimeContext = createContext<PlayerTime | null>(null);

export function usePlayer(): PlayerState {
  const player = useContext(PlayerContext);
  if (!player) throw new Error('usePlayer needs a PlayerProvider');
  return player;
}

/** The playing track's position and length; re-renders on every time update. */
export function usePlayerTime(): PlayerTime {
  const time = useContext(PlayerTimeContext);
  if (!time) throw new Error('usePlayerTime needs a PlayerProvider');
  return time;
}
