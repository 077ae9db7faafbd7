import type { DemoArtist, DemoTrack } from '../../src/shared/api/demos.js';

/** A valid demo artist entry (every social link filled); override what a test is about. */
export function aDemoArtist(overrides: Partial<DemoArtist> = {}): DemoArtist {
  return {
    fullName: 'Mara Quist',
    name: 'Mara Q',
    email: 'mara@example.com',
    country: 'Netherlands',
    province: 'Noord-Holland',
    city: 'Amsterdam',
    facebook: 'https://www.facebook.com/maraq',
    twitter: 'https://twitter.com/maraq',
    instagram: 'https://www.instagram.com/maraq',
    soundcloud: 'https://soundcloud.com/maraq',
    spotify: 'https://open.spotify.com/artist/abc',
    appleMusic: 'https://music.apple.com/artist/maraq/1',
    ...overrides,
  };
}

/** A valid demo track entry with a private SoundCloud link. */
export function aDemoTrack(overrides: Partial<DemoTrack> = {}): DemoTrack {
  return {
    name: 'Night Shift',
    genre: 'Deep House',
    soundCloudPrivateLink: 'https://soundcloud.com/maraq/night-shift/s-AbC12dEf',
    ...overrides,
  };
}
