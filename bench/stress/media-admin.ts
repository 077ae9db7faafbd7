import { createReadStream, statSync } from 'node:fs';
import { request } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { startProductionServer, type ProductionServer } from '../../tests/helpers/production-server.js';
import { createPostgresDatabase, treeRss, type BackendKind } from '../support.js';

// What the upload-bomb and slow-reader parts share: the built server with an admin of its own (on
// PGlite or a scratch PostgreSQL database), staff's sign-in, an upload streamed from the disk as a
// browser's form sends it, and the server's resident memory sampled every 250 ms from /proc.

export const stressAdmin = { username: 'stress-admin', password: 'stress-password-0123456789' };

/** The server as these parts use it: where it listens, its process, and whether it is still running. */
export interface MediaServer {
  url: string;
  pid: number;
  isRunning(): boolean;
  /** The last of what it printed. */
  output(): string;
  stop(): Promise<void>;
}

/** Wraps a started production server (of this checkout or another: the slow readers' "before" is d10a0a1's). */
export function mediaServerOf(server: ProductionServer, cleanUp: () => Promise<void> = async () => {}): MediaServer {
  return {
    url: server.url,
    pid: server.pid,
    isRunning: () => server.process.exitCode === null && server.process.signalCode === null,
    output: server.output,
    stop: async () => {
      // A server that died is only cleaned up after.
      await server.stop().catch(() => server.kill());
      await cleanUp();
    },
  };
}

/**
 * The built server with the demo catalog (SEED_DEMO_CATALOG's default), the production limits and an admin
 * (ADMIN_USERNAME/ADMIN_PASSWORD), on a data directory of its own or a `bench_<random>` PostgreSQL database.
 */
export async function startMediaServer(kind: BackendKind): Promise<MediaServer> {
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const server = await startProductionServer({
    env: {
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'stress-secret-stress-secret-stress-secret-01',
      ADMIN_USERNAME: stressAdmin.username,
      ADMIN_PASSWORD: stressAdmin.password,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    },
  }).catch(async (error: unknown) => {
    await postgres?.drop();
    throw error;
  });
  return mediaServerOf(server, async () => postgres?.drop());
}

export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(stressAdmin) });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** A JSON GET (public, or staff's with `token`); throws on an answer other than 200. */
export async function getJson<T>(base: string, path: string, token?: string): Promise<T> {
  const res = await fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export async function isHealthy(base: string): Promise<boolean> {
  return fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) }).then(
    (res) => res.status === 200,
    () => false,
  );
}

export interface UploadAnswer {
  status: number;
  body: string;
}

/**
 * `POST /api/admin/media` with one file, named `name`, streamed from `path` with its length stated (as
 * a browser's form sends it); the answer's status and body, or status 0 and the error when the
 * connection failed (a server that died).
 */
export function uploadFile(base: string, token: string, path: string, name: string): Promise<UploadAnswer> {
  const boundary = `----stress${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(path).size + tail.length;
  return new Promise((resolve) => {
    const req = request(
      `${base}/api/admin/media`,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (err) => resolve({ status: 0, body: err.message }));
      },
    );
    req.on('error', (err) => resolve({ status: 0, body: err.message }));
    req.write(head);
    pipeline(createReadStream(path), req, { end: false }).then(
      () => req.end(tail),
      (err: Error) => resolve({ status: 0, body: err.message }),
    );
  });
}

/** A process's resident memory read from /proc every `everyMs` (250 ms): the peak over any stretch of the run. */
export class RssSampler {
  private readonly samples: number[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pid: number,
    everyMs = 250,
  ) {
    this.read();
    this.timer = setInterval(() => this.read(), everyMs);
  }

  /** Reads now; the latest reading (MiB, the process with its children), or NaN once the process has ended. */
  read(): number {
    // With its children's: the server's audio jobs run in processes of their own (decision 0111).
    const bytes = treeRss(this.pid);
    const mib = bytes > 0 ? bytes / 1024 / 1024 : Number.NaN;
    if (Number.isFinite(mib)) this.samples.push(mib);
    return mib;
  }

  /** Where the samples stand now: pass it to peakSince for the peak from here on. */
  mark(): number {
    return this.samples.length;
  }

  /** The highest reading since `mark` (read again now), in MiB. */
  peakSince(mark: number): number {
    this.read();
    return Math.max(...this.samples.slice(mark));
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
