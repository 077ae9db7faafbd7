import { parseArgs } from 'node:util';
import { parseConfig } from '../../config.js';
import { DamagedArchiveError, NewerArchiveError } from './archive.js';
import { RestoreFailedError, restoreArchive } from './restore.js';

// npm run restore -- FILE [--replace]
// Restores a backup into DATABASE_URL, or into the embedded database in DATA_DIR (stop the server
// first), and its media files into MEDIA_DIR. Refuses a target that holds data unless --replace.
async function run(): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { replace: { type: 'boolean', default: false } } });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new Error('Usage: npm run restore -- <backup file> [--replace]');
  const config = parseConfig(process.env);
  const manifest = await restoreArchive(file, config, { replace: values.replace });
  const media = manifest.media ? `${manifest.media.files} media files` : 'no media files';
  process.stdout.write(
    `Restored ${file}: the ${manifest.database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database of ${manifest.createdAt} ` +
      `(migration ${manifest.migrations.last}) and ${media}. Start the server to use it.\n`,
  );
}

run().catch((err: unknown) => {
  const message = (err instanceof Error ? err.message : String(err)).replace(/\.$/, '');
  if (err instanceof DamagedArchiveError) process.stderr.write(`Restore refused: the archive is damaged: ${message}. Nothing was changed.\n`);
  else if (err instanceof NewerArchiveError) process.stderr.write(`Restore refused: the archive was made by a newer version: ${message}. Nothing was changed.\n`);
  else if (err instanceof RestoreFailedError) {
    const after = err.targetEmptied ? 'What the target held was deleted first (--replace), and what the restore wrote was removed' : 'What it wrote was removed. Nothing else was changed';
    process.stderr.write(`Restore failed: ${message}. ${after}.\n`);
  } else process.stderr.write(`Restore refused: ${message}. Nothing was changed.\n`);
  process.exit(1);
});
