import type { Artist, ArtistCredit, ArtistRelease, Release, ReleaseTrack } from '../../src/shared/api/catalog.js';

// Objects of the API contract for component tests; each call gets fresh ids unless given.
let sequence = 0;
const next = () => (sequence += 1);

export function aCredit(overrides: Partial<ArtistCredit> = {}): ArtistCredit {
  const n = next();
  return { id: `artist-${n}`, name: `Artist ${n}`, role: 'primary', image_url: null, ...overrides };
}

/** A track as its release's answer gives it (a `Track` with its price sold alone): fits wherever a `Track` does. */
export function aTrack(overrides: Partial<ReleaseTrack> = {}): ReleaseTrack {
  const n = next();
  return {
    id: `track-${n}`,
    release_id: 'release-1',
    title: `Track ${n}`,
    mix_version: null,
    isrc: null,
    duration_ms: 300_000,
    track_number: 1,
    disc_number: 1,
    genres: [],
    artists: [aCredit()],
    isRemix: false,
    remixer: null,
    spotify_url: null,
    preview_url: null,
    member_download: false,
    early_access: false,
    instant_grat: false,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    price: null,
    for_sale: false,
    ...overrides,
  };
}

export function aRelease(overrides: Partial<Release> = {}): Release {
  const n = next();
  return {
    id: `release-${n}`,
    slug: `bldr${n}-release-${n}`,
    title: `Release ${n}`,
    version: null,
    label_id: 'buildit-records',
    upc: null,
    catalog_number: `BLDR${n}`,
    release_date: '2026-01-01',
    type: 'single',
    genres: ['House'],
    description: null,
    credits: null,
    artwork_url: null,
    spotify_url: null,
    popularity: null,
    stream_count: 0,
    pinned: false,
    total_tracks: 1,
    links: [],
    upcoming: false,
    public_at: '2026-01-01T00:00:00.000Z',
    price: null,
    for_sale: false,
    artists: [aCredit()],
    tracks: [],
    ...overrides,
  };
}

export function anArtist(overrides: Partial<Artist> = {}): Artist {
  const n = next();
  return {
    id: `artist-${n}`,
    name: `Artist ${n}`,
    image_url: '/media/placeholder-artist.svg',
    bio: null,
    genres: [],
    labels: ['buildit-records'],
    spotify_url: null,
    followers: null,
    popularity: null,
    ...overrides,
  };
}

export function anArtistRelease(overrides: Partial<ArtistRelease> = {}): ArtistRelease {
  return { ...aRelease(), artistRole: 'Artist', artistTrackTitle: null, artistTrackId: null, ...overrides };
}

/** The API's list envelope. */
export function listOf<T>(data: T[], total = data.length, offset = 0, limit = data.length) {
  return { success: true, data, total, offset, limit };
}
