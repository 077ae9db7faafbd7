import { useEffect } from 'react';
import { trackTitle } from '../../../../shared/domain/track-title.js';
import type { PlayerState } from './player-context.js';

/** Lock screen and media keys (Media Session API), where the browser has it. */
export function useMediaSession(player: PlayerState) {
  const { currentTrack, isPlaying, play, pause, next, previous, seek } = player;
  useEffect(() => {
    if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    navigator.mediaSession.metadata = currentTrack
      ? new MediaMetadata({
          title: trackTitle(currentTrack),
          artist: currentTrack.credits,
          album: currentTrack.release_title ?? '',
          artwork: currentTrack.artwork_url ? [{ src: currentTrack.artwork_url }] : [],
        })
      : null;
  }, [currentTrack]);
  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    navigator.mediaSession.playbackState = currentTrack ? (isPlaying ? 'playing' : 'paused') : 'none';
  }, [currentTrack, isPlaying]);
  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', play],
      ['pause', pause],
      ['previoustrack', previous],
      ['nexttrack', next],
      ['seekto', (details) => details.seekTime !== undefined && seek(details.seekTime)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not support.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
    };
  }, [play, pause, next, previous, seek]);
}
