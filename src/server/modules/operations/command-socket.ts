import { chmod, rm } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { backupFileName, prepareBackup, writePreparedBackup, type BackupSource } from './backup.js';
import { recordBackup } from './backups.repo.js';

// The running server's door for local commands (docs/decisions/0073): a Unix socket inside DATA_DIR,
// which only the owner may enter (the folder is 0700, the socket 0600). The embedded database allows
// one process, so `npm run backup` asks the server that holds it. One request line of JSON; the answer
// is one line of JSON, then, for a backup, the archive's bytes until the server closes the connection.

export function commandSocketPath(dataDir: string): string {
  return join(dataDir, 'server.sock');
}

interface Header {
  ok: boolean;
  fileName?: string;
  message?: string;
}

function readLine(socket: Socket, maxBytes: number): Promise<{ line: string; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf(0x0a);
      if (end === -1 && buffered.length < maxBytes) return;
      socket.off('data', onData);
      socket.pause();
      if (end === -1) return reject(new Error('no request line'));
      resolve({ line: buffered.subarray(0, end).toString('utf8'), rest: buffered.subarray(end + 1) });
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('end', () => reject(new Error('the connection closed before a whole line')));
    socket.once('close', () => reject(new Error('the connection closed before a whole line')));
  });
}

/**
 * Listens on DATA_DIR/server.sock. A socket file already there is a dead server's (a SIGKILL leaves it):
 * it is replaced without asking whether anyone answers on it, since this process holds DATA_DIR's
 * lock (db/data-dir-lock.ts), which a live server would hold, so a second server is refused before
 * it gets here (tests/ops/backup-after-crash.test.ts).
 */
export async function listenForCommands(
  dataDir: string,
  source: BackupSource,
  clock: () => Date,
  log: FastifyBaseLogger,
  { requestTimeoutMs = 10_000 }: { requestTimeoutMs?: number } = {},
): Promise<{ close(): Promise<void> }> {
  const path = commandSocketPath(dataDir);
  await rm(path, { force: true });
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    void serve(socket).catch((err: unknown) => log.warn({ err }, 'local command failed'));
  });
  const refuse = (socket: Socket, message: string) => socket.end(`${JSON.stringify({ ok: false, message } satisfies Header)}\n`);
  const serve = async (socket: Socket) => {
    // A connection that sends no whole line in time is closed: idle ones would hold a descriptor each.
    socket.setTimeout(requestTimeoutMs, () => socket.destroy());
    let request: unknown;
    try {
      request = JSON.parse((await readLine(socket, 4096)).line);
    } catch {
      request = undefined;
    }
    if (typeof request !== 'object' || request === null) {
      if (!socket.destroyed) refuse(socket, 'expected one line of JSON, such as {"command":"backup"}');
      return;
    }
    socket.setTimeout(0);
    const { command } = request as { command?: unknown };
    if (command !== 'backup') {
      refuse(socket, `unknown command ${JSON.stringify(command) ?? 'undefined'}`);
      return;
    }
    const startedAt = clock();
    const fileName = backupFileName(startedAt);
    try {
      const prepared = await prepareBackup(source, join(dataDir, 'tmp'), startedAt);
      socket.write(`${JSON.stringify({ ok: true, fileName } satisfies Header)}\n`);
      const before = socket.bytesWritten;
      await writePreparedBackup(prepared, socket);
      const sizeBytes = socket.bytesWritten - before;
      await recordBackup(source.database.db, { trigger: 'command', startedAt, finishedAt: clock(), fileName, sizeBytes, error: null });
      log.info({ fileName, bytes: sizeBytes }, 'backup sent to npm run backup');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (socket.bytesWritten === 0) socket.end(`${JSON.stringify({ ok: false, message } satisfies Header)}\n`);
      else socket.destroy();
      await recordBackup(source.database.db, { trigger: 'command', startedAt, finishedAt: clock(), fileName: null, sizeBytes: null, error: message });
      throw err;
    }
  };
  try {
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(path, resolve));
    await chmod(path, 0o600);
  } catch (err) {
    // A path too long for a socket (about 107 bytes), a read-only folder: the site still runs, and says so.
    log.warn({ err, path }, 'no local command socket: npm run backup cannot reach this server (stop it to back up, or use a shorter DATA_DIR)');
    server.close();
    return { close: async () => undefined };
  }
  return {
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/**
 * Asks the server running on `dataDir` for a backup and writes the archive to `out`. Undefined when no
 * server listens there (then the caller opens the data itself); the server's refusal is an error.
 */
export async function requestBackup(dataDir: string, out: Writable): Promise<{ fileName: string } | undefined> {
  const socket = await new Promise<Socket | undefined>((resolve, reject) => {
    const connection = createConnection(commandSocketPath(dataDir));
    connection.once('connect', () => resolve(connection));
    connection.once('error', (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' || err.code === 'ECONNREFUSED' ? resolve(undefined) : reject(err)));
  });
  if (!socket) return undefined;
  socket.write(`${JSON.stringify({ command: 'backup' })}\n`);
  const { line, rest } = await readLine(socket, 64 * 1024);
  const header = JSON.parse(line) as Header;
  if (!header.ok || !header.fileName) {
    socket.destroy();
    throw new Error(`the running server could not make a backup: ${header.message ?? 'no reason given'}`);
  }
  out.write(rest);
  await new Promise<void>((resolve, reject) => {
    socket.pipe(out);
    out.once('finish', resolve);
    out.once('error', reject);
    socket.once('error', reject);
    socket.resume();
  });
  return { fileName: header.fileName };
}
