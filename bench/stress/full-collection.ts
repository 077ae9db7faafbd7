import { createServer, type AddressInfo } from 'node:net';
import WebSocket from 'ws';

// A full garbage collection of the server, asked for through its inspector (`--inspect` on loopback,
// given by inspectorOptions), in the main thread and in every worker thread (the embedded database
// runs in one, decision 0031, with a JavaScript heap of its own): what memory holds after it is what
// the server still uses, not what V8 has not collected yet. The bench's own, so that nothing in src/
// serves it.

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

interface Message {
  id?: number;
  method?: string;
  params?: { sessionId?: string; message?: string };
  result?: { usedSize?: number };
}

/** The worker threads' JavaScript heaps used, in MiB, before and after their collection (Runtime.getHeapUsage in each). */
export interface Collected {
  workerHeapsAsLeftMiB: number[];
  workerHeapsUsedMiB: number[];
}

/**
 * `HeapProfiler.collectGarbage` (V8's low-memory notification: full collections, free pages given
 * back) over the inspector's WebSocket, in the main thread and then in each worker attached through
 * the NodeWorker domain; resolves once every one has answered.
 */
export async function collectGarbage(port: number): Promise<Collected> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  let nextId = 1;
  const waiting = new Map<number, (message: Message) => void>();
  const workerWaiting = new Map<string, (message: Message) => void>();
  const workers: string[] = [];
  const send = (method: string, params: object = {}) =>
    new Promise<Message>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  const sendToWorker = (sessionId: string, method: string) =>
    new Promise<Message>((resolve) => {
      const id = nextId++;
      workerWaiting.set(`${sessionId}:${id}`, resolve);
      void send('NodeWorker.sendMessageToWorker', { sessionId, message: JSON.stringify({ id, method }) });
    });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => resolve());
    });
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Message;
      if (message.method === 'NodeWorker.attachedToWorker' && message.params?.sessionId) workers.push(message.params.sessionId);
      if (message.method === 'NodeWorker.receivedMessageFromWorker' && message.params?.sessionId && message.params.message) {
        const inner = JSON.parse(message.params.message) as Message;
        const key = `${message.params.sessionId}:${inner.id}`;
        workerWaiting.get(key)?.(inner);
        workerWaiting.delete(key);
      }
      if (message.id !== undefined) {
        waiting.get(message.id)?.(message);
        waiting.delete(message.id);
      }
    });
    await send('HeapProfiler.collectGarbage');
    // Every running worker is attached (an attachedToWorker event each) before enable answers.
    await send('NodeWorker.enable', { waitForDebuggerOnStart: false });
    const heapUsedMiB = async (sessionId: string) => ((await sendToWorker(sessionId, 'Runtime.getHeapUsage')).result?.usedSize ?? Number.NaN) / 1_048_576;
    const workerHeapsAsLeftMiB: number[] = [];
    const workerHeapsUsedMiB: number[] = [];
    for (const sessionId of workers) {
      workerHeapsAsLeftMiB.push(await heapUsedMiB(sessionId));
      await sendToWorker(sessionId, 'HeapProfiler.collectGarbage');
      workerHeapsUsedMiB.push(await heapUsedMiB(sessionId));
    }
    await send('NodeWorker.disable');
    return { workerHeapsAsLeftMiB, workerHeapsUsedMiB };
  } finally {
    socket.close();
  }
}
