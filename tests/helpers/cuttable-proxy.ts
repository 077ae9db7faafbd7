import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP relay on loopback to another local port, that a test cuts (as a network failure would) and
 * restores, or stalls (as a server stopped by SIGSTOP would be: connected, silent) and resumes.
 */
export interface CuttableProxy {
  port: number;
  /** Ends every relayed connection and refuses new ones. */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  /** Holds every byte, either way, on open and new connections alike, until resume(): nothing is refused, nothing answered. */
  stall(): void;
  /** Passes on what was held, and everything after it. */
  resume(): void;
  close(): Promise<void>;
}

export async function startCuttableProxy(targetPort: number): Promise<CuttableProxy> {
  const sockets = new Set<Socket>();
  const pairs = new Set<[Socket, Socket]>();
  let isStalled = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  // Unread bytes wait in the sockets' buffers while a pair is unpiped and paused.
  const relay = ([client, upstream]: [Socket, Socket]) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const hold = ([client, upstream]: [Socket, Socket]) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    const pair: [Socket, Socket] = [client, upstream];
    track(client);
    track(upstream);
    pairs.add(pair);
    if (isStalled) hold(pair);
    else relay(pair);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => {
      client.destroy();
      pairs.delete(pair);
    });
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const cut = async () => {
    const closed = new Promise((resolve) => server.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  await listen(0);
  const { port } = server.address() as AddressInfo;
  return {
    port,
    cut,
    restore: () => listen(port),
    stall: () => {
      isStalled = true;
      for (const pair of pairs) hold(pair);
    },
    resume: () => {
      isStalled = false;
      for (const pair of pairs) relay(pair);
    },
    close: async () => {
      if (server.listening) await cut();
      else for (const socket of sockets) socket.destroy();
    },
  };
}
