import type { Artist, ArtistRelease, ArtistsQuery } from '../../../shared/api/catalog.js';
import { pickArtistImage } from '../../../shared/domain/images.js';
import type { Db } from '../../db/client.js';
import type { CatalogReads } from './catalog-cache.js';
import { NotFoundError } from '../../errors.js';
import { artistPictureUrl } from '../media/index.js';
import { resolveLabelParam } from './labels.service.js';
import { findReleasesByIds } from './releases.repo.js';
import { presentReleases } from './releases.service.js';
import { artistCredits, artistReleaseFacts, countListedArtists, findListedArtist, listArtists, type ArtistRow } from './artists.repo.js';

async function presentArtists(db: Db, rows: ArtistRow[]): Promise<Artist[]> {
  const facts = new Map((await artistReleaseFacts(db, rows.map((r) => r.id))).map((f) => [f.artist_id, f]));
  return rows.map((row) => {
    const fact = facts.get(row.id);
    return {
      id: row.id,
      name: row.name,
      image_url: pickArtistImage({ image_url: row.imageUrl }, artistPictureUrl(row.id)),
      bio: row.bio,
      genres: row.genres,
      labels: fact?.label_ids ?? [],
      spotify_url: row.spotifyUrl,
      followers: row.followers,
      popularity: row.popularity,
    };
  });
}

async function loadArtists(db: Db, query: ArtistsQuery) {
  const label = resolveLabelParam(query.label);
  const { rows, total } = await listArtists(
    db,
    { labelId: label?.id, q: query.q },
    query.sort === 'name:desc' ? 'desc' : 'asc',
    { offset: query.offset, limit: query.limit },
  );
  return { data: await presentArtists(db, rows), total };
}

async function loadArtist(db: Db, id: string): Promise<Artist> {
  const row = await findListedArtist(db, id);
  if (!row) throw new NotFoundError('Artist not found');
  const [artist] = await presentArtists(db, [row]);
  return artist as Artist;
}

const roleNames = { primary: 'Artist', featured: 'Featured', remixer: 'Remixer' } as const;

async function loadArtistReleases(db: Db, artistId: string, page: number, limit: number, now: Date) {
  if (!(await findListedArtist(db, artistId))) throw new NotFoundError('Artist not found');
  const { rows, total } = await artistCredits(db, artistId, { offset: (page - 1) * limit, limit });
  const releaseRows = new Map((await findReleasesByIds(db, rows.map((r) => r.releaseId))).map((r) => [r.id, r]));
  const releases = await presentReleases(
    db,
    rows.map((r) => releaseRows.get(r.releaseId)!),
    // The tracks give each row its length and its Play (docs/product.md §2.8).
    { tracks: true, artists: true, remixes: true },
    now,
  );
  const data: ArtistRelease[] = releases.map((release, i) => ({
    ...release,
    artistRole: roleNames[rows[i]!.role],
    artistTrackTitle: rows[i]!.trackTitle,
    artistTrackId: rows[i]!.trackId,
  }));
  return { data, total };
}

/** {@link loadArtists} through the catalog cache (docs/decisions/0030-catalog-cache.md). */
export function getArtists(catalog: CatalogReads, query: ArtistsQuery) {
  return catalog.catalogCache.read(`artists:${JSON.stringify(query)}`, () => loadArtists(catalog.db, query));
}

/** {@link loadArtist} through the catalog cache (docs/decisions/0030-catalog-cache.md). */
export function getArtist(catalog: CatalogReads, id: string) {
  return catalog.catalogCache.read(`artist:${id}`, () => loadArtist(catalog.db, id));
}

/** {@link loadArtistReleases} through the catalog cache (docs/decisions/0030-catalog-cache.md). */
export function getArtistReleases(catalog: CatalogReads, artistId: string, page: number, limit: number) {
  return catalog.catalogCache.read(`artist-releases:${artistId}:${page}:${limit}`, () => loadArtistReleases(catalog.db, artistId, page, limit, catalog.clock()));
}

/** How many artists a label's public artists list shows, by its own rule (for the admin's label figures). */
export function countLabelArtists(db: Db, labelId: string): Promise<number> {
  return countListedArtists(db, { labelId });
}
