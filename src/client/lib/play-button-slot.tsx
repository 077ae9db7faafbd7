import { createContext, useContext, type ComponentType } from 'react';
import type { ArtistCredit } from '../../shared/api/catalog.js';

// The catalog shows Play buttons but may not import the player feature: app/ fills this slot
// with the player's button, so neither feature knows the other.

/** What Play needs of a track; the catalog's Track fits, and so does a release standing in for one. */
export interface PlayableTrack {
  id: string;
  title: string;
  preview_url: string | null;
  spotify_url: string | null;
  mix_version?: string | null;
  duration_ms?: number | null;
  artists?: readonly ArtistCredit[];
  remixer?: { name: string } | null;
}

/** Release details shown with the tracks of one play call. */
export interface PlayContext {
  artworkUrl?: string | null;
  releaseTitle?: string | null;
}

export interface PlayButtonProps {
  track: PlayableTrack;
  /** The surrounding list (a release's or playlist's tracks): it becomes the player's queue. */
  queue?: readonly PlayableTrack[];
  /** Release artwork and title shown in the player bar. */
  context?: PlayContext;
  size?: 'small' | 'medium';
  /** What the button plays when it starts a whole list ('New House'); else the track's title and mix. */
  name?: string;
}

const PlayButtonSlot = createContext<ComponentType<PlayButtonProps> | null>(null);

export const PlayButtonProvider = PlayButtonSlot.Provider;

/** The Play button app/ provided; nothing without a player. */
export function PlayButton(props: PlayButtonProps) {
  const Button = useContext(PlayButtonSlot);
  return Button ? <Button {...props} /> : null;
}
