import { describe, expect, it } from 'vitest';
import { canonicalSoundCloudUrl, isSoundCloudTrackUrl } from './soundcloud.js';

describe('isSoundCloudTrackUrl: docs/product.md §5 user/track pattern', () => {
  it.each([
    'https://soundcloud.com/some-artist/some-track',
    'https://soundcloud.com/some-artist/some-track/s-AbC12dEf',
    'https://soundcloud.com/some_artist/some-track/',
    'http://soundcloud.com/some-artist/some-track',
    'https://www.soundcloud.com/some-artist/some-track',
    'https://m.soundcloud.com/some-artist/some-track',
    'https://SoundCloud.com/Some-Artist/Some-Track',
    'https://soundcloud.com/some-artist/some-track?si=abc123&utm_source=clipboard',
    'https://soundcloud.com/some-artist/some-track/s-AbC12dEf?si=1#t=0:30',
    'https://on.soundcloud.com/AbCd1234',
    '  https://on.soundcloud.com/AbCd1234/  ',
  ])('accepts %s', (url) => {
    expect(isSoundCloudTrackUrl(url)).toBe(true);
  });

  it.each([
    '',
    'soundcloud.com/some-artist/some-track',
    'https://soundcloud.com/some-artist',
    'https://soundcloud.com/some-artist/sets/my-playlist',
    'https://soundcloud.com/some-artist/sets',
    'https://soundcloud.com/some-artist/likes',
    'https://soundcloud.com/some-artist/some-track/extra',
    'https://soundcloud.com/some-artist/some-track/s-',
    'https://soundcloud.com.evil.example/some-artist/some-track',
    'https://evilsoundcloud.com/some-artist/some-track',
    'https://api.soundcloud.com/tracks/123',
    'https://on.soundcloud.com/',
    'ftp://soundcloud.com/some-artist/some-track',
    'https://open.spotify.com/track/abc',
    'javascript:alert(1)//soundcloud.com/a/b',
  ])('rejects %j', (url) => {
    expect(isSoundCloudTrackUrl(url)).toBe(false);
  });
});

describe('canonicalSoundCloudUrl', () => {
  it('spells every form of one track link the same way, keeping the private token', () => {
    for (const url of [
      'http://www.soundcloud.com/Some-Artist/Some-Track/s-AbC12dEf?si=xyz',
      'https://m.soundcloud.com/some-artist/some-track/s-AbC12dEf/',
      'https://soundcloud.com/some-artist/some-track/s-AbC12dEf#t=1',
    ]) {
      expect(canonicalSoundCloudUrl(url)).toBe('https://soundcloud.com/some-artist/some-track/s-AbC12dEf');
    }
    expect(canonicalSoundCloudUrl('https://on.soundcloud.com/AbCd1234?x=1')).toBe('https://on.soundcloud.com/AbCd1234');
    expect(canonicalSoundCloudUrl('https://soundcloud.com/a')).toBeUndefined();
  });
});
