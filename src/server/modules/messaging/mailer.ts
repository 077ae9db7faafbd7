import nodemailer from 'nodemailer';

/** One email as the SMTP server gets it. */
export interface OutgoingEmail {
  from: { name: string; address: string };
  replyTo: string | undefined;
  to: string[];
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
  date: Date;
}

/** A recipient the server refused for good (a 5xx to RCPT TO), with its answer. */
export interface RefusedRecipient {
  address: string;
  reason: string;
}

/**
 * What became of one attempt: permanent failures (5xx) are not tried again. `refused`: recipients the
 * server refused for good, whether the others took the email or not (docs/decisions/0090).
 */
export type SendOutcome = { ok: true; refused: RefusedRecipient[] } | { ok: false; isPermanent: boolean; reason: string; refused: RefusedRecipient[] };

/** nodemailer's per-recipient refusals (on its answer when some recipients took the email, on its error when none did). */
function refusedOf(source: unknown): RefusedRecipient[] {
  const errors = (source as { rejectedErrors?: { recipient?: string; responseCode?: number; response?: string; message?: string }[] }).rejectedErrors ?? [];
  return errors.flatMap((e) =>
    e.recipient && e.responseCode !== undefined && e.responseCode >= 500 && e.responseCode < 600
      ? [{ address: e.recipient.toLowerCase(), reason: (e.response ?? e.message ?? '').slice(0, 1000) }]
      : [],
  );
}

/** Sends over SMTP; the only module that speaks it (STYLE.md "Outside services"). */
export interface Mailer {
  send(email: OutgoingEmail): Promise<SendOutcome>;
  close(): void;
}

/** Short: a stalled SMTP server must never hold the worker (docs/decisions/0060). */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

export const defaultSmtpTimeouts: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 20_000 };

/**
 * A nodemailer SMTP transport on `smtpUrl` (`smtp://user:pass@host:587` upgrades with STARTTLS when
 * offered, `smtps://` is TLS from the start). One connection per email: a dropped connection never
 * takes other emails with it.
 */
export function createSmtpMailer(smtpUrl: string, timeouts: SmtpTimeouts = defaultSmtpTimeouts): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    // The server's answer is what staff read; nodemailer's own log stays off.
    logger: false,
  });
  return {
    async send(email) {
      try {
        const info = await transport.sendMail({
          from: email.from,
          replyTo: email.replyTo,
          to: email.to,
          subject: email.subject,
          html: email.html,
          text: email.text,
          messageId: email.messageId,
          headers: email.headers,
          date: email.date,
        });
        return { ok: true, refused: refusedOf(info) };
      } catch (err) {
        return { ok: false, ...classify(err), refused: refusedOf(err) };
      }
    },
    close: () => transport.close(),
  };
}

/**
 * 5xx is a refusal for good; 4xx, a dropped or refused connection and a timeout are temporary.
 * The stored reason is the server's own answer where there is one.
 */
export function classify(err: unknown): { isPermanent: boolean; reason: string } {
  const { responseCode, response, code, message } = err as { responseCode?: number; response?: string; code?: string; message?: string };
  const reason = (response ?? message ?? String(err)).slice(0, 1000);
  if (typeof responseCode === 'number') return { isPermanent: responseCode >= 500 && responseCode < 600, reason };
  // A malformed address fails every try alike; anything else without an answer is the connection.
  return { isPermanent: code === 'EENVELOPE', reason };
}
