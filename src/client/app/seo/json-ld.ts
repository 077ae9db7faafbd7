import type { Artist, Playlist, Release } from '../../../shared/api/catalog.js';
import { findLabel } from '../../../shared/labels.js';
import { releaseArtists, releaseTitle } from '../../../shared/domain/release-display.js';
import type { LabelConfig } from '../../../shared/site-config.js';
import { trackTitle } from '../../../shared/domain/track-title.js';

// schema.org structured data of the public pages: what a search engine reads as a record, an artist,
// a playlist or a label. Absolute URLs throughout (`url` resolves a site path against the origin).
type Url = (path: string) => string;

/** ISO 8601 duration of milliseconds: 215000 → PT3M35S. */
export function isoDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `PT${Math.floor(seconds / 60)}M${seconds % 60}S`;
}

const albumReleaseTypes = { album: 'AlbumRelease', ep: 'EPRelease', single: 'SingleRelease', compilation: 'AlbumRelease' } as const;

export function labelOrganization(label: LabelConfig, url: Url) {
  const sameAs = Object.values(label.social).filter((link) => link.startsWith('http'));
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: label.name,
    description: label.description,
    url: url(`/${label.short}`),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

export function musicAlbum(release: Release, url: Url, releaseUrl: string) {
  const label = findLabel(release.label_id);
  const tracks = release.tracks ?? [];
  return {
    '@context': 'https://schema.org',
    '@type': 'MusicAlbum',
    name: releaseTitle(release),
    url: releaseUrl,
    ...(release.artwork_url ? { image: url(release.artwork_url) } : {}),
    // A compilation's release artist is "Various Artists", who has no page; its track artists are on its tracks.
    byArtist: releaseArtists({ type: release.type, artists: (release.artists ?? []).filter((artist) => artist.role === 'primary') }).map((artist) => ({
      '@type': 'MusicGroup',
      name: artist.name,
      ...('id' in artist && label ? { url: url(`/${label.short}/artists/${artist.id}`) } : {}),
    })),
    numTracks: release.total_tracks,
    track: tracks.map((track, i) => ({
      '@type': 'MusicRecording',
      position: i + 1,
      name: trackTitle(track),
      ...(track.duration_ms !== null ? { duration: isoDuration(track.duration_ms) } : {}),
      ...(track.isrc ? { isrcCode: track.isrc } : {}),
      ...(release.type === 'compilation' ? { byArtist: track.artists.filter((a) => a.role === 'primary').map((a) => ({ '@type': 'MusicGroup', name: a.name })) } : {}),
    })),
    // Where it is sold and streamed: the same work elsewhere, and an offer at each store.
    ...(release.links.length > 0
      ? {
          sameAs: release.links.map((link) => link.url),
          offers: release.links.map((link) => ({ '@type': 'Offer', url: link.url, seller: { '@type': 'Organization', name: link.name } })),
        }
      : {}),
    ...(release.release_date ? { datePublished: release.release_date } : {}),
    ...(label ? { recordLabel: { '@type': 'Organization', name: label.name, url: url(`/${label.short}`) } } : {}),
    ...(release.catalog_number ? { catalogNumber: release.catalog_number } : {}),
    albumReleaseType: `https://schema.org/${albumReleaseTypes[release.type]}`,
    ...(release.type === 'compilation' ? { albumProductionType: 'https://schema.org/CompilationAlbum' } : {}),
    ...(release.genres.length > 0 ? { genre: release.genres } : {}),
  };
}

export function musicGroup(artist: Artist, url: Url, artistUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'MusicGroup',
    name: artist.name,
    url: artistUrl,
    image: url(artist.image_url),
    ...(artist.bio ? { description: artist.bio } : {}),
    ...(artist.genres.length > 0 ? { genre: artist.genres } : {}),
    ...(artist.spotify_url ? { sameAs: [artist.spotify_url] } : {}),
  };
}

export function musicPlaylists(playlists: Playlist[], url: Url, pageUrl: string) {
  return playlists.map((playlist) => ({
    '@context': 'https://schema.org',
    '@type': 'MusicPlaylist',
    name: playlist.title,
    description: playlist.description,
    url: playlist.spotify_url ?? pageUrl,
    image: url(playlist.cover_url),
    numTracks: playlist.total_tracks,
    track: playlist.tracks.map((track) => ({
      '@type': 'MusicRecording',
      name: track.title,
      ...(track.duration_ms !== null ? { duration: isoDuration(track.duration_ms) } : {}),
      byArtist: track.artists.map((artist) => ({ '@type': 'MusicGroup', name: artist.name })),
    })),
  }));
}
