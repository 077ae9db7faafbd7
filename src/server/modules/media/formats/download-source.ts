import { createHash } from 'node:crypto';
import type { DownloadFormat } from '../../../../shared/download-formats.js';
import { titleWithMix, trackArtists } from '../../../../shared/domain/track-title.js';
import { defaultLabel, findLabel } from '../../../../shared/labels.js';
import type { Db } from '../../../db/client.js';
import type { MediaStore } from '../media-store.js';
import { coverJpeg, releaseCoverSource } from '../media.service.js';
import type { DownloadTags } from './download-tags.js';
import { findDownloadSource } from './download-files.repo.js';

export const downloadExtensions: Record<DownloadFormat, string> = { wav: 'wav', flac: 'flac', aiff: 'aiff', 'mp3-320': 'mp3', 'mp3-v0': 'mp3' };

/** The cover's side in pixels: what DJ software and stores show, at a size that keeps each file's tag small. */
export const coverSize = 600;

/** The names a title credits as featured, lower-cased: "Can't Wait (feat. Alicia Moore)" → "alicia moore"; "" for none. */
function featuredPart(title: string): string {
  const parts = [...title.matchAll(/(?:^|[\s([])(?:feat\.?|ft\.?|featuring)\s+([^)\]([]+)/giu)];
  return parts.map((part) => part[1] as string).join(' | ').toLowerCase();
}

/** Whether the title's featured part ("feat. …", "ft. …", "featuring …") names `name`, as a whole name. */
function isNamedFeatured(title: string, name: string): boolean {
  const named = featuredPart(title);
  const wanted = name.toLowerCase();
  for (let at = named.indexOf(wanted); at >= 0; at = named.indexOf(wanted, at + 1)) {
    const isWhole = !/[\p{L}\p{N}]/u.test(named.charAt(at - 1)) && !/[\p{L}\p{N}]/u.test(named.charAt(at + wanted.length));
    if (isWhole) return true;
  }
  return false;
}

/**
 * What a track's downloads are made from (docs/decisions/0103): the master's key and file name, the tags' words,
 * the cover's source, and `source`, a fingerprint of all of them: a file made from another is made again. The
 * cover is drawn only when a job asks for the tags. Undefined for a track without an uploaded master.
 */
export async function downloadSource(db: Db, store: MediaStore, trackId: string) {
  const track = await findDownloadSource(db, trackId);
  if (!track) return undefined;
  const cover = await releaseCoverSource(db, track.releaseId);
  const title = titleWithMix(track.title, track.mixVersion);
  // The remixers are in the title's mix ("(Tonally Remix)"), as DJ software shows them; so are featured artists the
  // title's "feat." names already ("Can't Wait (feat. Alicia Moore)", as distributors write it), named once. A name
  // the title holds elsewhere ("Alma" by Lazo Lingo feat. Alma) is no such credit.
  const credited = track.artists.filter((a) => a.role !== 'remixer' && !(a.role === 'featured' && isNamedFeatured(title, a.name)));
  const words = {
    title,
    artists: trackArtists({ artists: credited.length > 0 ? credited : track.artists }),
    album: track.album,
    label: (findLabel(track.labelId) ?? defaultLabel).name,
    catalogNumber: track.catalogNumber,
    isrc: track.isrc,
    releaseDate: track.releaseDate,
  };
  const coverId = !cover ? null : 'uploaded' in cover ? cover.uploaded : createHash('sha256').update(cover.svg).digest('hex');
  return {
    originalKey: track.originalKey,
    fileName: track.fileName,
    /** "Artist - Title (Mix)", for the file's name. */
    name: `${words.artists} - ${words.title}`,
    source: createHash('sha256').update(JSON.stringify([track.originalKey, words, coverId, coverSize])).digest('hex'),
    tags: async (): Promise<DownloadTags> => ({ ...words, cover: cover ? { jpeg: await coverJpeg(store, cover, coverSize), size: coverSize } : null }),
  };
}
