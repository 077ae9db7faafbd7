import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DemoArtist, DemoStatus } from '../../../shared/api/demos.js';
import type { Db } from '../../db/client.js';
import { demoSubmissionArtists, demoSubmissions, demoSubmissionTracks } from '../../db/schema.js';

export interface NewDemoTrack {
  name: string;
  genre: string;
  /** Canonical spelling. */
  soundcloudUrl: string;
}

export interface NewDemoSubmission {
  labelId: string;
  contactEmail: string;
  artists: DemoArtist[];
  tracks: NewDemoTrack[];
  /** The secret of the emailed status link. */
  statusToken: string;
  now: Date;
}

/**
 * Holds, until the transaction ends, the right to submit for one contact email: two requests
 * with the same email and link at once cannot both pass the repeat check.
 */
export async function lockContactEmail(tx: Db, contactEmail: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`demo:${contactEmail}`}, 0))`);
}

/** Which of these links this contact email has already sent. */
export async function findSubmittedLinks(db: Db, contactEmail: string, links: string[]): Promise<string[]> {
  if (links.length === 0) return [];
  const rows = await db
    .selectDistinct({ url: demoSubmissionTracks.soundcloudUrl })
    .from(demoSubmissionTracks)
    .innerJoin(demoSubmissions, eq(demoSubmissions.id, demoSubmissionTracks.submissionId))
    .where(and(eq(demoSubmissions.contactEmail, contactEmail), inArray(demoSubmissionTracks.soundcloudUrl, links)));
  return rows.map((r) => r.url);
}

/** The submission with every artist and track, in form order; call inside a transaction. */
export async function insertDemoSubmission(tx: Db, submission: NewDemoSubmission): Promise<{ id: string; status: DemoStatus }> {
  const { now } = submission;
  const [row] = await tx
    .insert(demoSubmissions)
    .values({ labelId: submission.labelId, contactEmail: submission.contactEmail, statusToken: submission.statusToken, createdAt: now, updatedAt: now })
    .returning({ id: demoSubmissions.id, status: demoSubmissions.status });
  const { id, status } = row as { id: string; status: DemoStatus };
  await tx.insert(demoSubmissionArtists).values(
    submission.artists.map((artist, position) => ({ submissionId: id, position, ...artist })),
  );
  await tx.insert(demoSubmissionTracks).values(
    submission.tracks.map((track, position) => ({ submissionId: id, position, ...track })),
  );
  return { id, status };
}
