// docs/product.md §5: a demo's track link is a SoundCloud user/track URL (a private one carries an `s-` token
// segment) or a SoundCloud short link. Nothing here fetches anything: the server never follows links.

const trackUrl = /^https?:\/\/(?:(?:www|m)\.)?soundcloud\.com\/([\w-]+)\/([\w-]+)(?:\/(s-[A-Za-z0-9]+))?\/?(?:[?#].*)?$/i;
const shortUrl = /^https?:\/\/on\.soundcloud\.com\/([A-Za-z0-9]+)\/?(?:[?#].*)?$/i;

/** Second path segments that are a profile's pages, not a track (soundcloud.com/{user}/sets …). */
const profilePages = new Set([
  'albums',
  'comments',
  'followers',
  'following',
  'likes',
  'popular-tracks',
  'reposts',
  'sets',
  'spotlight',
  'tracks',
]);

function matchTrackUrl(value: string): RegExpExecArray | null {
  const match = trackUrl.exec(value);
  return match && !profilePages.has((match[2] ?? '').toLowerCase()) ? match : null;
}

export function isSoundCloudTrackUrl(value: string): boolean {
  return canonicalSoundCloudUrl(value) !== undefined;
}

/**
 * One spelling per track link, for storing and for finding repeats: https, no www./m., no query or
 * fragment (share links add tracking parameters), user and track lower-cased. The secret `s-` token
 * and a short link's code are case-sensitive and kept as they are. Undefined for a non-track URL.
 */
export function canonicalSoundCloudUrl(value: string): string | undefined {
  const trimmed = value.trim();
  const track = matchTrackUrl(trimmed);
  if (track) {
    const [, user = '', name = '', token] = track;
    return `https://soundcloud.com/${user.toLowerCase()}/${name.toLowerCase()}${token ? `/${token}` : ''}`;
  }
  const short = shortUrl.exec(trimmed);
  return short ? `https://on.soundcloud.com/${short[1] ?? ''}` : undefined;
}
