import type { ArtistCredit, Track } from '../api/catalog.js';

/** "No More (Extended Mix)": a title plus its mix version, unless the title already carries it. */
export function titleWithMix(title: string, mixVersion: string | null | undefined): string {
  const mix = mixVersion?.trim();
  return mix && !title.toLowerCase().includes(mix.toLowerCase()) ? `${title} (${mix})` : title;
}

/** How the site names a track: "No More (Extended Mix)". */
export function trackTitle(track: Pick<Track, 'title' | 'mix_version'>): string {
  return titleWithMix(track.title, track.mix_version);
}

/** "A, B feat. C (remix: D)": the track's credited artists with its remixers. */
export function trackArtists(track: {
  artists: readonly Pick<ArtistCredit, 'name' | 'role'>[];
  remixer?: { name: string } | null;
}): string {
  const named = (role: ArtistCredit['role']) => track.artists.filter((a) => a.role === role).map((a) => a.name);
  const remixers = named('remixer');
  if (track.remixer && !remixers.includes(track.remixer.name)) remixers.push(track.remixer.name);
  const featured = named('featured');
  let text = named('primary').join(', ');
  if (featured.length > 0) text = `${text} feat. ${featured.join(', ')}`.trim();
  if (remixers.length > 0) text = `${text} (remix: ${remixers.join(', ')})`.trim();
  return text || '—';
}
