import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';

/** A "something changed" signal between the processes on one PostgreSQL database. */
export interface PgBroadcast {
  /**
   * Tells every other process listening on the channel. Signals given while one is on its way, or
   * while the connection is down, go as one as soon as it can.
   */
  signal(): void;
  /** Stops listening; a signal on its way is sent first. */
  close(): Promise<void>;
}

export interface PgBroadcastOptions {
  connectionString: string;
  /** A lower-case SQL identifier. */
  channel: string;
  /**
   * Another process signalled, or a signal may have been missed: the connection dropped, a reconnect
   * attempt failed (a second apart, each within a 2 s connect timeout), or it listens again after a loss.
   */
  onSignal(): void;
  logger: Pick<Logger, 'info' | 'warn'>;
}

/**
 * LISTEN/NOTIFY on a connection of its own (a pool's connections come and go, and LISTEN belongs to
 * one session), reconnecting 100 ms after a loss and then at most every second. A process does not
 * hear its own signals: the payload names the sender. The first connection must succeed.
 */
export async function openPgBroadcast(options: PgBroadcastOptions): Promise<PgBroadcast> {
  const { connectionString, channel, onSignal, logger } = options;
  const sender = randomUUID();
  let listening: pg.Client | undefined;
  let sending: Promise<void> | undefined;
  let isPending = false;
  let isLost = false;
  let isClosed = false;
  let attempts = 0;
  let retry: NodeJS.Timeout | undefined;

  const flush = () => {
    if (sending || !isPending || !listening) return;
    isPending = false;
    sending = listening.query('select pg_notify($1, $2)', [channel, sender]).then(
      () => {
        sending = undefined;
        flush();
      },
      () => {
        // The connection is going: the signal goes once it listens again.
        sending = undefined;
        isPending = true;
      },
    );
  };

  const lose = (client: pg.Client) => {
    if (listening !== client) return;
    listening = undefined;
    client.end().catch(() => undefined);
    if (isClosed) return;
    if (!isLost) logger.warn({ channel }, 'PostgreSQL LISTEN connection lost: every reconnect attempt counts as a change until it listens again');
    isLost = true;
    onSignal();
    reconnectLater();
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString, application_name: `listen ${channel}`, keepAlive: true, connectionTimeoutMillis: 2_000 });
    client.on('notification', (notice) => {
      if (notice.channel === channel && notice.payload !== sender) onSignal();
    });
    client.on('error', () => lose(client));
    client.on('end', () => lose(client));
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (err) {
      client.end().catch(() => undefined);
      throw err;
    }
    if (isClosed) await client.end();
    else listening = client;
  };

  function reconnectLater() {
    attempts += 1;
    retry = setTimeout(() => {
      connect().then(
        () => {
          if (isClosed) return;
          logger.info({ channel }, 'PostgreSQL LISTEN connection back');
          attempts = 0;
          isLost = false;
          // What was signalled while it was down was missed.
          onSignal();
          flush();
        },
        () => {
          if (isClosed) return;
          onSignal();
          reconnectLater();
        },
      );
    }, Math.min(100 * attempts, 1_000));
  }

  await connect();
  return {
    signal: () => {
      isPending = true;
      flush();
    },
    close: async () => {
      isClosed = true;
      clearTimeout(retry);
      await sending;
      const client = listening;
      listening = undefined;
      await client?.end();
    },
  };
}
