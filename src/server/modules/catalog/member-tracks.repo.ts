import { and, asc, count, desc, eq, gt, isNotNull, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { releases, trackAudio, tracks } from '../../db/schema.js';
import { previewAudioUrl, uploadedPreviewUrl } from '../media/index.js';
import { isPublicRelease } from '../../db/public-releases.js';

// The tracks a member's page lists (docs/decisions/0066): member downloads, and upcoming releases' previews.

const columns = {
  id: tracks.id,
  title: tracks.title,
  mixVersion: tracks.mixVersion,
  release: { id: releases.id, title: releases.title, labelId: releases.labelId, artworkUrl: releases.artworkUrl, releaseDate: releases.releaseDate },
};
export interface MemberTrackRow {
  id: string;
  title: string;
  mixVersion: string | null;
  release: { id: string; title: string; labelId: string; artworkUrl: string | null; releaseDate: string | null };
}
type Page = { offset: number; limit: number };

/** Tracks staff made member downloads that have uploaded audio (what a download serves), newest release first. */
export async function listMemberDownloads(db: Db, page: Page): Promise<{ rows: MemberTrackRow[]; total: number }> {
  const where = and(eq(tracks.memberDownload, true), isNotNull(tracks.audioId), isPublicRelease);
  const from = () => db.select(columns).from(tracks).innerJoin(releases, eq(releases.id, tracks.releaseId)).innerJoin(trackAudio, eq(trackAudio.id, tracks.audioId));
  const [rows, totals] = await Promise.all([
    from()
      .where(where)
      .orderBy(sql`${releases.releaseDate} desc nulls last`, desc(releases.id), asc(tracks.discNumber), asc(tracks.trackNumber))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ total: count() })
      .from(tracks)
      .innerJoin(releases, eq(releases.id, tracks.releaseId))
      .innerJoin(trackAudio, eq(trackAudio.id, tracks.audioId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

const [generatedBefore, generatedAfter] = previewAudioUrl('\0').split('\0') as [string, string];
/** A preview early access serves (media.service's `hasPreviewOfOurs`): the track's generated loop or one cut from uploaded audio. */
const previewOfOurs = or(eq(tracks.previewUrl, sql`${generatedBefore} || ${tracks.id} || ${generatedAfter}`), like(tracks.previewUrl, `${uploadedPreviewUrl('')}%`));

/** Tracks with a preview of ours on releases dated after `today` (YYYY-MM-DD in the labels' time zone), soonest first. */
export async function listUpcomingPreviews(db: Db, today: string, page: Page): Promise<{ rows: MemberTrackRow[]; total: number }> {
  const where = and(gt(releases.releaseDate, today), previewOfOurs, isPublicRelease);
  const [rows, totals] = await Promise.all([
    db
      .select(columns)
      .from(tracks)
      .innerJoin(releases, eq(releases.id, tracks.releaseId))
      .where(where)
      .orderBy(asc(releases.releaseDate), asc(releases.id), asc(tracks.discNumber), asc(tracks.trackNumber))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(tracks).innerJoin(releases, eq(releases.id, tracks.releaseId)).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
