import { and, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { releaseAlerts, releases } from '../../db/schema.js';

/** What a "Notify me" email says of its release. */
export interface AlertRelease {
  id: string;
  title: string;
  version: string | null;
  releaseDate: string | null;
  labelId: string;
  type: string;
  /** The release's primary artists, in order. */
  artists: { name: string }[];
}

export interface StoredAlert {
  id: string;
  email: string;
  token: string;
  confirmedAt: Date | null;
  release: AlertRelease;
}

const releaseOf = (id: SQL, where: SQL = sql`true`) => sql`
  (select json_build_object(
     'id', r.id, 'title', r.title, 'version', r.version, 'releaseDate', r.release_date, 'labelId', r.label_id, 'type', r.type,
     'artists', coalesce((select json_agg(json_build_object('name', a.name) order by ra.position) from release_artists ra join artists a on a.id = ra.artist_id
                              where ra.release_id = r.id and ra.role = 'primary'), '[]'::json))
   from releases r where r.id = ${id} and ${where})`;

/** A public release one may ask to be told of (a draft is not found: docs/decisions/0101). */
export async function findAlertRelease(db: Db, releaseId: string): Promise<AlertRelease | undefined> {
  const [row] = await queryRows<{ release: AlertRelease | null }>(db, sql`select ${releaseOf(sql`${releaseId}::uuid`, sql`r.status <> 'draft'`)} as release`);
  return row?.release ?? undefined;
}

async function alertsWhere(db: Db, where: SQL, limit = 1): Promise<StoredAlert[]> {
  const rows = await queryRows<{ id: string; email: string; token: string; confirmed_at: string | null; release: AlertRelease }>(
    db,
    sql`select ra.id, ra.email, ra.token, ra.confirmed_at, ${releaseOf(sql`ra.release_id`)} as release
        from release_alerts ra join releases r on r.id = ra.release_id where ${where} order by ra.created_at, ra.id limit ${limit}`,
  );
  return rows.map((r) => ({ id: r.id, email: r.email, token: r.token, confirmedAt: r.confirmed_at ? new Date(r.confirmed_at) : null, release: r.release }));
}

export async function findAlertByToken(db: Db, token: string): Promise<StoredAlert | undefined> {
  return (await alertsWhere(db, sql`ra.token = ${token}`))[0];
}

export async function findAlert(db: Db, releaseId: string, email: string): Promise<StoredAlert | undefined> {
  return (await alertsWhere(db, sql`ra.release_id = ${releaseId} and ra.email = ${email}`))[0];
}

/** Stores a pending alert unless the address waits for this release already; answers the stored row's id and token. */
export async function insertPendingAlert(tx: Db, alert: { releaseId: string; email: string; token: string; at: Date }): Promise<{ id: string; token: string }> {
  await tx
    .insert(releaseAlerts)
    .values({ releaseId: alert.releaseId, email: alert.email, token: alert.token, createdAt: alert.at })
    .onConflictDoNothing({ target: [releaseAlerts.releaseId, releaseAlerts.email] });
  const [row] = await tx
    .select({ id: releaseAlerts.id, token: releaseAlerts.token })
    .from(releaseAlerts)
    .where(and(eq(releaseAlerts.releaseId, alert.releaseId), eq(releaseAlerts.email, alert.email)));
  return row as { id: string; token: string };
}

export async function confirmAlert(db: Db, token: string, at: Date): Promise<void> {
  await db.update(releaseAlerts).set({ confirmedAt: at }).where(and(eq(releaseAlerts.token, token), isNull(releaseAlerts.confirmedAt)));
}

export async function deleteAlertByToken(db: Db, token: string): Promise<boolean> {
  const gone = await db.delete(releaseAlerts).where(eq(releaseAlerts.token, token)).returning({ id: releaseAlerts.id });
  return gone.length > 0;
}

/** Confirmed alerts whose release is out by `today` (YYYY-MM-DD), oldest first; a draft's wait (docs/decisions/0101). */
export function dueAlerts(db: Db, today: string, limit: number): Promise<StoredAlert[]> {
  return alertsWhere(db, sql`ra.confirmed_at is not null and r.release_date <= ${today} and r.status <> 'draft'`, limit);
}

/** Deletes the alert: true for the one caller that took it (whichever instance). */
export async function takeAlert(tx: Db, id: string): Promise<boolean> {
  const gone = await tx.delete(releaseAlerts).where(and(eq(releaseAlerts.id, id), isNotNull(releaseAlerts.confirmedAt))).returning({ id: releaseAlerts.id });
  return gone.length > 0;
}

/** Forgets the addresses never confirmed whose release is out by `today`. */
export async function forgetUnconfirmedOfReleased(db: Db, today: string): Promise<void> {
  const out = db.select({ id: releases.id }).from(releases).where(lte(releases.releaseDate, today));
  await db.delete(releaseAlerts).where(and(isNull(releaseAlerts.confirmedAt), inArray(releaseAlerts.releaseId, out)));
}
