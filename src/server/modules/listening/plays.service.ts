import { createHash } from 'node:crypto';
import type { PlayRequest, PlayResult } from '../../../shared/api/plays.js';
import { playClientsPerAddress, playCountWindowMinutes } from '../../../shared/domain/play-counting.js';
import type { Db } from '../../db/client.js';
import { clientAddressKey } from '../../lib/client-address.js';
import { NotFoundError } from '../../errors.js';
import { countAddressClientsSince, findStreamCount, findTrackRelease, hasPlayedSince, incrementStreamCount, insertPlay, lockAddressTrack } from './plays.repo.js';

/** A client is its address plus the browser's own id; only hashes are stored. */
function hashOf(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('base64url');
}

/**
 * Counts a play for the track's release unless this client's play of the track was counted in the
 * last 30 minutes, or plays of it from as many other browsers behind the same address already were
 * (`playClientsPerAddress`). The checks and the count happen in one transaction under a lock on the
 * address and track, so reports at once count once.
 */
export async function reportPlay(db: Db, input: PlayRequest, options: { ip: string; now: Date }): Promise<PlayResult> {
  const releaseId = await findTrackRelease(db, input.track_id);
  if (!releaseId) throw new NotFoundError(`Track not found: ${input.track_id}`);
  // A household's IPv6 addresses share one /64: counted as one address (lib/client-address.ts).
  const address = clientAddressKey(options.ip);
  const addressKey = hashOf(address);
  const clientKey = hashOf(address, input.client_id ?? '');
  const windowStart = new Date(options.now.getTime() - playCountWindowMinutes * 60_000);
  return db.transaction(async (tx) => {
    await lockAddressTrack(tx, addressKey, input.track_id);
    const isRepeat =
      (await hasPlayedSince(tx, clientKey, input.track_id, windowStart)) ||
      (await countAddressClientsSince(tx, addressKey, input.track_id, windowStart)) >= playClientsPerAddress;
    if (isRepeat) return { counted: false, stream_count: await findStreamCount(tx, releaseId) };
    await insertPlay(tx, { trackId: input.track_id, releaseId, clientKey, addressKey, playedAt: options.now });
    return { counted: true, stream_count: await incrementStreamCount(tx, releaseId) };
  });
}
