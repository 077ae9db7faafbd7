import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { queryRows } from '../../src/server/db/client.js';
import { aDemoArtist, aDemoTrack } from '../../tests/helpers/demo-builders.js';
import { TestSmtpServer } from '../../tests/helpers/mail.js';
import { openFreshDatabase, type BackendKind } from '../support.js';

export interface EmailDeliveryResult {
  database: string;
  submissions: number;
  /** Connections the SMTP server dropped: at once, or after the data without an answer. */
  dropped: number;
  /** Receipts in the outbox. */
  written: number;
  /** Receipts the SMTP server accepted (250), by distinct Message-ID. */
  delivered: number;
  /** Receipts written but never accepted. */
  lost: number;
  /** Message-IDs the server accepted more than once. */
  duplicated: number;
  /** Second copies that arrived after a cut connection (same Message-ID, not accepted): for receivers to drop. */
  copiesAfterCuts: number;
  seconds: number;
}

/**
 * `count` demo submissions (the app in process, 20 at a time) while the SMTP server drops 20% of the
 * connections: half at once, half after the message's data without answering (an unclear end).
 * Done when every receipt is stored as sent; then every receipt must have been accepted once.
 */
export async function runEmailDelivery(kind: BackendKind, count: number): Promise<EmailDeliveryResult> {
  let dropped = 0;
  const smtp = await TestSmtpServer.start({
    dropConnection: () => {
      const isDropped = Math.random() < 0.1;
      if (isDropped) dropped += 1;
      return isDropped;
    },
    // 0.1 of the remaining 0.9: 20% of all connections in all.
    verdict: () => {
      const isCut = Math.random() < 0.1 / 0.9;
      if (isCut) dropped += 1;
      return isCut ? 'cut' : 'accept';
    },
  });
  const database = await openFreshDatabase(kind);
  const app = await buildApp(
    {
      db: database.db,
      clock: () => new Date(),
      rateLimits: { demos: { max: 1_000_000, timeWindowMs: 60_000 } },
      publicUrl: 'https://records.example',
      // Production settings but the backoff: a stress run should not wait out 30 s retries.
      mail: { smtpUrl: smtp.url, from: 'demos@records.example', outbox: { backoffBaseMs: 100, backoffMaxMs: 1_000 } },
    },
    { logger: false },
  );
  await app.ready();
  const startedAt = performance.now();
  try {
    let next = 0;
    const client = async () => {
      for (let i = next++; i < count; i = next++) {
        const artist = aDemoArtist({ name: `Stress ${i}`, email: `artist${i}@stress.example` });
        const track = aDemoTrack({ name: `Take ${i}`, soundCloudPrivateLink: `https://soundcloud.com/stress/take-${i}/s-Abc${i}xyz` });
        const res = await app.inject({ method: 'POST', url: '/api/submit-demo', payload: { label: 'deep', artist, track, termsAccepted: true } });
        if (res.statusCode !== 201) throw new Error(`submission ${i} answered ${res.statusCode}: ${res.body}`);
      }
    };
    await Promise.all(Array.from({ length: 20 }, client));
    // Done when nothing is left to send (polled, with a generous deadline).
    const deadline = Date.now() + 600_000;
    for (;;) {
      const [open] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from outbox_emails where status <> 'sent'`);
      if (open?.n === 0) break;
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - startedAt) / 1000;
    const rows = await queryRows<{ message_id: string }>(database.db, sql`select message_id from outbox_emails where kind = 'demo_received'`);
    const acceptedTimes = new Map<string, number>();
    for (const email of smtp.accepted) acceptedTimes.set(email.messageId, (acceptedTimes.get(email.messageId) ?? 0) + 1);
    return {
      database: kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
      submissions: count,
      dropped,
      written: rows.length,
      delivered: rows.filter((r) => acceptedTimes.has(r.message_id)).length,
      lost: rows.filter((r) => !acceptedTimes.has(r.message_id)).length,
      duplicated: [...acceptedTimes.values()].filter((n) => n > 1).length,
      copiesAfterCuts: smtp.arrived.length - smtp.accepted.length,
      seconds,
    };
  } finally {
    await app.close();
    await database.close();
    await smtp.close();
  }
}
