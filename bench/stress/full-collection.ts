import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { request } from 'node:http';

// A full garbage collection of the server, asked for through its inspector (`--inspect` on loopback,
// given by inspectorOptions): what memory holds after it is what the server still uses, not what V8
// has not collected yet. The bench's own, so that nothing in src/ serves it.

/** A port free on loopback now, for the server's inspector. */
export async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Node options that open the inspector on loopback at `port`. */
export const inspectorOptions = (port: number) => [`--inspect=127.0.0.1:${port}`];

/**
 * `HeapProfiler.collectGarbage` (V8's low-memory notification: full collections, free pages given
 * back) over the inspector's WebSocket, one masked text frame out; resolves on its answer.
 */
export async function collectGarbage(port: number): Promise<void> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const target = new URL(targets[0]!.webSocketDebuggerUrl);
  const payload = Buffer.from(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
  const mask = randomBytes(4);
  const frame = Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, payload.map((byte, i) => byte ^ mask[i % 4]!)]);
  await new Promise<void>((resolve, reject) => {
    const upgrade = request({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      headers: { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': randomBytes(16).toString('base64') },
    });
    upgrade.on('upgrade', (_res, socket) => {
      let answer = '';
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('latin1');
        if (!answer.includes('"id":1')) return;
        socket.destroy();
        resolve();
      });
      socket.on('error', reject);
      socket.write(frame);
    });
    upgrade.on('error', reject);
    upgrade.end();
  });
}
