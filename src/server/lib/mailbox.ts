/** An email's sender as its From header names it: an address, and the name shown beside it where one is given. */
export interface Mailbox {
  name?: string;
  address: string;
}

const address = String.raw`[^\s@<>"]+@[^\s@<>"]+`;
const bareAddress = new RegExp(`^${address}$`);
// RFC 5322's name-addr, as people write it: a name, bare or in quotes (with \" inside), then <address>.
const nameAddress = new RegExp(String.raw`^(?:"((?:[^"\\]|\\.)*)"|([^"<>]*?))\s*<(${address})>$`);

/**
 * `demos@records.example`, `Build It Records <demos@records.example>` or `"Records, Inc." <demos@records.example>`
 * as a Mailbox; undefined for anything else.
 */
export function parseMailbox(text: string): Mailbox | undefined {
  const value = text.trim();
  if (bareAddress.test(value)) return { address: value };
  const match = nameAddress.exec(value);
  if (!match?.[3]) return undefined;
  const name = (match[1]?.replace(/\\(.)/g, '$1') ?? match[2] ?? '').trim();
  return name ? { name, address: match[3] } : { address: match[3] };
}
