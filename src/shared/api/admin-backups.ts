import { z } from 'zod';
import { itemResponse } from './common.js';

const backupSchema = z.object({
  /** When it finished (ISO 8601). */
  at: z.string(),
  /** schedule: the server's own; command: `npm run backup`. */
  trigger: z.enum(['schedule', 'command']),
});

/** The admin Settings tab's Backups panel (docs/decisions/0073). */
export const adminBackupsSchema = z.object({
  /** The newest backup that succeeded; null when there has been none. */
  last: backupSchema.extend({ fileName: z.string(), sizeBytes: z.number().int().min(0) }).nullable(),
  /** The newest backup that failed, when it is newer than the last success; else null. */
  failed: backupSchema.extend({ error: z.string() }).nullable(),
  /** How often the server makes one, in hours; null: never on its own (BACKUP_SCHEDULE=off). */
  everyHours: z.number().min(0).nullable(),
  /** How many of its own the server keeps (BACKUP_KEEP). */
  keep: z.number().int().min(1),
});
export type AdminBackups = z.infer<typeof adminBackupsSchema>;

export const adminBackupsResponseSchema = itemResponse(adminBackupsSchema);
