import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createConnection, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { testDatabaseKinds } from '../../../../tests/helpers/test-database.js';
import { testNow } from '../../../../tests/helpers/test-now.js';
import { commandSocketPath, listenForCommands } from './command-socket.js';

// The server's door for local commands answers every line it cannot use, and closes a connection
// that sends nothing: 200 idle ones once held 200 of the server's descriptors.

describe('the local command socket', () => {
  const work = mkdtempSync(join(tmpdir(), 'bir-commands-'));
  let database: Database;
  let commands: { close(): Promise<void> };

  beforeAll(async () => {
    database = await testDatabaseKinds[0]!.open();
    commands = await listenForCommands(work, { database, databaseUrl: undefined, mediaDir: join(work, 'media') }, () => testNow, pino({ level: 'silent' }), { requestTimeoutMs: 300 });
  });
  afterAll(async () => {
    await commands?.close();
    await database?.close();
    await rm(work, { recursive: true, force: true });
  });

  /** Connects, sends `text`, and resolves with all the server answered once it closed the connection. */
  function exchange(text: string | undefined): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket: Socket = createConnection(commandSocketPath(work));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
      socket.once('error', reject);
      socket.once('close', () => resolve(answer));
      if (text !== undefined) socket.write(text);
    });
  }

  it.each([
    ['a line that is not JSON', 'backup please\n'],
    ['JSON that is no object', 'null\n'],
    ['a line longer than any command', `${'x'.repeat(5000)}\n`],
  ])('answers %s with a refusal that says what it expects, and closes', async (_what, text) => {
    const answer = await exchange(text);
    expect(JSON.parse(answer)).toEqual({ ok: false, message: 'expected one line of JSON, such as {"command":"backup"}' });
  });

  it('answers an unknown command by its name', async () => {
    expect(JSON.parse(await exchange('{"command":"restore"}\n'))).toEqual({ ok: false, message: 'unknown command "restore"' });
  });

  it('closes a connection that sends nothing, and one that never ends its line', async () => {
    expect(await exchange(undefined)).toBe('');
    expect(await exchange('{"command":')).toBe('');
  });
});
