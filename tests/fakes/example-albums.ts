import type { FakeSpotify, FakeSpotifyAddedAlbum, FakeSpotifyAlbumInput } from './fake-spotify.js';

/** The picture of the example single and of its artist. */
export const exampleCover = { url: 'http://127.0.0.1:3000/media/covers/bir001.jpg', height: 640, width: 640 };

/**
 * Seeds the two albums that the fake's contract test and the catalog client's test look things up in:
 * a two-track single whose second track has a second artist, and a 23-track compilation with a label
 * (more tracks than one page holds at Spotify's default limit of 20). The compilation's popularity is
 * left out unless given, as Spotify leaves it out for most apps.
 */
export function addExampleAlbums(
  fake: FakeSpotify,
  compilationExtras: Pick<FakeSpotifyAlbumInput, 'popularity'> = {},
): { single: FakeSpotifyAddedAlbum; compilation: FakeSpotifyAddedAlbum } {
  const single = fake.addAlbum({
    upc: '8720892340017',
    name: 'Night Shift EP',
    artists: [{ name: 'Nova Tide', images: [exampleCover] }],
    images: [exampleCover],
    tracks: [
      { isrc: 'NLBIR2400011', name: 'Night Shift', duration_ms: 201_000 },
      { isrc: 'NLBIR2400012', name: 'Night Shift (Extended Mix)', duration_ms: 362_500, artists: [{ name: 'Nova Tide' }, { name: 'Kai Lumen' }] },
    ],
  });
  const compilation = fake.addAlbum({
    upc: '8720892340024',
    name: 'Deep Currents Vol. 1',
    album_type: 'compilation',
    artists: [{ name: 'Various Artists' }],
    label: 'Build It Deep',
    ...compilationExtras,
    tracks: Array.from({ length: 23 }, (_, i) => ({ isrc: `NLBIR24001${String(i).padStart(2, '0')}`, name: `Current ${i + 1}`, duration_ms: 300_000 + i })),
  });
  return { single, compilation };
}
