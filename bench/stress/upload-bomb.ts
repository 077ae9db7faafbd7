import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { TrackAudio } from '../../src/shared/api/admin-audio.js';
import type { MediaUploadResponse } from '../../src/shared/api/admin-media.js';
import type { Release } from '../../src/shared/api/catalog.js';
import type { BackendKind } from '../support.js';
import { writeBombFiles, type BombFile, type NamedTrack } from './bomb-files.js';
import { getJson, isHealthy, RssSampler, signIn, startMediaServer, uploadFile, type MediaServer } from './media-admin.js';

// Issue 32, row 1: decompression bombs uploaded by staff through `POST /api/admin/media`, each named
// after a track of the demo catalog, on the built server; each audio job followed through
// `GET /api/admin/media/audio/{id}` until it ends, the server's resident memory sampled every 250 ms
// throughout. The server must stay up, its RSS within 600 MiB of where it was, and each file past the
// limits be refused or failed with a reason (decision 0087).

/** How long one audio job may take to end: counting 3 hours of MP3 frames takes seconds, a 500 MiB WAV is copied twice. */
const jobDeadlineMs = 180_000;
export const rssGrowthGoalMiB = 600;

export interface BombOutcome {
  file: BombFile;
  /** The upload's answer for the file: refused, matched (queued), unmatched, or the HTTP status when the request failed. */
  answer: string;
  /** How it ended: refused at upload, or its job's last status (ready, failed, or still queued/cutting at the deadline). */
  ended: 'refused' | 'ready' | 'failed' | 'unmatched' | 'not ended' | 'no answer';
  /** The refusal's reason or the job's message (naming the file), or what went wrong. */
  reason: string;
  seconds: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
}

export interface UploadBombResult {
  database: string;
  /** Files written; fewer outcomes than files when the server died part of the way. */
  files: number;
  outcomes: BombOutcome[];
  /** Before the first upload, and the highest reading from then to the end. */
  rssBeforeMiB: number;
  rssPeakMiB: number;
  rssAfterMiB: number;
  /** The process still runs and `/api/health` answers 200 after the last file. */
  isAlive: boolean;
  /** When it died: the server's last output. */
  lastOutput: string;
}

/** Five tracks with distinct ISRCs, read through the public API as a visitor would. */
async function tracksToName(base: string): Promise<NamedTrack[]> {
  const { data } = await getJson<{ data: Release[] }>(base, '/api/releases?label=tech&limit=20&include_tracks=true');
  const byIsrc = new Map<string, NamedTrack>();
  for (const track of data.flatMap((release) => release.tracks ?? [])) if (track.isrc && !byIsrc.has(track.isrc)) byIsrc.set(track.isrc, { id: track.id, isrc: track.isrc });
  return [...byIsrc.values()].slice(0, 5);
}

/** A reason without the file name it starts with ("x.flac is longer…", "x.flac: cutting…"): the table names the file. */
const withoutName = (reason: string, name: string) => (reason.startsWith(name) ? reason.slice(name.length).replace(/^:?\s*/, '') : reason);

/** An error answer's message, or its first characters when it is no JSON. */
function messageOf(body: string): string {
  try {
    return (JSON.parse(body) as { message?: string }).message ?? body.slice(0, 200);
  } catch {
    return body.slice(0, 200);
  }
}

/** The audio job, asked every half second until it is ready or failed, or the deadline passes. */
async function followAudioJob(server: MediaServer, token: string, id: string): Promise<TrackAudio | undefined> {
  const deadline = Date.now() + jobDeadlineMs;
  let job: TrackAudio | undefined;
  while (Date.now() < deadline && server.isRunning()) {
    job = (await getJson<{ data: TrackAudio }>(server.url, `/api/admin/media/audio/${id}`, token).catch(() => undefined))?.data ?? job;
    if (job && (job.status === 'ready' || job.status === 'failed')) return job;
    await delay(500);
  }
  return job;
}

async function uploadOne(server: MediaServer, token: string, sampler: RssSampler, file: BombFile): Promise<BombOutcome> {
  const mark = sampler.mark();
  const rssBeforeMiB = sampler.read();
  const started = performance.now();
  const outcome = (o: Pick<BombOutcome, 'answer' | 'ended' | 'reason'>): BombOutcome => ({
    file,
    ...o,
    seconds: (performance.now() - started) / 1000,
    rssBeforeMiB,
    rssPeakMiB: sampler.peakSince(mark),
  });
  const answer = await uploadFile(server.url, token, file.path, file.name);
  if (answer.status === 0) return outcome({ answer: 'no answer', ended: 'no answer', reason: answer.body });
  if (answer.status !== 200) return outcome({ answer: `HTTP ${answer.status}`, ended: 'refused', reason: messageOf(answer.body) });
  const { data: report } = JSON.parse(answer.body) as MediaUploadResponse;
  const [refused] = report.refused;
  if (refused) return outcome({ answer: 'refused', ended: 'refused', reason: withoutName(refused.reason, refused.file) });
  const [unmatched] = report.unmatched;
  if (unmatched) return outcome({ answer: 'unmatched', ended: 'unmatched', reason: withoutName(unmatched.reason, unmatched.file) });
  const [matched] = report.matched;
  if (matched?.kind !== 'audio') return outcome({ answer: 'matched', ended: 'no answer', reason: `not as audio: ${answer.body.slice(0, 200)}` });
  const job = await followAudioJob(server, token, matched.id);
  if (job?.status === 'ready' || job?.status === 'failed') {
    const minutes = job.duration_ms === null ? '' : ` (${(job.duration_ms / 60_000).toFixed(1)} min)`;
    return outcome({ answer: 'matched', ended: job.status, reason: job.message ? withoutName(job.message, matched.file) : `preview cut${minutes}` });
  }
  return outcome({ answer: 'matched', ended: 'not ended', reason: job ? `still ${job.status} (${job.done}/${job.total}) after ${jobDeadlineMs / 1000} s` : 'its job was never read' });
}

/** The bombs, one upload each, against the built server on `kind`. */
export async function runUploadBombs(kind: BackendKind): Promise<UploadBombResult> {
  const dir = await mkdtemp(join(tmpdir(), 'bir-upload-bomb-'));
  const server = await startMediaServer(kind);
  try {
    const token = await signIn(server.url);
    const files = await writeBombFiles(dir, await tracksToName(server.url));
    // The server settles after its start and the sign-in before "where it was" is read.
    await delay(2_000);
    const sampler = new RssSampler(server.pid);
    const mark = sampler.mark();
    const rssBeforeMiB = sampler.read();
    const outcomes: BombOutcome[] = [];
    for (const file of files) {
      outcomes.push(await uploadOne(server, token, sampler, file));
      console.log(`  ${kind}: ${file.name}: ${outcomes.at(-1)!.ended}`);
      if (!server.isRunning()) break;
    }
    const rssPeakMiB = sampler.peakSince(mark);
    const rssAfterMiB = sampler.read();
    sampler.stop();
    const isAlive = server.isRunning() && (await isHealthy(server.url));
    return { database: kind === 'pglite' ? 'PGlite' : 'PostgreSQL', files: files.length, outcomes, rssBeforeMiB, rssPeakMiB, rssAfterMiB, isAlive, lastOutput: isAlive ? '' : server.output() };
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every file past the limits refused or failed with a reason; every file within them ended (cut, or failed with a reason). */
export function isEveryFileHandled(result: UploadBombResult): boolean {
  const hasReason = (o: BombOutcome) => o.reason.trim().length > 0;
  return (
    result.outcomes.length === result.files &&
    result.outcomes.every((o) =>
      o.file.expected === 'refused or failed' ? (o.ended === 'refused' || o.ended === 'failed') && hasReason(o) : o.ended === 'ready' || ((o.ended === 'refused' || o.ended === 'failed') && hasReason(o)),
    )
  );
}
