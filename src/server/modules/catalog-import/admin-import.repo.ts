import { count, countDistinct, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { demoSubmissions, releases, tracks } from '../../db/schema.js';

/** Releases and tracks per label id. */
export async function countCatalogPerLabel(db: Db): Promise<Map<string, { releases: number; tracks: number }>> {
  const rows = await db
    .select({ labelId: releases.labelId, releases: countDistinct(releases.id), tracks: count(tracks.id) })
    .from(releases)
    .leftJoin(tracks, eq(tracks.releaseId, releases.id))
    .groupBy(releases.labelId);
  return new Map(rows.map((r) => [r.labelId, { releases: r.releases, tracks: r.tracks }]));
}

/** New and all demo submissions per label id. */
export async function countDemosPerLabel(db: Db): Promise<Map<string, { isNew: number; total: number }>> {
  const rows = await db
    .select({
      labelId: demoSubmissions.labelId,
      isNew: sql<number>`count(*) filter (where ${demoSubmissions.status} = 'new')`.mapWith(Number),
      total: count(),
    })
    .from(demoSubmissions)
    .groupBy(demoSubmissions.labelId);
  return new Map(rows.map((r) => [r.labelId, { isNew: r.isNew, total: r.total }]));
}
