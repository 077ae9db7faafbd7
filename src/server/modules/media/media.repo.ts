import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isListedArtist, isPublicRelease } from '../../db/public-releases.js';
import { artists, playlists, releaseArtists, releases, tracks } from '../../db/schema.js';

/** Who a picture is drawn for: the public (a draft release, an unlisted artist has none, as it has no page) or staff's uploads (any). */
export type PictureAudience = 'public' | 'staff';

/** What a release's generated artwork and card say: its key, title, label, first artist and cover (an uploaded one is its card's picture). */
export async function findArtworkSubject(db: Db, releaseId: string, audience: PictureAudience) {
  const [row] = await db
    .select({ upc: releases.upc, title: releases.title, labelId: releases.labelId, artist: artists.name, artworkUrl: releases.artworkUrl })
    .from(releases)
    .leftJoin(releaseArtists, eq(releaseArtists.releaseId, releases.id))
    .leftJoin(artists, eq(artists.id, releaseArtists.artistId))
    .where(audience === 'public' ? and(eq(releases.id, releaseId), isPublicRelease) : eq(releases.id, releaseId))
    .orderBy(asc(releaseArtists.position))
    .limit(1);
  return row;
}

/** An artist's name and picture; for the public, only a listed artist's (one with a page: docs/product.md §5 hygiene, decision 0033). */
export async function findArtistSubject(db: Db, artistId: string, audience: PictureAudience): Promise<{ name: string; imageUrl: string | null } | undefined> {
  const [row] = await db
    .select({ name: artists.name, imageUrl: artists.imageUrl })
    .from(artists)
    .where(audience === 'public' ? and(eq(artists.id, artistId), isListedArtist()) : eq(artists.id, artistId));
  return row;
}

/** A playlist's title and label; for the public, only a published one's (docs/decisions/0103). */
export async function findPlaylistSubject(db: Db, playlistId: string, audience: PictureAudience): Promise<{ title: string; labelId: string } | undefined> {
  const [row] = await db
    .select({ title: playlists.title, labelId: playlists.labelId })
    .from(playlists)
    .where(audience === 'public' ? and(eq(playlists.id, playlistId), eq(playlists.status, 'published')) : eq(playlists.id, playlistId));
  return row;
}

/** What a preview needs: the track's key, its preview, and its release's date (an upcoming one's previews are for members, docs/decisions/0064); none for a draft's track (0101). */
export async function findPreviewSubject(db: Db, trackId: string) {
  const [row] = await db
    .select({ isrc: tracks.isrc, previewUrl: tracks.previewUrl, releaseDate: releases.releaseDate })
    .from(tracks)
    .innerJoin(releases, eq(releases.id, tracks.releaseId))
    .where(and(eq(tracks.id, trackId), isPublicRelease));
  return row;
}

/**
 * Whether a track of a public release that is out by `today` (YYYY-MM-DD in the labels' time zone; a release of
 * no date is out) has `previewUrl` as its preview: what makes a preview cut from uploaded audio public
 * (docs/decisions/0096). One index lookup (tracks_preview_url_idx).
 */
export async function isPreviewOfReleasedTrack(db: Db, previewUrl: string, today: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(tracks)
    .innerJoin(releases, eq(releases.id, tracks.releaseId))
    .where(and(eq(tracks.previewUrl, previewUrl), isPublicRelease, or(isNull(releases.releaseDate), lte(releases.releaseDate, today))))
    .limit(1);
  return rows.length > 0;
}

/** What an uploaded file's name may name: every release by id, UPC and catalog number, every artist by id and name, every playlist by id. */
export async function listMediaTargets(db: Db) {
  const [releaseRows, artistRows, playlistRows] = await Promise.all([
    db.select({ id: releases.id, upc: releases.upc, catalogNumber: releases.catalogNumber, title: releases.title, labelId: releases.labelId }).from(releases),
    db.select({ id: artists.id, name: artists.name }).from(artists),
    db.select({ id: playlists.id, title: playlists.title }).from(playlists),
  ]);
  return { releases: releaseRows, artists: artistRows, playlists: playlistRows };
}
