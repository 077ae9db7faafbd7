import { desc } from 'drizzle-orm';
import type { ActivityEntry, ActivityKind } from '../../../shared/api/admin-activity.js';
import type { Db } from '../../db/client.js';
import { activityLog } from '../../db/schema.js';

export interface NewActivity {
  kind: ActivityKind;
  /** The admin's username; null for a visitor or the server. */
  actor: string | null;
  summary: string;
  subjectId?: string | null;
  details?: Record<string, unknown> | null;
  at: Date;
}

/** Who makes a staff change, and when (deps.clock()): what a staff write records in the activity log. */
export interface StaffChange {
  actor: string;
  now: Date;
}

/**
 * Records one event. Call it with the transaction that makes the change, so that the change and
 * its log line are stored together or not at all.
 */
export async function recordActivity(db: Db, entry: NewActivity): Promise<void> {
  await db.insert(activityLog).values({
    kind: entry.kind,
    actor: entry.actor,
    summary: entry.summary,
    subjectId: entry.subjectId ?? null,
    details: entry.details ?? null,
    occurredAt: entry.at,
  });
}

/** The latest events, newest first. */
export async function listRecentActivity(db: Db, limit: number): Promise<ActivityEntry[]> {
  const rows = await db
    .select()
    .from(activityLog)
    .orderBy(desc(activityLog.occurredAt), desc(activityLog.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    occurred_at: r.occurredAt.toISOString(),
    kind: r.kind,
    actor: r.actor,
    summary: r.summary,
    subject_id: r.subjectId,
  }));
}
