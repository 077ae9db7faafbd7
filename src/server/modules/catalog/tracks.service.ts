import type { ArtistCredit, Track, TracksQuery } from '../../../shared/api/catalog.js';
import { isUpcoming } from '../../../shared/domain/release-day.js';
import { pickArtistImage } from '../../../shared/domain/images.js';
import { detectRemix } from '../../../shared/domain/remix.js';
import { currentSiteSettings } from '../../../shared/site-settings.js';
import type { Db } from '../../db/client.js';
import { groupBy } from '../../lib/group-by.js';
import type { CatalogReads } from './catalog-cache.js';
import { artistPictureUrl, hasPreviewOfOurs } from '../media/index.js';
import { releaseCredits, type CreditRow } from './releases.repo.js';
import { resolveLabelParam } from './labels.service.js';
import { listTracks, trackCredits, type TrackOrder, type TrackRow } from './tracks.repo.js';

/** An artist as a release or track credits it; without a picture of its own, its generated one (issue 35), as on its page. */
export function toCredit(row: CreditRow): ArtistCredit {
  return { id: row.artistId, name: row.name, role: row.role, image_url: pickArtistImage({ image_url: row.imageUrl }, artistPictureUrl(row.artistId)) };
}

/** A track's row with its release's date: an upcoming release's previews are for members only until its day (docs/decisions/0064). */
export type DatedTrackRow = TrackRow & { releaseDate: string | null };

export function toTrack(row: DatedTrackRow, credits: ArtistCredit[], now: Date): Track {
  const remixer = credits.find((c) => c.role === 'remixer') ?? null;
  const isUpcomingRelease = isUpcoming(row.releaseDate, now, currentSiteSettings().timeZone);
  return {
    id: row.id,
    release_id: row.releaseId,
    title: row.title,
    mix_version: row.mixVersion,
    isrc: row.isrc,
    duration_ms: row.durationMs,
    track_number: row.trackNumber,
    disc_number: row.discNumber,
    genres: row.genres,
    artists: credits,
    isRemix: remixer !== null || detectRemix(row.mixVersion).isRemix || detectRemix(row.title).isRemix,
    remixer,
    spotify_url: row.spotifyUrl,
    preview_url: isUpcomingRelease ? null : row.previewUrl,
    // Marked and with uploaded audio: what POST /api/vip/downloads/{id} needs.
    member_download: row.memberDownload && row.audioId !== null,
    // What GET /api/vip/early-access/{id} serves: only these join the early-access Play's queue.
    early_access: isUpcomingRelease && hasPreviewOfOurs(row.id, row.previewUrl),
    // What a pre-order's buyer downloads at once (the release page names them).
    instant_grat: isUpcomingRelease && row.instantGrat,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Tracks with their artists, in one query for all of them; a track without an artist of its own carries its
 * release's (a release made by hand credits its artists once: docs/decisions/0101), never none.
 */
export async function presentTracks(db: Db, rows: DatedTrackRow[], now: Date): Promise<Track[]> {
  const credits = groupBy(
    (await trackCredits(
      db,
      rows.map((r) => r.id),
    )).map((c) => ({ ownerId: c.ownerId, credit: toCredit(c) })),
    (c) => c.ownerId,
  );
  const ownOf = (row: DatedTrackRow) => (credits.get(row.id) ?? []).map((c) => c.credit);
  const uncredited = [...new Set(rows.filter((row) => !ownOf(row).some((c) => c.role === 'primary')).map((row) => row.releaseId))];
  const releaseArtists = groupBy(
    (await releaseCredits(db, uncredited)).filter((c) => c.role === 'primary'),
    (c) => c.ownerId,
  );
  return rows.map((row) => {
    const own = ownOf(row);
    const carried = own.some((c) => c.role === 'primary') ? [] : (releaseArtists.get(row.releaseId) ?? []).map(toCredit);
    return toTrack(row, [...carried, ...own], now);
  });
}

async function loadTracks(db: Db, query: TracksQuery, now: Date) {
  const label = resolveLabelParam(query.label);
  const [field, direction] = query.sort.split(':') as [TrackOrder, 'asc' | 'desc' | undefined];
  const { rows, total } = await listTracks(
    db,
    { releaseId: query.release_id, labelId: label?.id, q: query.q },
    { field, direction: direction ?? (field === 'title' ? 'asc' : 'desc') },
    { offset: query.offset, limit: query.limit },
  );
  return { data: await presentTracks(db, rows, now), total };
}

/** {@link loadTracks} through the catalog cache (docs/decisions/0030-catalog-cache.md). */
export function getTracks(catalog: CatalogReads, query: TracksQuery) {
  return catalog.catalogCache.read(`tracks:${JSON.stringify(query)}`, () => loadTracks(catalog.db, query, catalog.clock()));
}
