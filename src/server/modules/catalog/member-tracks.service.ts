import type { EarlyAccessTrack, MemberTrack } from '../../../shared/api/vip-perks.js';
import { localDate } from '../../../shared/domain/release-day.js';
import { currentSiteSettings } from '../../../shared/site-settings.js';
import type { Db } from '../../db/client.js';
import { groupBy } from '../../lib/group-by.js';
import { earlyAccessOpensAt } from '../media/index.js';
import { releaseAvailability } from './release-moments.js';
import { listMemberDownloads, listUpcomingPreviews, type MemberTrackRow } from './member-tracks.repo.js';
import { trackCredits } from './tracks.repo.js';
import { toCredit } from './tracks.service.js';

// What a member's page lists (docs/decisions/0066). Private answers: never through the catalog cache.

type Page = { offset: number; limit: number };

async function present(db: Db, rows: MemberTrackRow[], now: Date): Promise<MemberTrack[]> {
  const credits = groupBy(
    await trackCredits(
      db,
      rows.map((row) => row.id),
    ),
    (credit) => credit.ownerId,
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    mix_version: row.mixVersion,
    artists: (credits.get(row.id) ?? []).map(toCredit),
    release: {
      id: row.release.id,
      title: row.release.title,
      label_id: row.release.labelId,
      artwork_url: row.release.artworkUrl,
      release_date: row.release.releaseDate,
      public_at: releaseAvailability(row.release.releaseDate, now).publicAt?.toISOString() ?? null,
    },
  }));
}

/** The member downloads (tracks staff marked that have uploaded audio), newest release first. */
export async function getMemberDownloads(db: Db, now: Date, page: Page): Promise<{ data: MemberTrack[]; total: number }> {
  const { rows, total } = await listMemberDownloads(db, page);
  return { data: await present(db, rows, now), total };
}

/** Upcoming releases' tracks with a preview, soonest first: playable from `earlyAccessDays` before the day. */
export async function getEarlyAccessTracks(db: Db, now: Date, earlyAccessDays: number, page: Page): Promise<{ data: EarlyAccessTrack[]; total: number }> {
  const { rows, total } = await listUpcomingPreviews(db, localDate(now, currentSiteSettings().timeZone), page);
  const data = (await present(db, rows, now)).map((track) => {
    const opensAt = earlyAccessOpensAt(track.release.release_date as string, earlyAccessDays);
    return { ...track, opens_at: opensAt.toISOString(), preview_url: now >= opensAt ? `/api/vip/early-access/${track.id}` : null };
  });
  return { data, total };
}
