import { createHash } from 'node:crypto';
import { playCountWindowMinutes, type PlayRequest, type PlayResult } from '../../../shared/api/plays.js';
import type { Db } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { findStreamCount, findTrackRelease, hasPlayedSince, incrementStreamCount, insertPlay, lockClientTrack } from './plays.repo.js';

/** A client is its address plus the browser's own id; only a hash of both is stored. */
export function clientKeyOf(ip: string, clientId: string | undefined): string {
  return createHash('sha256').update(`${ip}\n${clientId ?? ''}`).digest('base64url');
}

/**
 * Counts a play for the track's release unless this client's play of the track was counted in the
 * last 30 minutes. The check and the count happen in one transaction under a lock on the client and
 * track, so two reports at once count once.
 */
export async function reportPlay(db: Db, input: PlayRequest, options: { ip: string; now: Date }): Promise<PlayResult> {
  const releaseId = await findTrackRelease(db, input.track_id);
  if (!releaseId) throw new NotFoundError(`Track not found: ${input.track_id}`);
  const clientKey = clientKeyOf(options.ip, input.client_id);
  const windowStart = new Date(options.now.getTime() - playCountWindowMinutes * 60_000);
  return db.transaction(async (tx) => {
    await lockClientTrack(tx, clientKey, input.track_id);
    if (await hasPlayedSince(tx, clientKey, input.track_id, windowStart)) {
      return { counted: false, stream_count: await findStreamCount(tx, releaseId) };
    }
    await insertPlay(tx, { trackId: input.track_id, releaseId, clientKey, playedAt: options.now });
    return { counted: true, stream_count: await incrementStreamCount(tx, releaseId) };
  });
}
