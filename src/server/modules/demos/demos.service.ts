import type { DemoSubmissionRequest, DemoSubmissionResponse } from '../../../shared/api/demos.js';
import { demoMessages } from '../../../shared/domain/demo-form.js';
import { canonicalSoundCloudUrl } from '../../../shared/domain/soundcloud.js';
import { findLabel } from '../../../shared/labels.js';
import type { Db } from '../../db/client.js';
import { BadRequestError, ConflictError } from '../../errors.js';
import { recordActivity } from '../staff/index.js';
import { runOnce, type Outcome } from './idempotency.service.js';
import { newStatusToken, type Mailroom } from '../messaging/index.js';
import { findSubmittedLinks, insertDemoSubmission, lockContactEmail } from './demos.repo.js';

export function alreadySubmittedMessage(email: string): string {
  return `You have already sent us this track: we have a demo from ${email} with this SoundCloud link.`;
}

/**
 * Stores a demo with every artist and track in one transaction (docs/product.md §10.7), with its
 * "Demo received" email to the contact address (the first artist's), at most a few a day (the
 * mailroom's per-recipient cap; docs/decisions/0060, 0086). A link this contact email already sent
 * is refused with 409 and nothing is stored. The links are only read as text: the server never fetches them.
 */
export async function submitDemo(
  db: Db,
  mailroom: Mailroom,
  input: DemoSubmissionRequest,
  options: { idempotencyKey: string | undefined; now: Date },
): Promise<Outcome<DemoSubmissionResponse>> {
  const label = findLabel(input.label);
  if (!label) throw new BadRequestError(`Invalid label: ${input.label}`, 'label');
  const artists = input.artists ?? [input.artist];
  const tracks = (input.tracks ?? [input.track]).map((track) => ({
    name: track.name,
    genre: track.genre,
    // The schema accepted the link, so it has a canonical form.
    soundcloudUrl: canonicalSoundCloudUrl(track.soundCloudPrivateLink) as string,
  }));
  const contactEmail = (artists[0] ?? input.artist).email.toLowerCase();
  const linkField = (index: number) => (input.tracks ? `tracks.${index}` : 'track') + '.soundCloudPrivateLink';

  const statusToken = newStatusToken();
  const receipt = await mailroom.prepareDemoReceived({ labelId: label.id, statusToken, artists, trackNames: tracks.map((t) => t.name) }, options.now);
  return runOnce(db, { scope: 'submit-demo', key: options.idempotencyKey, body: input, now: options.now }, async (tx) => {
    await lockContactEmail(tx, contactEmail);
    const repeated = new Set(await findSubmittedLinks(tx, contactEmail, tracks.map((t) => t.soundcloudUrl)));
    const firstRepeat = tracks.findIndex((t) => repeated.has(t.soundcloudUrl));
    if (firstRepeat >= 0) throw new ConflictError(alreadySubmittedMessage(contactEmail), linkField(firstRepeat));
    const stored = await insertDemoSubmission(tx, { labelId: label.id, contactEmail, artists, tracks, statusToken, now: options.now });
    await mailroom.write(tx, { ...receipt, subjectId: stored.id });
    const firstTrack = tracks[0] as (typeof tracks)[number];
    await recordActivity(tx, {
      kind: 'demo.received',
      actor: null,
      summary: `Demo "${firstTrack.name}" by ${artists.map((a) => a.name).join(', ')} for ${label.name}`,
      subjectId: stored.id,
      at: options.now,
    });
    return { statusCode: 201, body: { success: true, message: demoMessages.submitted, data: stored } };
  });
}
