import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { StaffRole } from '../../../shared/api/admin-auth.js';
import type { Db } from '../../db/client.js';
import { adminUsers, demoSubmissionArtists, demoSubmissions, demoSubmissionTracks } from '../../db/schema.js';

export async function findStaffEmailSettings(db: Db, adminId: string) {
  const [row] = await db.select({ email: adminUsers.email, digestLabels: adminUsers.digestLabels }).from(adminUsers).where(eq(adminUsers.id, adminId));
  return row;
}

export async function updateStaffEmailSettings(db: Db, adminId: string, settings: { email: string | null; digestLabels: string[] }, at: Date): Promise<void> {
  await db.update(adminUsers).set({ email: settings.email, digestLabels: settings.digestLabels, updatedAt: at }).where(eq(adminUsers.id, adminId));
}

/** Staff of `roles` with an address who asked for a digest of at least one label. */
export async function listDigestReaders(db: Db, roles: readonly StaffRole[]) {
  return db
    .select({ id: adminUsers.id, username: adminUsers.username, email: adminUsers.email, digestLabels: adminUsers.digestLabels })
    .from(adminUsers)
    .where(and(sql`${adminUsers.email} is not null`, ne(adminUsers.digestLabels, sql`'{}'::text[]`), inArray(adminUsers.role, [...roles])));
}

/** The demos received in [from, to), with their first track and artists' names, oldest first. */
export async function listDemosReceivedBetween(db: Db, from: Date, to: Date) {
  return db
    .select({
      id: demoSubmissions.id,
      labelId: demoSubmissions.labelId,
      track: sql<string>`(select ${demoSubmissionTracks.name} from ${demoSubmissionTracks} where ${demoSubmissionTracks.submissionId} = ${demoSubmissions.id} order by ${demoSubmissionTracks.position} limit 1)`,
      artists: sql<string>`(select string_agg(${demoSubmissionArtists.name}, ', ' order by ${demoSubmissionArtists.position}) from ${demoSubmissionArtists} where ${demoSubmissionArtists.submissionId} = ${demoSubmissions.id})`,
    })
    .from(demoSubmissions)
    .where(and(gte(demoSubmissions.createdAt, from), lt(demoSubmissions.createdAt, to)))
    .orderBy(asc(demoSubmissions.createdAt));
}

/** A demo by its status link's secret. */
export async function findDemoByStatusToken(db: Db, token: string) {
  const [demo] = await db.select().from(demoSubmissions).where(eq(demoSubmissions.statusToken, token));
  if (!demo) return undefined;
  const tracks = await db
    .select({ name: demoSubmissionTracks.name })
    .from(demoSubmissionTracks)
    .where(eq(demoSubmissionTracks.submissionId, demo.id))
    .orderBy(asc(demoSubmissionTracks.position));
  return { demo, tracks: tracks.map((t) => t.name) };
}
