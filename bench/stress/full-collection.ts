import { createServer, type AddressInfo } from 'node:net';
import WebSocket from 'ws';

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
 * back) over the inspector's WebSocket; resolves on its answer.
 */
export async function collectGarbage(port: number): Promise<void> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' })));
      socket.on('message', (data) => {
        if ((JSON.parse(String(data)) as { id?: number }).id === 1) resolve();
      });
    });
  } finally {
    socket.close();
  }
}
