import { toQueueItem, type PlayableTrack, type PlayContext, type PlaySource, type QueueItem, type Sources, type Stored } from './player-tracks.js';

// The player's state and every change to it, as pure functions: what the audio element reports and
// what the listener asks for go in as actions; what to do with the element (play, seek, link out)
// comes out of the plan functions as plain data for the provider to carry out.

export interface PlayerModel {
  queue: QueueItem[];
  /** The current track's place in the queue; -1 before anything was queued. */
  index: number;
  /** As the audio element last reported: its play and pause events, not what was asked for. */
  isAudioPlaying: boolean;
  /** Whether the Spotify embed shows (it plays by itself once shown). */
  isEmbedOpen: boolean;
  /** Seconds. */
  position: number;
  duration: number;
  volume: number;
  /** The saved queue was read back (or there was none): from then on the state is saved. */
  isRestored: boolean;
  /** Something was played on this page: a saved queue read back later must not replace it. */
  hasStarted: boolean;
}

export const initialPlayerModel: PlayerModel = {
  queue: [],
  index: -1,
  isAudioPlaying: false,
  isEmbedOpen: false,
  position: 0,
  duration: 0,
  volume: 1,
  isRestored: false,
  hasStarted: false,
};

export type PlayerAction =
  /** A track of a new (or the same) queue starts; `inEmbed` when it plays in the Spotify embed. */
  | { type: 'started'; queue: QueueItem[]; index: number; inEmbed: boolean }
  /** The saved queue was read back: null when there was none or it did not fit. */
  | { type: 'restored'; stored: Stored | null }
  | { type: 'audioPlayed' }
  | { type: 'audioPaused' }
  | { type: 'audioEnded' }
  | { type: 'audioFailed' }
  | { type: 'embedShown'; isOpen: boolean }
  /** A time update, or a seek. */
  | { type: 'positionChanged'; position: number }
  | { type: 'durationKnown'; duration: number }
  | { type: 'volumeChanged'; volume: number };

const secondsOf = (item: QueueItem) => (item.duration_ms ?? 0) / 1000;

export function playerReducer(state: PlayerModel, action: PlayerAction): PlayerModel {
  switch (action.type) {
    case 'started': {
      const item = action.queue[action.index];
      if (!item) return state;
      return { ...state, queue: action.queue, index: action.index, position: 0, duration: secondsOf(item), isEmbedOpen: action.inEmbed, hasStarted: true };
    }
    case 'restored': {
      const { stored } = action;
      const item = stored?.queue[stored.index];
      if (!stored || !item || state.hasStarted) return { ...state, isRestored: true };
      return { ...state, queue: stored.queue, index: stored.index, position: stored.position, duration: secondsOf(item), volume: stored.volume, isRestored: true };
    }
    case 'audioPlayed':
      return { ...state, isAudioPlaying: true };
    case 'audioPaused':
    case 'audioEnded':
    case 'audioFailed':
      return state.isAudioPlaying ? { ...state, isAudioPlaying: false } : state;
    case 'embedShown':
      return { ...state, isEmbedOpen: action.isOpen };
    case 'positionChanged':
      return { ...state, position: action.position };
    case 'durationKnown':
      // A stream without a known length reports Infinity or NaN: keep the catalog's length then.
      return Number.isFinite(action.duration) && action.duration > 0 ? { ...state, duration: action.duration } : state;
    case 'volumeChanged':
      return { ...state, volume: Math.min(1, Math.max(0, action.volume)) };
  }
}

export function currentTrack(state: PlayerModel): QueueItem | null {
  return state.queue[state.index] ?? null;
}

/** Whether the current track plays: the audio element's word for a preview, the embed's for Spotify. */
export function isPlaying(state: PlayerModel, source: PlaySource): boolean {
  return source === 'audio' ? state.isAudioPlaying : source === 'embed' && state.isEmbedOpen;
}

/** What this browser keeps across a reload. */
export function savedCopy(state: PlayerModel): Stored {
  return { queue: state.queue, index: state.index, position: state.position, volume: state.volume };
}

/** The nearest queued track in `direction` that plays in the page (links out are skipped). */
export function nearestPlayable(state: PlayerModel, direction: 1 | -1, playsInPage: (track: Sources) => boolean): number | undefined {
  for (let at = state.index + direction; at >= 0 && at < state.queue.length; at += direction) {
    if (playsInPage(state.queue[at]!)) return at;
  }
  return undefined;
}

export type PlayerMove =
  | { kind: 'play' }
  | { kind: 'pause' }
  | { kind: 'start'; queue: QueueItem[]; index: number }
  | { kind: 'seek'; seconds: number }
  | { kind: 'link'; url: string }
  /** Nothing to play: the listener is told so. */
  | { kind: 'unplayable' }
  | { kind: 'none' };

/** Previous: early in a preview, or at the queue's start, back to this track's start; else the track before. */
export function planPrevious(state: PlayerModel, source: PlaySource, playsInPage: (track: Sources) => boolean): PlayerMove {
  const isPreview = source === 'audio';
  if (isPreview && state.position > 3) return { kind: 'seek', seconds: 0 };
  const before = nearestPlayable(state, -1, playsInPage);
  if (before !== undefined) return { kind: 'start', queue: state.queue, index: before };
  return isPreview ? { kind: 'seek', seconds: 0 } : { kind: 'none' };
}

/** A queued track chosen from the queue menu: played in the page, or opened on Spotify. */
export function planPlayAt(state: PlayerModel, index: number, playsInPage: (track: Sources) => boolean): PlayerMove {
  const item = state.queue[index];
  if (!item) return { kind: 'none' };
  if (playsInPage(item)) return { kind: 'start', queue: state.queue, index };
  return item.spotify_url ? { kind: 'link', url: item.spotify_url } : { kind: 'none' };
}

/**
 * docs/product.md §4: a Play button. The current track pauses or plays on; another one starts, with
 * the given list as the new queue, or where it already is in the queue when no list is given.
 */
export function planToggle(
  state: PlayerModel,
  request: { track: PlayableTrack; list?: readonly PlayableTrack[]; context?: PlayContext },
  sourceOf: (track: Sources) => PlaySource,
): PlayerMove {
  const { track, list, context } = request;
  const current = currentTrack(state);
  if (current?.id === track.id) {
    const source = sourceOf(current);
    if (source === 'audio' || source === 'embed') return { kind: isPlaying(state, source) ? 'pause' : 'play' };
  }
  const kind = sourceOf(track);
  if (kind === 'none') return { kind: 'unplayable' };
  if (kind === 'link') return { kind: 'link', url: track.spotify_url! };
  if (!list) {
    const queued = state.queue.findIndex((item) => item.id === track.id);
    if (queued >= 0) return { kind: 'start', queue: state.queue, index: queued };
  }
  const queue = (list?.some((t) => t.id === track.id) ? list : [track]).map((t) => toQueueItem(t, context));
  return { kind: 'start', queue, index: queue.findIndex((item) => item.id === track.id) };
}
