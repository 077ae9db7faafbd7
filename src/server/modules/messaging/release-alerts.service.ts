import { releaseAlertMessages, type ReleaseAlert } from '../../../shared/api/messaging.js';
import { isUpcoming, localDate } from '../../../shared/domain/release-day.js';
import { releaseArtists, releaseDay, releaseTitle } from '../../../shared/domain/release-display.js';
import { defaultLabel, findLabel } from '../../../shared/labels.js';
import { currentSiteSettings } from '../../../shared/site-settings.js';
import type { Db } from '../../db/client.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { Mailroom } from './mailroom.js';
import {
  confirmAlert,
  deleteAlertByToken,
  dueAlerts,
  findAlert,
  findAlertByToken,
  findAlertRelease,
  forgetUnconfirmedOfReleased,
  insertPendingAlert,
  takeAlert,
  type AlertRelease,
  type StoredAlert,
} from './release-alerts.repo.js';
import type { ReleaseAlertProps } from './templates/release-alert-emails.js';
import { listInWords } from '../../../shared/domain/words.js';
import { hideAddress, newStatusToken } from './tokens.js';

// "Notify me" on an upcoming release (docs/decisions/0061): double opt-in, one email on the release day,
// then the address is forgotten for that release.

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** The labels' day at `now` (currentSiteSettings().timeZone): a release dated after it is upcoming (docs/decisions/0081). */
const dayOf = (now: Date) => localDate(now, currentSiteSettings().timeZone);

function pathOf(release: AlertRelease): string {
  const label = findLabel(release.labelId) ?? defaultLabel;
  return `/${label.short}/releases/${release.id}`;
}

/** "A, B and C"; a compilation's "Various Artists", as the catalog names it (its release credits no one). */
const artistsInWords = (release: AlertRelease) => listInWords(releaseArtists(release).map((artist) => artist.name));

function emailProps(release: AlertRelease, email: string): ReleaseAlertProps {
  return {
    label: findLabel(release.labelId) ?? defaultLabel,
    email,
    releaseTitle: releaseTitle(release),
    artistNames: artistsInWords(release),
    releaseDay: releaseDay(release.releaseDate ?? ''),
  };
}

/**
 * Asks to be told when the release is out: a new address gets the confirmation email; one that waits
 * already changes nothing. The answer is the same either way, so that it tells nobody who waits.
 */
export async function askReleaseAlert(db: Db, mailroom: Mailroom, releaseId: string, rawEmail: string, now: Date): Promise<void> {
  const release = isUuid(releaseId) ? await findAlertRelease(db, releaseId) : undefined;
  if (!release) throw new NotFoundError(`Release not found: ${releaseId}`);
  if (!isUpcoming(release.releaseDate, now, currentSiteSettings().timeZone)) throw new ConflictError(releaseAlertMessages.alreadyOut);
  const email = rawEmail.toLowerCase();
  if (await findAlert(db, release.id, email)) return;
  const token = newStatusToken();
  // Rendered before the transaction: on the embedded database a transaction holds its only connection.
  const prepared = await mailroom.prepareReleaseAlertConfirm(emailProps(release, email), token, now);
  const isWritten = await db.transaction(async (tx) => {
    const stored = await insertPendingAlert(tx, { releaseId: release.id, email, token, at: now });
    // Another request stored this address meanwhile, and wrote its own email.
    if (stored.token !== token) return false;
    return mailroom.write(tx, { ...prepared, subjectId: stored.id });
  });
  if (isWritten) mailroom.nudge();
}

function present(alert: StoredAlert): ReleaseAlert {
  const label = findLabel(alert.release.labelId) ?? defaultLabel;
  return {
    email: hideAddress(alert.email),
    confirmed: alert.confirmedAt !== null,
    release: {
      id: alert.release.id,
      title: releaseTitle(alert.release),
      artists: artistsInWords(alert.release),
      label_name: label.name,
      release_date: alert.release.releaseDate ?? '',
      path: pathOf(alert.release),
    },
  };
}

async function alertOf(db: Db, token: string): Promise<StoredAlert> {
  const alert = await findAlertByToken(db, token);
  if (!alert) throw new NotFoundError(releaseAlertMessages.unknownLink);
  return alert;
}

/** What an emailed link stands for; opening it changes nothing (mail scanners open links). */
export async function getReleaseAlert(db: Db, token: string): Promise<ReleaseAlert> {
  return present(await alertOf(db, token));
}

/** The double opt-in's second step: from now on the address gets the release-day email. Saying it twice changes nothing. */
export async function confirmReleaseAlert(db: Db, token: string, now: Date): Promise<ReleaseAlert> {
  await alertOf(db, token);
  await confirmAlert(db, token, now);
  return present(await alertOf(db, token));
}

/** Forgets the address for this release at once. */
export async function forgetReleaseAlert(db: Db, token: string): Promise<void> {
  if (!(await deleteAlertByToken(db, token))) throw new NotFoundError(releaseAlertMessages.unknownLink);
}

const batch = 50;

/**
 * The release day: each confirmed address of a release now out gets its email and is forgotten, in
 * one transaction, whichever instance takes it first; addresses never confirmed are forgotten. Answers
 * how many emails were written.
 */
export async function writeReleaseDayAlerts(db: Db, mailroom: Mailroom, now: Date): Promise<number> {
  const today = dayOf(now);
  let written = 0;
  for (;;) {
    const due = await dueAlerts(db, today, batch);
    for (const alert of due) {
      const prepared = await mailroom.prepareReleaseAlert(emailProps(alert.release, alert.email), pathOf(alert.release), now);
      const isWritten = await db.transaction(async (tx) => (await takeAlert(tx, alert.id)) && mailroom.write(tx, { ...prepared, subjectId: alert.release.id, dedupeKey: `release-alert:${alert.id}` }));
      if (isWritten) written += 1;
    }
    if (due.length < batch) break;
  }
  await forgetUnconfirmedOfReleased(db, today);
  return written;
}
