import type { AdminDemo, AdminDemoRow, AdminDemosQuery } from '../../../shared/api/admin-inbox.js';
import type { DemoStatus } from '../../../shared/api/demos.js';
import { canMoveDemo, refusedDemoMoveMessage } from '../../../shared/domain/demo-status.js';
import type { Db } from '../../db/client.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { recordActivity } from '../staff/index.js';
import { resolveLabelParam } from '../catalog/index.js';
import { groupBy } from '../../lib/group-by.js';
import { entriesOfDemos, findDemo, listDemos, updateDemoStatus, type DemoArtistRow, type DemoRow, type DemoTrackRow } from './admin-demos.repo.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function notFound(id: string): NotFoundError {
  return new NotFoundError(`Demo not found: ${id}`);
}

function toRow(demo: DemoRow, artists: DemoArtistRow[], tracks: DemoTrackRow[]): AdminDemoRow {
  return {
    id: demo.id,
    created_at: demo.createdAt.toISOString(),
    status: demo.status,
    label: demo.labelId,
    contact_email: demo.contactEmail,
    artists: artists.map((a) => a.name),
    tracks: tracks.map((t) => ({ name: t.name, genre: t.genre })),
  };
}

function toDetail(demo: DemoRow, artists: DemoArtistRow[], tracks: DemoTrackRow[]): AdminDemo {
  return {
    ...toRow(demo, artists, tracks),
    updated_at: demo.updatedAt.toISOString(),
    artists: artists.map((a) => ({
      fullName: a.fullName,
      name: a.name,
      email: a.email,
      country: a.country,
      province: a.province,
      city: a.city,
      facebook: a.facebook,
      twitter: a.twitter,
      instagram: a.instagram,
      soundcloud: a.soundcloud,
      spotify: a.spotify,
      appleMusic: a.appleMusic,
    })),
    tracks: tracks.map((t) => ({ name: t.name, genre: t.genre, soundCloudPrivateLink: t.soundcloudUrl })),
  };
}

export async function getDemos(db: Db, query: AdminDemosQuery): Promise<{ data: AdminDemoRow[]; total: number }> {
  const label = resolveLabelParam(query.label);
  const { rows, total } = await listDemos(
    db,
    { status: query.status, labelId: label?.id, q: query.q },
    { offset: query.offset, limit: query.limit },
  );
  const { artists, tracks } = await entriesOfDemos(db, rows.map((r) => r.id));
  const artistsOf = groupBy(artists, (a) => a.submissionId);
  const tracksOf = groupBy(tracks, (t) => t.submissionId);
  return { data: rows.map((r) => toRow(r, artistsOf.get(r.id) ?? [], tracksOf.get(r.id) ?? [])), total };
}

async function detailOf(db: Db, demo: DemoRow): Promise<AdminDemo> {
  const { artists, tracks } = await entriesOfDemos(db, [demo.id]);
  return toDetail(demo, artists, tracks);
}

export async function getDemo(db: Db, id: string): Promise<AdminDemo> {
  // Not a uuid: no such demo (the column is a uuid, so the database would refuse to compare).
  const demo = uuidPattern.test(id) ? await findDemo(db, id) : undefined;
  if (!demo) throw notFound(id);
  return detailOf(db, demo);
}

/**
 * Moves a demo along its review (shared/domain/demo-status.ts). The same status again changes
 * nothing; a move the table does not allow is refused with 409. The change and its activity line
 * are stored in one transaction, with the row locked so that two admins cannot both move it.
 */
export async function changeDemoStatus(
  db: Db,
  id: string,
  to: DemoStatus,
  { actor, now }: { actor: string; now: Date },
): Promise<AdminDemo> {
  if (!uuidPattern.test(id)) throw notFound(id);
  return db.transaction(async (tx) => {
    const demo = await findDemo(tx, id, { lock: true });
    if (!demo) throw notFound(id);
    const from = demo.status;
    if (from === to) return detailOf(tx, demo);
    if (!canMoveDemo(from, to)) throw new ConflictError(refusedDemoMoveMessage(from, to), 'status');
    const updated = await updateDemoStatus(tx, id, to, now);
    const detail = await detailOf(tx, updated);
    const track = detail.tracks[0]?.name ?? '—';
    const artist = detail.artists.map((a) => a.name).join(', ');
    await recordActivity(tx, {
      kind: 'demo.status',
      actor,
      summary: `Demo "${track}" by ${artist} moved from ${from} to ${to}`,
      subjectId: id,
      details: { from, to, track, artist },
      at: now,
    });
    return detail;
  });
}
