import type { PlayRequest, playResponseSchema } from '../../../../shared/api/plays.js';
import { playReportAfterSeconds } from '../../../../shared/domain/play-counting.js';
import { apiPost, type Answer } from '../../../lib/api-client.js';
import { debugLog } from '../../../lib/debug-log.js';
import { trackArtists } from '../../../../shared/domain/track-title.js';
import type { PlayableTrack, PlayContext } from '../../../lib/play-button-slot.js';
import type { QueueItem, Stored } from './stored-queue.js';

export type { PlayableTrack, PlayContext };

// The player's tracks: what can play where, the saved queue, and play reports.

export type { QueueItem, Stored };


export const playerStorageKey = 'player';
export const clientIdStorageKey = 'clientId';
/** docs/product.md §10.5: a play counts after this much actual listening. */
export const playReportAfterMs = playReportAfterSeconds * 1000;
export const noSpotifyUrlMessage = 'No Spotify URL available for this track';
/** Why a disabled Play is disabled: no preview (uploaded audio, docs/decisions/0026) and no Spotify URL. */
export const noPreviewMessage = 'No preview yet';

export type Sources = Pick<PlayableTrack, 'preview_url' | 'spotify_url'>;

/** docs/product.md §5: Play is disabled when a track has no Spotify URL and no preview URL. */
export function isPlayable(track: Sources): boolean {
  return Boolean(track.preview_url || track.spotify_url);
}

/** The 22-character id of an open.spotify.com track link (or a spotify:track: URI), else null. */
export function spotifyTrackId(url: string | null): string | null {
  const match = url?.match(/^(?:https:\/\/open\.spotify\.com\/(?:intl-[a-z-]+\/)?track\/|spotify:track:)([A-Za-z0-9]{22})(?:[?#/]|$)/);
  return match?.[1] ?? null;
}

export function spotifyEmbedUrl(trackId: string): string {
  return `https://open.spotify.com/embed/track/${trackId}`;
}

export type PlaySource = 'audio' | 'embed' | 'link' | 'none';

/** docs/product.md §10.4: preview audio, else the Spotify embed, else a link out. */
/**
 * Where a track plays: its preview in the page, else the Spotify embed, else a link out. A premium
 * listener gets the full track in the embed rather than the preview (issue 7 §4).
 */
export function playSource(track: Sources, preferFullTrack = false): PlaySource {
  if (preferFullTrack && spotifyTrackId(track.spotify_url)) return 'embed';
  if (track.preview_url) return 'audio';
  if (spotifyTrackId(track.spotify_url)) return 'embed';
  return track.spotify_url ? 'link' : 'none';
}

export function toQueueItem(track: PlayableTrack, context?: PlayContext): QueueItem {
  return {
    id: track.id,
    title: track.title,
    mix_version: track.mix_version ?? null,
    credits: track.artists ? trackArtists({ artists: track.artists, remixer: track.remixer }) : '',
    duration_ms: track.duration_ms ?? null,
    preview_url: track.preview_url,
    spotify_url: track.spotify_url,
    artwork_url: context?.artworkUrl ?? null,
    release_title: context?.releaseTitle ?? null,
  };
}

/**
 * The queue saved in this browser, checked (it may be from an older version of the site, or edited);
 * the checks load only when there is one.
 */
export async function readStored(): Promise<Stored | null> {
  try {
    const saved = localStorage.getItem(playerStorageKey);
    if (!saved) return null;
    const { parseStored } = await import('./stored-queue.js');
    return parseStored(JSON.parse(saved));
  } catch {
    return null;
  }
}

export function writeStored(stored: Stored) {
  try {
    localStorage.setItem(playerStorageKey, JSON.stringify(stored));
  } catch {
    // Storage full or disabled: the player still works, it only forgets on reload.
  }
}

function clientId(): string {
  let id = localStorage.getItem(clientIdStorageKey);
  if (!id) {
    // randomUUID needs a secure context; getRandomValues works on a plain-HTTP LAN address too.
    id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(clientIdStorageKey, id);
  }
  return id;
}

export async function reportPlay(trackId: string) {
  try {
    await apiPost<Answer<typeof playResponseSchema>>('/plays', { track_id: trackId, client_id: clientId() } satisfies PlayRequest);
  } catch (error) {
    debugLog.warn(`Play report failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
