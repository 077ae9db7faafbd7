import type { AdminDemo, AdminDemoRow, AdminDemosQuery } from '../../../shared/api/admin-inbox.js';
import type { DemoStatus } from '../../../shared/api/demos.js';
import { canMoveDemo, refusedDemoMoveMessage } from '../../../shared/domain/demo-status.js';
import type { Db } from '../../db/client.js';
import { demoUndoMessages, type DecisionStatus } from '../../../shared/api/messaging.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { recordActivity } from '../staff/index.js';
import { resolveLabelParam } from '../catalog/index.js';
import { groupBy } from '../../lib/group-by.js';
import { decisionUndoMs, type Mailroom } from '../messaging/index.js';
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
    undo_until: demo.decisionUndoUntil?.toISOString() ?? null,
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
 * nothing; a move the table does not allow is refused with 409. The change, its activity line and
 * its email to the artists are stored in one transaction, with the row locked so that two admins
 * cannot both move it. Shortlisted is emailed at once; accepted and declined wait 10 minutes, the
 * time staff have to undo them (docs/decisions/0060).
 */
export async function changeDemoStatus(
  db: Db,
  mailroom: Mailroom,
  id: string,
  to: DemoStatus,
  { actor, now }: { actor: string; now: Date },
): Promise<AdminDemo> {
  if (!uuidPattern.test(id)) throw notFound(id);
  const isFinal = to === 'accepted' || to === 'declined';
  // The email is rendered before the transaction (its artists, tracks and link never change); it is
  // stored only if the move is made.
  const email = to === 'shortlisted' || isFinal ? await prepareDecisionEmail(db, mailroom, id, to, now) : undefined;
  return db.transaction(async (tx) => {
    const demo = await findDemo(tx, id, { lock: true });
    if (!demo) throw notFound(id);
    const from = demo.status;
    if (from === to) return detailOf(tx, demo);
    if (!canMoveDemo(from, to)) throw new ConflictError(refusedDemoMoveMessage(from, to), 'status');
    const updated = await updateDemoStatus(tx, id, to, now, isFinal ? { before: from, until: new Date(now.getTime() + decisionUndoMs) } : undefined);
    if (email) await mailroom.write(tx, { ...email, subjectId: id });
    const detail = await detailOf(tx, updated);
    await recordMove(tx, detail, { from, to, actor, now, summary: `moved from ${from} to ${to}` });
    return detail;
  });
}

async function prepareDecisionEmail(db: Db, mailroom: Mailroom, id: string, status: DecisionStatus, now: Date) {
  const demo = await findDemo(db, id);
  if (!demo) throw notFound(id);
  const { artists, tracks } = await entriesOfDemos(db, [id]);
  return mailroom.prepareDemoDecision(db, { labelId: demo.labelId, statusToken: demo.statusToken, artists, trackNames: tracks.map((t) => t.name) }, status, now);
}

async function recordMove(tx: Db, detail: AdminDemo, move: { from: DemoStatus; to: DemoStatus; actor: string; now: Date; summary: string }) {
  const track = detail.tracks[0]?.name ?? '—';
  const artist = detail.artists.map((a) => a.name).join(', ');
  await recordActivity(tx, {
    kind: 'demo.status',
    actor: move.actor,
    summary: `Demo "${track}" by ${artist} ${move.summary}`,
    subjectId: detail.id,
    details: { from: move.from, to: move.to, track, artist },
    at: move.now,
  });
}

/**
 * Takes back an accept or a decline within its 10 minutes: the status before it returns and its
 * waiting email is cancelled, in one transaction. Later, or once the email has gone, 409.
 */
export async function undoDemoDecision(db: Db, mailroom: Mailroom, id: string, { actor, now }: { actor: string; now: Date }): Promise<AdminDemo> {
  if (!uuidPattern.test(id)) throw notFound(id);
  return db.transaction(async (tx) => {
    const demo = await findDemo(tx, id, { lock: true });
    if (!demo) throw notFound(id);
    const before = demo.statusBeforeDecision;
    if (!before || !demo.decisionUndoUntil || (demo.status !== 'accepted' && demo.status !== 'declined')) {
      throw new ConflictError(demoUndoMessages.nothingToUndo);
    }
    if (now >= demo.decisionUndoUntil || !(await mailroom.cancelDecision(tx, id, now))) throw new ConflictError(demoUndoMessages.tooLate);
    const updated = await updateDemoStatus(tx, id, before, now);
    const detail = await detailOf(tx, updated);
    await recordMove(tx, detail, { from: demo.status, to: before, actor, now, summary: `back from ${demo.status} to ${before} (undone)` });
    return detail;
  });
}
