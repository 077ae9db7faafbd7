import { createServer } from 'node:net';
import type { TestSmtpServer } from '../helpers/mail.js';

// What the VIP browser tests share: a server that must know its own origin before it starts (PUBLIC_URL
// with Stripe), and the emails it sends.

/** A free loopback port: PUBLIC_URL must name the server's own origin before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The first email to `address` whose subject starts so, once the SMTP server accepted it. */
export async function emailTo(smtp: TestSmtpServer, address: string, subject: string) {
  const find = () => smtp.accepted.find((m) => m.to.includes(address) && m.subject.startsWith(subject));
  for (let count = 1; !find(); count = smtp.accepted.length + 1) await smtp.waitForAccepted(count);
  return find();
}

/** The sign-in link of the latest "Sign in" email to `address`. */
export async function signInLink(smtp: TestSmtpServer, address: string): Promise<string> {
  const mail = await emailTo(smtp, address, 'Sign in');
  const link = /https?:\/\/\S+\/vip\/account\/sign-in\/[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`No sign-in link to ${address}`);
  return link;
}
