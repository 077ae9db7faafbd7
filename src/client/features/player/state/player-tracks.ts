import { z } from 'zod';
import { playReportAfterSeconds, playResponseSchema, type PlayRequest } from '../../../../shared/api/plays.js';
import { apiPost } from '../../../lib/api-client.js';
import { debugLog } from '../../../lib/debug-log.js';
import { trackArtists } from '../../../../shared/domain/track-title.js';
import type { PlayableTrack, PlayContext } from '../../../lib/play-button-slot.js';

export type { PlayableTrack, PlayContext };

// The player's tracks: what can play where, the saved queue, and play reports.

const queueItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  mix_version: z.string().nullable(),
  /** The credit line, as everywhere on the site: 'Kwoaro feat. Ilyrrin Druani (remix: Velora Kash)'. */
  credits: z.string(),
  duration_ms: z.number().nullable(),
  preview_url: z.string().nullable(),
  spotify_url: z.string().nullable(),
  artwork_url: z.string().nullable(),
  release_title: z.string().nullable(),
});
/** A queued track: only what the bar shows and plays, so that the saved queue stays small. */
export type QueueItem = z.infer<typeof queueItemSchema>;

const storedSchema = z.object({
  queue: z.array(queueItemSchema).max(1000),
  index: z.number().int(),
  position: z.number().min(0),
  volume: z.number().min(0).max(1),
});
export type Stored = z.infer<typeof storedSchema>;


export const playerStorageKey = 'player';
export const clientIdStorageKey = 'clientId';
/** docs/product.md §10.5: a play counts after this much actual listening. */
export const playReportAfterMs = playReportAfterSeconds * 1000;
export const noSpotifyUrlMessage = 'No Spotify URL available for this track';

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

export function readStored(): Stored | null {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(localStorage.getItem(playerStorageKey) ?? 'null'));
    return parsed.success ? parsed.data : null;
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
    await apiPost(playResponseSchema, '/plays', { track_id: trackId, client_id: clientId() } satisfies PlayRequest);
  } catch (error) {
    debugLog.warn(`Play report failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
