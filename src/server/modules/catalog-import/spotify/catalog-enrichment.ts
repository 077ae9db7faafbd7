import type { SpotifyCatalogClient } from './spotify-catalog-client.js';
import type { SpotifyImage } from './spotify-schemas.js';

/**
 * Spotify enrichment of one label's catalog (docs/product.md §10.3–§10.4, admin "Import tracks"): albums by UPC,
 * tracks by ISRC, and the artists of matched tracks whose names match our credits. This part only
 * asks Spotify and decides what to store; the caller writes the plan in one transaction.
 *
 * Nothing is invented: a field Spotify leaves out (null) is left out of the plan, so a stored value is
 * never overwritten with null. Spotify ids are unique in our tables: each id goes to one record only.
 */

export interface CreditedArtist {
  id: string;
  name: string;
  genres: string[];
}

export interface CatalogToEnrich {
  releases: { id: string; upc: string; tracks: { id: string; isrc: string; artists: CreditedArtist[] }[] }[];
}

export interface ReleaseEnrichment {
  id: string;
  spotifyId: string;
  spotifyUrl: string | null;
  artworkUrl: string | null;
}

export interface TrackEnrichment {
  id: string;
  spotifyId: string;
  spotifyUrl: string | null;
  previewUrl: string | null;
}

export interface ArtistEnrichment {
  id: string;
  spotifyId: string;
  spotifyUrl: string | null;
  imageUrl: string | null;
  /** Only when we had none. */
  genres: string[] | null;
  followers: number | null;
  popularity: number | null;
}

export interface EnrichmentPlan {
  releases: ReleaseEnrichment[];
  tracks: TrackEnrichment[];
  artists: ArtistEnrichment[];
}

/** The widest image (unknown sizes count as 0), or null when there is none. */
function largestImageUrl(images: SpotifyImage[] | null): string | null {
  const [largest] = [...(images ?? [])].sort((a, b) => (b.width ?? 0) * (b.height ?? 0) - (a.width ?? 0) * (a.height ?? 0));
  return largest?.url ?? null;
}

const nameKey = (name: string) => name.normalize('NFKC').trim().toLowerCase();

/**
 * Looks the catalog up on Spotify, one release at a time (reporting releases done / total after
 * each), and returns what to store. A Spotify failure (after the client's own 429 retries) throws, and
 * so does an aborted `signal` (its reason), looked at before each release.
 */
export async function planEnrichment(
  client: SpotifyCatalogClient,
  catalog: CatalogToEnrich,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<EnrichmentPlan> {
  const releases: ReleaseEnrichment[] = [];
  const albumOfRelease = new Map<string, string>();
  // A recording on several of our releases (a compilation) is one Spotify track: it goes to the
  // release whose album Spotify names, else to the first release that found it.
  const tracks = new Map<string, TrackEnrichment & { isOnItsAlbum: boolean }>();
  const artists: ArtistEnrichment[] = [];
  // Our artists already matched, and the Spotify artists already given to one of ours.
  const matchedArtists = new Set<string>();
  const claimedArtists = new Set<string>();

  onProgress(0, catalog.releases.length);
  for (const [index, release] of catalog.releases.entries()) {
    signal?.throwIfAborted();
    const album = await client.searchAlbumByUpc(release.upc);
    if (album && ![...albumOfRelease.values()].includes(album.id)) {
      albumOfRelease.set(release.id, album.id);
      releases.push({
        id: release.id,
        spotifyId: album.id,
        spotifyUrl: album.external_urls?.spotify ?? null,
        artworkUrl: largestImageUrl(album.images),
      });
    }
    const newMatches: { ours: CreditedArtist; spotifyId: string }[] = [];
    for (const track of release.tracks) {
      const found = await client.searchTrackByIsrc(track.isrc);
      if (!found) continue;
      const isOnItsAlbum = found.album !== null && found.album.id === albumOfRelease.get(release.id);
      const claimed = tracks.get(found.id);
      if (!claimed || (isOnItsAlbum && !claimed.isOnItsAlbum)) {
        tracks.set(found.id, {
          id: track.id,
          spotifyId: found.id,
          spotifyUrl: found.external_urls?.spotify ?? null,
          previewUrl: found.preview_url,
          isOnItsAlbum,
        });
      }
      for (const credited of found.artists) {
        const ours = track.artists.find((a) => nameKey(a.name) === nameKey(credited.name));
        if (!ours || matchedArtists.has(ours.id) || claimedArtists.has(credited.id)) continue;
        matchedArtists.add(ours.id);
        claimedArtists.add(credited.id);
        newMatches.push({ ours, spotifyId: credited.id });
      }
    }
    for (const { ours, spotifyId } of newMatches) {
      const artist = await client.getArtist(spotifyId);
      artists.push({
        id: ours.id,
        spotifyId: artist.id,
        spotifyUrl: artist.external_urls?.spotify ?? null,
        imageUrl: largestImageUrl(artist.images),
        genres: ours.genres.length === 0 && artist.genres && artist.genres.length > 0 ? artist.genres : null,
        followers: artist.followers?.total ?? null,
        popularity: artist.popularity,
      });
    }
    onProgress(index + 1, catalog.releases.length);
  }

  return { releases, tracks: [...tracks.values()].map(({ isOnItsAlbum: _, ...track }) => track), artists };
}
