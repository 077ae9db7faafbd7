import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { parseConfig } from '../../config.js';
import { openConfiguredDatabase } from '../../db/open-configured-database.js';
import { createOrResetAdmin } from './admin-auth.service.js';

// npm run admin:create -- <username>
// For recovery: creates an owner (or gives the account a new password and the owner role) in DATABASE_URL, or in the embedded database in
// DATA_DIR (stop the server first). The password comes from ADMIN_PASSWORD, else it is asked for.
async function run(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true });
  const username = positionals[0]?.trim();
  if (!username) throw new Error('Usage: npm run admin:create -- <username>   (password from ADMIN_PASSWORD or asked)');
  // ADMIN_PASSWORD alone is this script's input, not half of a first-admin pair.
  const config = parseConfig({ ...process.env, ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined });
  const password = process.env.ADMIN_PASSWORD || (await askPassword(username));
  const database = await openConfiguredDatabase(config);
  try {
    const outcome = await createOrResetAdmin(database.db, username, password, new Date());
    process.stdout.write(`Owner "${username}": ${outcome}.\n`);
  } finally {
    await database.close();
  }
}

async function askPassword(username: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
  try {
    return (await rl.question(`Password for "${username}": `)).trim();
  } finally {
    rl.close();
  }
}

run().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
