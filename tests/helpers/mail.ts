import { randomBytes } from 'node:crypto';
import type { AddressInfo, Server, Socket } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { Mailroom } from '../../src/server/modules/messaging/index.js';

/** A Mailroom for services called without an app: links to localhost, nothing nudged. */
export function testMailroom(secret: Uint8Array = randomBytes(32)): Mailroom {
  return new Mailroom({ origin: () => 'http://localhost', messageIdDomain: 'test.example', secret, nudge: () => undefined });
}

export interface ReceivedEmail {
  messageId: string;
  from: string;
  to: string[];
  /** The envelope's recipients (RCPT TO). */
  envelopeTo: string[];
  subject: string;
  html: string;
  text: string;
  headers: Map<string, unknown>;
}

/**
 * What the server does with a message once its data has arrived: accept it (250), refuse it for now
 * (451) or for good (550), or cut the connection without answering (an unclear end: the client
 * cannot know that it arrived).
 */
export type SmtpVerdict = 'accept' | 'temporary' | 'permanent' | 'cut';

/** A real SMTP server on loopback (smtp-server), keeping what it accepted, parsed by mailparser. */
export class TestSmtpServer {
  /** Every message accepted with 250, in order. */
  readonly accepted: ReceivedEmail[] = [];
  /** Every message whose data arrived, whatever the verdict. */
  readonly arrived: ReceivedEmail[] = [];
  /** Recipients refused for good at RCPT TO (550, no such mailbox), lower-cased: a test adds and removes them. */
  readonly mailboxesGone = new Set<string>();
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** `verdict` decides each message by its arrival number (0 first); `dropConnection` may cut a new connection at once. */
  static async start(options: { verdict?: (arrival: number, email: ReceivedEmail) => SmtpVerdict; dropConnection?: () => boolean; port?: number } = {}) {
    // The server's callbacks reach the instance made once it listens.
    const box: { t?: TestSmtpServer } = {};
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const t = box.t as TestSmtpServer;
        if (!t.mailboxesGone.has(address.address.toLowerCase())) return callback();
        callback(Object.assign(new Error(`No such user here: ${address.address}`), { responseCode: 550 }));
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            const t = box.t as TestSmtpServer;
            const toOf = (value: typeof parsed.to) => (value ? (Array.isArray(value) ? value : [value]).flatMap((a) => a.value.map((v) => v.address ?? '')) : []);
            const email: ReceivedEmail = {
              messageId: parsed.messageId ?? '',
              from: parsed.from?.text ?? '',
              to: toOf(parsed.to),
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              text: parsed.text ?? '',
              headers: parsed.headers,
            };
            const verdict = options.verdict?.(t.arrived.length, email) ?? 'accept';
            t.arrived.push(email);
            if (verdict === 'accept') {
              t.accepted.push(email);
              callback();
            } else if (verdict === 'cut') {
              for (const socket of t.sockets) if (socket.remotePort === session.remotePort) socket.destroy();
            } else {
              const err = Object.assign(new Error(verdict === 'temporary' ? 'Try again later' : 'Mailbox unavailable'), {
                responseCode: verdict === 'temporary' ? 451 : 550,
              });
              callback(err);
            }
          })
          .catch((err: Error) => callback(err));
      },
    });
    server.on('error', () => undefined);
    const net = (server as unknown as { server: Server }).server;
    net.on('connection', (socket: Socket) => {
      const t = box.t as TestSmtpServer;
      if (options.dropConnection?.()) {
        socket.destroy();
        return;
      }
      t.sockets.add(socket);
      socket.on('close', () => t.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
    box.t = new TestSmtpServer(server, (net.address() as AddressInfo).port);
    return box.t;
  }

  /** Waits until `accepted` holds `count` messages (or more), polling until the deadline. */
  async waitForAccepted(count: number, deadlineMs = 15_000): Promise<ReceivedEmail[]> {
    const until = Date.now() + deadlineMs;
    while (this.accepted.length < count) {
      if (Date.now() > until) throw new Error(`expected ${count} emails, the SMTP server accepted ${this.accepted.length}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.accepted;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Settings that make the worker quick in tests: the timing, not the behaviour, differs from production. */
export const quickOutbox = { pollMs: 50, leaseMs: 2_000, backoffBaseMs: 20, backoffMaxMs: 100, sweepMs: 60_000, closeWaitMs: 2_000 };
