import addressparser from 'nodemailer/lib/addressparser/index.js';

/** An email's sender as its From header names it: an address, and the name shown beside it where one is given. */
export interface Mailbox {
  name?: string;
  address: string;
}

const emailAddress = /^[^\s@<>"]+@[^\s@<>"]+$/;

/**
 * `demos@records.example`, `Build It Records <demos@records.example>` or `"Records, Inc." <demos@records.example>`
 * as a Mailbox; undefined for anything else. Read by nodemailer's own parser, the one that writes the header.
 */
export function parseMailbox(text: string): Mailbox | undefined {
  const value = text.trim();
  const parsed = addressparser(value, { flatten: true });
  if (parsed.length !== 1 || !parsed[0] || !emailAddress.test(parsed[0].address)) return undefined;
  const { name, address } = parsed[0];
  // The parser also reads `Name address` and words after `<address>`, which a From header holds neither of.
  if (value !== address && !value.endsWith(`<${address}>`)) return undefined;
  return name ? { name, address } : { address };
}
