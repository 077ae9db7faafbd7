import { percentile, processRssMiB } from '../support.js';
import { startProductionServer } from '../../tests/helpers/production-server.js';
import { collectGarbage, freeLoopbackPort, inspectorOptions } from './full-collection.js';

export interface SoakResult {
  seconds: number;
  requests: number;
  fiveHundreds: number;
  networkErrors: number;
  p99Ms: number;
  /** After a full collection (full-collection.ts), in every thread. */
  rssAfterWarmUpMiB: number;
  /** As the soak left it… */
  rssAfterMiB: number;
  /** …and after a full collection: what the server still holds. */
  rssAfterCollectedMiB: number;
}

/**
 * `seconds` of mixed reads and writes from 50 connections at once (as fast as the server answers)
 * against the production server on the embedded database with the demo catalog.
 */
export async function runSoak(seconds: number): Promise<SoakResult> {
  const inspectorPort = await freeLoopbackPort();
  const server = await startProductionServer({
    env: { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_READS_PER_MINUTE: '100000000' },
    nodeOptions: inspectorOptions(inspectorPort),
  });
  const rssMiB = () => processRssMiB(server.pid);
  try {
    const list = (await (await fetch(`${server.url}/api/releases?label=tech&limit=20&include_tracks=true`)).json()) as {
      data: { id: string; tracks?: { id: string }[] }[];
    };
    const releaseIds = list.data.map((release) => release.id);
    const trackIds = list.data.flatMap((release) => release.tracks?.map((track) => track.id) ?? []);
    const pick = <T>(values: T[]) => values[Math.floor(Math.random() * values.length)] as T;
    const reads = [
      () => '/api/labels',
      () => '/api/releases?label=buildit-records&limit=10&include_tracks=true&include_artists=true',
      () => '/api/artists?label=tech&limit=10',
      () => '/api/labels/buildit-records/top-releases?limit=10',
      () => `/api/releases/${pick(releaseIds)}?include_tracks=true`,
      () => `/api/releases?label=deep&q=${pick(['night', 'deep', 'remix', 'zz'])}`,
      () => `/media/releases/${pick(releaseIds)}.svg`,
      () => '/tech/releases',
    ];
    let sent = 0;
    let fiveHundreds = 0;
    let networkErrors = 0;
    const latencies: number[] = [];
    const request = async () => {
      const started = performance.now();
      const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const write = Math.random() < 0.1;
      const init: RequestInit = write
        ? { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: JSON.stringify({ track_id: pick(trackIds), client_id: address }) }
        : { headers: { 'x-forwarded-for': address } };
      const status = await fetch(`${server.url}${write ? '/api/plays' : pick(reads)()}`, init).then(
        async (res) => (await res.arrayBuffer(), res.status),
        () => 0,
      );
      sent += 1;
      if (status === 0) networkErrors += 1;
      else if (status >= 500) fiveHundreds += 1;
      latencies.push(performance.now() - started);
    };
    const loop = async (until: number) => {
      while (performance.now() < until) await request();
    };
    // Warm-up: the caches, the JIT and the embedded database's WebAssembly memory (which grows and
    // never shrinks) settle before memory is measured. 5 s left the database's heap still growing.
    await Promise.all(Array.from({ length: 50 }, () => loop(performance.now() + 20_000)));
    await collectGarbage(inspectorPort);
    const rssAfterWarmUpMiB = await rssMiB();
    sent = 0;
    fiveHundreds = 0;
    networkErrors = 0;
    latencies.length = 0;
    const end = performance.now() + seconds * 1000;
    await Promise.all(Array.from({ length: 50 }, () => loop(end)));
    const rssAfterMiB = await rssMiB();
    await collectGarbage(inspectorPort);
    const rssAfterCollectedMiB = await rssMiB();
    return {
      seconds,
      requests: sent,
      fiveHundreds,
      networkErrors,
      p99Ms: percentile(latencies.sort((a, b) => a - b), 99),
      rssAfterWarmUpMiB,
      rssAfterMiB,
      rssAfterCollectedMiB,
    };
  } finally {
    await server.stop();
  }
}
