import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DemoStatus } from '../../../shared/api/demos.js';
import type { Db } from '../../db/client.js';
import { demoSubmissionArtists, demoSubmissions, demoSubmissionTracks } from '../../db/schema.js';
import { containsPattern } from '../../db/contains-pattern.js';

export type DemoRow = typeof demoSubmissions.$inferSelect;
export type DemoArtistRow = typeof demoSubmissionArtists.$inferSelect;
export type DemoTrackRow = typeof demoSubmissionTracks.$inferSelect;

export interface DemoFilter {
  status?: DemoStatus;
  labelId?: string;
  q?: string;
}

function whereOf(filter: DemoFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(demoSubmissions.status, filter.status));
  if (filter.labelId) conditions.push(eq(demoSubmissions.labelId, filter.labelId));
  const term = filter.q?.trim();
  if (term) {
    const pattern = containsPattern(term);
    // One uncorrelated set of submission ids, as the releases search does (see releases.repo.ts).
    conditions.push(sql`${demoSubmissions.id} in (
      select ${demoSubmissionArtists.submissionId} from ${demoSubmissionArtists}
       where ${demoSubmissionArtists.name} ilike ${pattern}
          or ${demoSubmissionArtists.fullName} ilike ${pattern}
          or ${demoSubmissionArtists.email} ilike ${pattern}
      union
      select ${demoSubmissionTracks.submissionId} from ${demoSubmissionTracks}
       where ${demoSubmissionTracks.name} ilike ${pattern})`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Newest first; the (created_at, id) index read backwards. */
export async function listDemos(
  db: Db,
  filter: DemoFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: DemoRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(demoSubmissions)
      .where(where)
      .orderBy(desc(demoSubmissions.createdAt), desc(demoSubmissions.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(demoSubmissions).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** The artists and tracks of these submissions, each in form order. */
export async function entriesOfDemos(db: Db, ids: string[]): Promise<{ artists: DemoArtistRow[]; tracks: DemoTrackRow[] }> {
  if (ids.length === 0) return { artists: [], tracks: [] };
  const [artists, tracks] = await Promise.all([
    db
      .select()
      .from(demoSubmissionArtists)
      .where(inArray(demoSubmissionArtists.submissionId, ids))
      .orderBy(asc(demoSubmissionArtists.submissionId), asc(demoSubmissionArtists.position)),
    db
      .select()
      .from(demoSubmissionTracks)
      .where(inArray(demoSubmissionTracks.submissionId, ids))
      .orderBy(asc(demoSubmissionTracks.submissionId), asc(demoSubmissionTracks.position)),
  ]);
  return { artists, tracks };
}

/**
 * One submission; `lock` (inside a transaction) holds its row until the transaction ends, so that
 * two status changes at once are checked one after the other.
 */
export async function findDemo(db: Db, id: string, { lock = false } = {}): Promise<DemoRow | undefined> {
  const query = db.select().from(demoSubmissions).where(eq(demoSubmissions.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Sets the status; `undo` keeps what an undo restores and until when (cleared when undefined). */
export async function updateDemoStatus(
  db: Db,
  id: string,
  status: DemoStatus,
  now: Date,
  undo?: { before: DemoStatus; until: Date },
): Promise<DemoRow> {
  const [row] = await db
    .update(demoSubmissions)
    .set({ status, updatedAt: now, statusBeforeDecision: undo?.before ?? null, decisionUndoUntil: undo?.until ?? null })
    .where(eq(demoSubmissions.id, id))
    .returning();
  return row as DemoRow;
}
