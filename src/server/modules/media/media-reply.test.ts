import { get, type ClientRequest, type IncomingMessage } from 'node:http';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachment, largeFileLimits, safeFileName, sendStoredFile, tooManyLargeFilesMessage } from './media-reply.js';
import { folderMediaStore } from './media-store.js';

/** A GET whose answer is not read: its headers arrive, its body waits in the socket (a slow reader). */
function openUnread(url: string): Promise<{ request: ClientRequest; response: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const request = get(url, (response) => {
      response.pause();
      resolve({ request, response });
    });
    request.on('error', reject);
  });
}

describe('sending stored media', () => {
  const size = 64 * 1024 * 1024;
  let dir: string;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'media-reply-'));
    const store = folderMediaStore(dir);
    await store.put('art/small.png', Buffer.from('0123456789'), 'image/png');
    // A large original: far more than the sockets between here and the reader hold.
    await store.put('art/large-original.png', Buffer.alloc(0), 'image/png');
    const large = await open(join(dir, 'art/large-original.png'), 'r+');
    await large.truncate(size);
    await large.close();
    app = Fastify();
    app.get('/media/art/:file', (req, reply) => sendStoredFile(req, reply, store, { key: `art/${(req.params as { file: string }).file}`, missing: 'Picture not found' }));
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers the part a Range asks for, 416 past the end, the whole with its length, and 404 for no such file', async () => {
    const whole = await app.inject({ url: '/media/art/small.png' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({ 'accept-ranges': 'bytes', 'content-length': '10', 'content-type': 'image/png' });
    expect(whole.body).toBe('0123456789');
    const part = await app.inject({ url: '/media/art/small.png', headers: { range: 'bytes=2-4' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers).toMatchObject({ 'content-range': 'bytes 2-4/10', 'content-length': '3' });
    expect(part.body).toBe('234');
    const tail = await app.inject({ url: '/media/art/small.png', headers: { range: 'bytes=-3' } });
    expect([tail.statusCode, tail.body]).toEqual([206, '789']);
    const past = await app.inject({ url: '/media/art/small.png', headers: { range: 'bytes=10-' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */10');
    const missing = await app.inject({ url: '/media/art/none.png' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Picture not found' });
  });

  it(`streams at most ${largeFileLimits.perAddress} large files at once to one address, and the next once one is done`, async () => {
    const url = `${base}/media/art/large-original.png`;
    const held = [];
    for (let i = 0; i < largeFileLimits.perAddress; i++) held.push(await openUnread(url));
    try {
      expect(held.map((h) => [h.response.statusCode, h.response.headers['content-length']])).toEqual(held.map(() => [200, String(size)]));
      const refused = await fetch(url);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toMatchObject({ message: tooManyLargeFilesMessage });
      // A small file is not counted.
      expect((await fetch(`${base}/media/art/small.png`)).status).toBe(200);
      // One reader goes away: its place is free once the server hears it.
      held.shift()!.request.destroy();
      await expect
        .poll(async () => {
          const res = await fetch(url, { headers: { range: 'bytes=0-0' } });
          await res.arrayBuffer();
          return res.status;
        })
        .toBe(206);
    } finally {
      for (const h of held) h.request.destroy();
    }
  });
});

describe('a download file name made from catalog words', () => {
  it('turns path separators and Windows\' reserved characters into what saves as itself, keeping the extension', () => {
    expect(safeFileName('Chris Gresswell - 24/7.flac')).toBe('Chris Gresswell - 24-7.flac');
    expect(safeFileName('A\\B: "Why?" <Dub> | *Edit*.mp3')).toBe("A-B- 'Why-' -Dub- - -Edit-.mp3");
    expect(safeFileName('..Intro\u0007. .wav')).toBe('Intro-.wav');
    expect(safeFileName('///.aiff')).toBe('---.aiff');
    expect(safeFileName(' ? .mp3')).toBe('-.mp3');
    expect(safeFileName(' . .mp3')).toBe('download.mp3');
  });

  it('cuts a stem past 200 bytes of UTF-8 between characters, never inside one', () => {
    const name = safeFileName(`${'Папа '.repeat(30)}(Extended Mix).flac`);
    expect(name.endsWith('.flac')).toBe(true);
    expect(Buffer.byteLength(name.slice(0, -'.flac'.length))).toBeLessThanOrEqual(200);
    expect(name).not.toContain('\uFFFD');
    expect(name.startsWith('Папа Папа')).toBe(true);
  });

  it('gives an RFC 5987 filename* with only attr-chars, and an ASCII fallback', () => {
    expect(attachment("Can't Wait (feat. Alicia Moore).mp3")).toBe(
      `attachment; filename="Can't Wait (feat. Alicia Moore).mp3"; filename*=UTF-8''Can%27t%20Wait%20%28feat.%20Alicia%20Moore%29.mp3`,
    );
    expect(attachment('Querido Papá.wav')).toBe(`attachment; filename="Querido Pap_.wav"; filename*=UTF-8''Querido%20Pap%C3%A1.wav`);
  });
});
