import type { AdminReleaseCreate, AdminReleaseDetail, AdminReleaseListItem, AdminReleasesQuery, AdminReleaseUpdate } from '../../../shared/api/admin-releases.js';
import { isUpcoming, localDate } from '../../../shared/domain/release-day.js';
import { shownStatus, type ReleaseStatus } from '../../../shared/domain/release-status.js';
import { currentSiteSettings } from '../../../shared/site-settings.js';
import { isDeadlock, isUniqueViolation, type Db } from '../../db/client.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.js';
import { isUuid } from '../../lib/uuid.js';
import { requeueTrackAudio } from '../media/index.js';
import { recordActivity, type StaffChange } from '../staff/index.js';
import { resolveLabelParam } from './labels.service.js';
import {
  clearIsrcs,
  deleteTracks,
  ensureArtists,
  findReleaseConflicts,
  findReleaseForEdit,
  insertRelease,
  insertTrack,
  listAdminReleases,
  setReleaseArtists,
  setTrackArtists,
  soldTracks,
  updateRelease,
  updateTrackValues,
  type ReleaseForEdit,
  type ReleaseValues,
} from './admin-releases.repo.js';

// Releases made and edited by hand (docs/decisions/0082): one transaction per write, recorded in the
// activity log; the route publishes the catalog change once it committed.

const releaseNotFound = (id: string) => new NotFoundError(`Release not found: ${id}`);

function toDetail(found: ReleaseForEdit, now: Date): AdminReleaseDetail {
  const { row } = found;
  const named = (trackId: string, role: 'primary' | 'remixer') =>
    found.trackCredits.filter((c) => c.trackId === trackId && c.role === role).map((c) => c.name);
  return {
    id: row.id,
    title: row.title,
    version: row.version,
    type: row.type,
    status: shownStatus(row.status, row.releaseDate, now, currentSiteSettings().timeZone),
    slug: row.slug,
    genres: row.genres,
    description: row.description,
    credits: row.credits,
    release_date: row.releaseDate,
    label_id: row.labelId,
    catalog_number: row.catalogNumber,
    upc: row.upc,
    artwork_url: row.artworkUrl,
    pinned: row.pinned,
    artists: found.artistNames,
    tracks: found.tracks.map(({ track, audio }) => ({
      id: track.id,
      title: track.title,
      mix_version: track.mixVersion,
      isrc: track.isrc,
      duration_ms: track.durationMs,
      artists: named(track.id, 'primary'),
      remixers: named(track.id, 'remixer'),
      audio: audio && { file_name: audio.fileName, status: audio.status },
      preview_start_ms: track.previewStartMs,
      preview_length_ms: track.previewLengthMs,
      member_download: track.memberDownload,
      instant_grat: track.instantGrat,
      price: track.price,
    })),
    links: row.links,
    price: row.price,
    tracks_without_master: found.tracks.filter(({ track }) => track.audioId === null).length,
    upcoming: isUpcoming(row.releaseDate, now, currentSiteSettings().timeZone),
  };
}

/** What a write claims: a catalog number in a label and a UPC, for any release but `exceptId`. */
interface Claim {
  labelId: string;
  catalogNumber: string | null;
  upc: string | null;
  exceptId?: string;
}

/** 409 naming the release that already holds the catalog number (in the label) or the UPC. */
async function refuseConflicts(db: Db, wanted: Claim) {
  for (const other of await findReleaseConflicts(db, wanted)) {
    if (wanted.upc && other.upc === wanted.upc) {
      throw new ConflictError(`UPC ${wanted.upc} is already on "${other.title}" (${other.id})`, 'upc');
    }
    throw new ConflictError(`Catalog number ${wanted.catalogNumber} is already on "${other.title}" (${other.id}) in this label`, 'catalog_number');
  }
}

type TracksInput = AdminReleaseCreate['tracks'];

/** 400 for `scheduled` on a release not dated after today: it would be public at once (docs/decisions/0101). */
function refuseScheduledWithoutDate(status: ReleaseStatus | undefined, releaseDate: string | null, now: Date): void {
  if (status === 'scheduled' && !isUpcoming(releaseDate, now, currentSiteSettings().timeZone)) {
    throw new BadRequestError('A scheduled release needs a release date after today', 'status');
  }
}

/**
 * Writes the release's tracks in the order given: those with an id (of this release) kept and changed, the
 * rest new; the others deleted. A kept track with uploaded audio whose preview window changed has its
 * previews cut again (docs/decisions/0026), as when its track is edited alone.
 */
async function writeTracks(db: Db, releaseId: string, input: TracksInput, before: ReleaseForEdit['tracks'][number]['track'][], now: Date): Promise<void> {
  const existing = new Map(before.map((track) => [track.id, track]));
  input.forEach((track, index) => {
    if (track.id && !existing.has(track.id)) throw new BadRequestError(`Track ${index + 1} is not a track of this release: ${track.id}`, `tracks.${index}.id`);
  });
  const kept = new Set(input.flatMap((track) => (track.id ? [track.id] : [])));
  const removed = [...existing.keys()].filter((id) => !kept.has(id));
  const [sold] = await soldTracks(db, removed);
  if (sold) throw new ConflictError(`Track "${sold.title}" was bought alone: its order keeps it, so it cannot be removed`, 'tracks');
  await deleteTracks(db, removed);
  await clearIsrcs(db, [...kept]);
  const names = input.flatMap((track) => [...track.artists, ...track.remixers]);
  const ids = await ensureArtists(db, names);
  const idsOf = (list: string[]) => list.map((name) => ids.get(name) as string);
  for (const [index, track] of input.entries()) {
    const values = {
      title: track.title,
      mixVersion: track.mix_version ?? null,
      isrc: track.isrc ?? null,
      durationMs: track.duration_ms ?? null,
      trackNumber: index + 1,
      previewStartMs: track.preview_start_ms,
      previewLengthMs: track.preview_length_ms,
      memberDownload: track.member_download,
      instantGrat: track.instant_grat,
      price: track.price,
    };
    const trackId = track.id ?? (await insertTrack(db, releaseId, values, now));
    const stored = track.id ? existing.get(track.id) : undefined;
    if (stored) {
      await updateTrackValues(db, stored.id, values, now);
      const isNewWindow = [track.preview_start_ms, track.preview_length_ms].some((value, i) => value !== undefined && value !== [stored.previewStartMs, stored.previewLengthMs][i]);
      if (stored.audioId && isNewWindow) await requeueTrackAudio(db, stored.audioId);
    }
    await setTrackArtists(db, trackId, idsOf(track.artists), idsOf(track.remixers));
  }
}

async function writeArtists(db: Db, releaseId: string, names: string[]): Promise<void> {
  const ids = await ensureArtists(db, names);
  await setReleaseArtists(db, releaseId, names.map((name) => ids.get(name) as string));
}

/**
 * Times a write is tried when one written at the same instant took the slug it made, or PostgreSQL ended
 * it to break a deadlock with it: each retry of a slug race takes the other's slug into account, and a
 * deadlock ends one of the two, so a few tries serve the handful of staff who may save at the same instant.
 */
const writeAttempts = 5;

/**
 * Runs a write that claims a catalog number and a UPC (checked first by `claim`, in its transaction).
 * Two writes at the same instant both pass that check; the database's unique indexes refuse the later
 * one (docs/decisions/0088), which is answered with the same 409, naming the release that got there
 * first: committed by then, since the index waited for it. Two writes making one slug at the same
 * instant (one catalog number and title in two labels) are no conflict: the later is done again, and
 * its slug then sees the other's and takes its id's first characters (docs/decisions/0101). Two writes
 * that credit the same artists take their credit counts (docs/decisions/0033) in the order their
 * statements reach them; when two take them in opposite orders, PostgreSQL ends one, which is done again.
 */
async function claimsAnswered<T>(db: Db, work: (claim: (tx: Db, wanted: Claim) => Promise<void>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    let claimed: Claim | undefined;
    try {
      return await work(async (tx, wanted) => {
        claimed = wanted;
        await refuseConflicts(tx, wanted);
      });
    } catch (error) {
      if (attempt < writeAttempts && (isUniqueViolation(error, 'releases_slug_uq') || isDeadlock(error))) continue;
      const isUpc = isUniqueViolation(error, 'releases_upc_unique');
      const isCatalogNumber = !isUpc && isUniqueViolation(error, 'releases_label_catalog_number_uq');
      if (!claimed || !(isUpc || isCatalogNumber)) throw error;
      await refuseConflicts(db, claimed);
      if (isUpc) throw new ConflictError(`UPC ${claimed.upc} is already on another release`, 'upc');
      throw new ConflictError(`Catalog number ${claimed.catalogNumber} is already on another release in this label`, 'catalog_number');
    }
  }
}

/** The admin's list of releases (drafts too), each with the status it shows. */
export async function getAdminReleases(db: Db, query: AdminReleasesQuery, now: Date): Promise<{ data: AdminReleaseListItem[]; total: number }> {
  const { rows, total } = await listAdminReleases(
    db,
    { q: query.q, labelId: resolveLabelParam(query.label)?.id, status: query.status, today: localDate(now, currentSiteSettings().timeZone) },
    { offset: query.offset, limit: query.limit },
  );
  return { data: rows.map((row) => ({ ...row, status: shownStatus(row.status, row.release_date, now, currentSiteSettings().timeZone) })), total };
}

export async function getReleaseForEdit(db: Db, id: string, now: Date): Promise<AdminReleaseDetail> {
  const found = isUuid(id) ? await findReleaseForEdit(db, id) : undefined;
  if (!found) throw releaseNotFound(id);
  return toDetail(found, now);
}

/** Creates the release with its artists (found by name or made), tracks and links; recorded as 'release.create'. */
export async function createRelease(db: Db, input: AdminReleaseCreate, change: StaffChange): Promise<AdminReleaseDetail> {
  return claimsAnswered(db, (claim) =>
    db.transaction(async (tx) => {
      refuseScheduledWithoutDate(input.status, input.release_date, change.now);
      await claim(tx, { labelId: input.label_id, catalogNumber: input.catalog_number, upc: input.upc });
      const id = await insertRelease(tx, releaseValues(input), change.now);
      await writeArtists(tx, id, input.artists);
      await writeTracks(tx, id, input.tracks, [], change.now);
      await recordActivity(tx, {
        kind: 'release.create',
        actor: change.actor,
        summary: `Created release "${input.title}"`,
        subjectId: id,
        at: change.now,
      });
      return toDetail((await findReleaseForEdit(tx, id)) as ReleaseForEdit, change.now);
    }),
  );
}

function releaseValues(input: AdminReleaseCreate): ReleaseValues {
  return {
    title: input.title,
    version: input.version,
    type: input.type,
    status: input.status,
    genres: input.genres,
    description: input.description,
    credits: input.credits,
    releaseDate: input.release_date,
    labelId: input.label_id,
    catalogNumber: input.catalog_number,
    upc: input.upc,
    links: input.links,
    price: input.price,
  };
}

const columnOf = {
  title: 'title',
  version: 'version',
  type: 'type',
  status: 'status',
  genres: 'genres',
  description: 'description',
  credits: 'credits',
  release_date: 'releaseDate',
  label_id: 'labelId',
  catalog_number: 'catalogNumber',
  upc: 'upc',
  links: 'links',
  price: 'price',
  pinned: 'pinned',
} as const;

/**
 * Changes the sent fields; tracks and artists, when sent, replace the lists. Recorded as 'release.pin'
 * when only the pin changes (as before), else 'release.edit' naming the fields.
 */
export async function editRelease(db: Db, id: string, update: AdminReleaseUpdate, change: StaffChange): Promise<AdminReleaseDetail> {
  if (!isUuid(id)) throw releaseNotFound(id);
  return claimsAnswered(db, (claim) =>
    db.transaction(async (tx) => {
      const before = await findReleaseForEdit(tx, id, { forUpdate: true });
      if (!before) throw releaseNotFound(id);
      refuseScheduledWithoutDate(update.status, update.release_date === undefined ? before.row.releaseDate : update.release_date, change.now);
      const values: Record<string, unknown> = {};
      for (const [field, column] of Object.entries(columnOf)) {
        const value = update[field as keyof typeof columnOf];
        if (value !== undefined) values[column] = value;
      }
      const labelId = update.label_id ?? before.row.labelId;
      const catalogNumber = update.catalog_number === undefined ? before.row.catalogNumber : update.catalog_number;
      const upc = update.upc === undefined ? before.row.upc : update.upc;
      await claim(tx, { labelId, catalogNumber, upc, exceptId: id });
      await updateRelease(tx, id, values, change.now);
      if (update.artists) await writeArtists(tx, id, update.artists);
      if (update.tracks) await writeTracks(tx, id, update.tracks, before.tracks.map(({ track }) => track), change.now);
      const fields = Object.keys(update).filter((field) => update[field as keyof AdminReleaseUpdate] !== undefined);
      const onlyPin = fields.length === 1 && update.pinned !== undefined;
      const title = update.title ?? before.row.title;
      await recordActivity(tx, {
        kind: onlyPin ? 'release.pin' : 'release.edit',
        actor: change.actor,
        summary: onlyPin
          ? `${update.pinned ? 'Pinned' : 'Unpinned'} release "${title}" ${update.pinned ? 'to' : 'from'} Top Releases`
          : `Edited release "${title}"`,
        subjectId: id,
        ...(onlyPin ? {} : { details: { fields } }),
        at: change.now,
      });
      return toDetail((await findReleaseForEdit(tx, id)) as ReleaseForEdit, change.now);
    }),
  );
}
