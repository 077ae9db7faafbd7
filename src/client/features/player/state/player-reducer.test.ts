import { describe, expect, it } from 'vitest';
import { aTrack } from '../../../../../tests/helpers/catalog-builders.js';
import {
  currentTrack,
  initialPlayerModel,
  isPlaying,
  nearestPlayable,
  planPlayAt,
  planPrevious,
  planToggle,
  playerReducer,
  savedCopy,
  type PlayerAction,
  type PlayerModel,
} from './player-reducer.js';
import { playSource, toQueueItem, type QueueItem, type Sources } from './player-tracks.js';

const spotifyTrack = 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC';
const preview = (n: number) => toQueueItem(aTrack({ id: `p${n}`, title: `Preview ${n}`, duration_ms: n * 60_000, preview_url: `/p${n}.mp3` }));
const embed = toQueueItem(aTrack({ id: 'e', title: 'Embed', spotify_url: spotifyTrack }));
const linkOut = toQueueItem(aTrack({ id: 'l', title: 'Album link', spotify_url: 'https://open.spotify.com/album/abc' }));
const silent = toQueueItem(aTrack({ id: 's', title: 'Silent' }));
const sourceOf = (track: Sources) => playSource(track);
const playsInPage = (track: Sources) => ['audio', 'embed'].includes(sourceOf(track));

function after(...actions: PlayerAction[]): PlayerModel {
  return actions.reduce(playerReducer, initialPlayerModel);
}
const started = (queue: QueueItem[], index: number, inEmbed = false): PlayerAction => ({ type: 'started', queue, index, inEmbed });

describe('playerReducer', () => {
  it('starts a track: the queue, its place, the position at 0 and the catalog length until the element knows better', () => {
    const queue = [preview(1), preview(2)];
    const state = after({ type: 'positionChanged', position: 40 }, started(queue, 1));
    expect(state).toMatchObject({ queue, index: 1, position: 0, duration: 120, isEmbedOpen: false, hasStarted: true });
    expect(currentTrack(state)).toBe(queue[1]);
    expect(playerReducer(state, { type: 'durationKnown', duration: 29.5 }).duration).toBe(29.5);
  });

  it('keeps the catalog length when the element reports none', () => {
    const state = after(started([preview(2)], 0));
    for (const duration of [Number.NaN, Number.POSITIVE_INFINITY, 0]) expect(playerReducer(state, { type: 'durationKnown', duration })).toBe(state);
  });

  it('ignores a start at a place the queue does not have', () => {
    expect(after(started([preview(1)], 3))).toBe(initialPlayerModel);
  });

  it('plays as the element reports: play, then pause, end or error stop it', () => {
    const playing = after(started([preview(1)], 0), { type: 'audioPlayed' });
    expect(isPlaying(playing, 'audio')).toBe(true);
    for (const type of ['audioPaused', 'audioEnded', 'audioFailed'] as const) {
      expect(isPlaying(playerReducer(playing, { type }), 'audio')).toBe(false);
    }
    const stopped = playerReducer(playing, { type: 'audioPaused' });
    expect(playerReducer(stopped, { type: 'audioPaused' })).toBe(stopped);
  });

  it('plays the Spotify embed while it shows', () => {
    const state = after(started([embed], 0, true));
    expect(isPlaying(state, 'embed')).toBe(true);
    expect(isPlaying(playerReducer(state, { type: 'embedShown', isOpen: false }), 'embed')).toBe(false);
    // The audio element's word does not count for the embed, nor the embed's for a preview.
    expect(isPlaying(after(started([preview(1)], 0), { type: 'audioPlayed' }), 'embed')).toBe(false);
    expect(isPlaying(state, 'audio')).toBe(false);
  });

  it('keeps the volume between 0 and 1', () => {
    expect(after({ type: 'volumeChanged', volume: 0.4 }).volume).toBe(0.4);
    expect(after({ type: 'volumeChanged', volume: 3 }).volume).toBe(1);
    expect(after({ type: 'volumeChanged', volume: -1 }).volume).toBe(0);
  });

  it('restores a saved queue paused at its position, and saves what it holds', () => {
    const stored = { queue: [preview(1), preview(2)], index: 1, position: 12, volume: 0.5 };
    const state = after({ type: 'restored', stored });
    expect(state).toMatchObject({ ...stored, duration: 120, isRestored: true, isAudioPlaying: false, hasStarted: false });
    expect(savedCopy(state)).toEqual(stored);
  });

  it('does not let a saved queue read late replace a track played meanwhile', () => {
    const queue = [preview(3)];
    const state = after(started(queue, 0), { type: 'restored', stored: { queue: [preview(1)], index: 0, position: 5, volume: 1 } });
    expect(state).toMatchObject({ queue, index: 0, position: 0, isRestored: true });
  });

  it('counts as restored when nothing was saved or the saved place is missing', () => {
    expect(after({ type: 'restored', stored: null })).toEqual({ ...initialPlayerModel, isRestored: true });
    expect(after({ type: 'restored', stored: { queue: [preview(1)], index: 4, position: 0, volume: 1 } }).queue).toEqual([]);
  });
});

describe('moves', () => {
  const queue = [preview(1), linkOut, silent, embed, preview(2)];

  it('finds the nearest track that plays in the page, skipping links out and silent ones', () => {
    const state = after(started(queue, 0));
    expect(nearestPlayable(state, 1, playsInPage)).toBe(3);
    expect(nearestPlayable(after(started(queue, 3, true)), -1, playsInPage)).toBe(0);
    expect(nearestPlayable(after(started(queue, 4)), 1, playsInPage)).toBeUndefined();
  });

  it('previous goes back to the start of a preview past 3 s, else to the track before', () => {
    const atSecondPreview = after(started(queue, 4));
    expect(planPrevious(atSecondPreview, 'audio', playsInPage)).toEqual({ kind: 'start', queue, index: 3 });
    expect(planPrevious(playerReducer(atSecondPreview, { type: 'positionChanged', position: 3.5 }), 'audio', playsInPage)).toEqual({ kind: 'seek', seconds: 0 });
    expect(planPrevious(after(started(queue, 0)), 'audio', playsInPage)).toEqual({ kind: 'seek', seconds: 0 });
    expect(planPrevious(after(started([embed], 0, true)), 'embed', playsInPage)).toEqual({ kind: 'none' });
  });

  it('a queued track plays in the page, links out, or does nothing', () => {
    const state = after(started(queue, 0));
    expect(planPlayAt(state, 3, playsInPage)).toEqual({ kind: 'start', queue, index: 3 });
    expect(planPlayAt(state, 1, playsInPage)).toEqual({ kind: 'link', url: 'https://open.spotify.com/album/abc' });
    expect(planPlayAt(state, 2, playsInPage)).toEqual({ kind: 'none' });
    expect(planPlayAt(state, 9, playsInPage)).toEqual({ kind: 'none' });
  });

  it('Play on the current track pauses it while it plays, and plays it while paused', () => {
    const tracks = [aTrack({ id: 'p1', preview_url: '/p1.mp3' })];
    const paused = after(started(tracks.map((t) => toQueueItem(t)), 0));
    expect(planToggle(paused, { track: tracks[0]! }, sourceOf)).toEqual({ kind: 'play' });
    expect(planToggle(playerReducer(paused, { type: 'audioPlayed' }), { track: tracks[0]! }, sourceOf)).toEqual({ kind: 'pause' });
  });

  it('Play on another track queues the given list, or the track alone when the list lacks it', () => {
    const tracks = [1, 2, 3].map((n) => aTrack({ id: `t${n}`, preview_url: `/t${n}.mp3` }));
    const context = { releaseTitle: 'Night Moves', artworkUrl: '/cover.jpg' };
    const move = planToggle(initialPlayerModel, { track: tracks[1]!, list: tracks, context }, sourceOf);
    expect(move).toEqual({ kind: 'start', queue: tracks.map((t) => toQueueItem(t, context)), index: 1 });

    const stranger = aTrack({ id: 'x', preview_url: '/x.mp3' });
    expect(planToggle(initialPlayerModel, { track: stranger, list: tracks }, sourceOf)).toEqual({ kind: 'start', queue: [toQueueItem(stranger)], index: 0 });
  });

  it('Play without a list finds the track in the queue, keeping the queue', () => {
    const state = after(started(queue, 0));
    const queued = aTrack({ id: 'p2', preview_url: '/p2.mp3' });
    expect(planToggle(state, { track: queued }, sourceOf)).toEqual({ kind: 'start', queue, index: 4 });
  });

  it('Play on a track with only a link opens it, and on one with nothing says so', () => {
    expect(planToggle(initialPlayerModel, { track: aTrack({ spotify_url: 'https://open.spotify.com/album/abc' }) }, sourceOf)).toEqual({
      kind: 'link',
      url: 'https://open.spotify.com/album/abc',
    });
    expect(planToggle(initialPlayerModel, { track: aTrack() }, sourceOf)).toEqual({ kind: 'unplayable' });
  });

  it('a premium listener hears the full track in the embed rather than the preview', () => {
    const both = aTrack({ id: 'b', preview_url: '/b.mp3', spotify_url: spotifyTrack });
    const premium = (track: Sources) => playSource(track, true);
    const move = planToggle(initialPlayerModel, { track: both }, premium);
    expect(move).toEqual({ kind: 'start', queue: [toQueueItem(both)], index: 0 });
    const state = after(started([toQueueItem(both)], 0, true));
    expect(planToggle(state, { track: both }, premium)).toEqual({ kind: 'pause' });
  });
});
