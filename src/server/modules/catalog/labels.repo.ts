import { sql } from 'drizzle-orm';
import type { LabelConfig } from '../../../shared/site-config.js';
import type { Db } from '../../db/client.js';
import { labels } from '../../db/schema.js';

/** The site configuration owns the labels: make the table match it (on every start). */
export async function syncLabels(db: Db, configured: readonly LabelConfig[]): Promise<void> {
  await db
    .insert(labels)
    .values(configured.map((l) => ({ id: l.id, number: l.number, short: l.short, name: l.name })))
    .onConflictDoUpdate({
      target: labels.id,
      set: { number: sql`excluded.number`, short: sql`excluded.short`, name: sql`excluded.name`, updatedAt: sql`now()` },
      setWhere: sql`(${labels.number}, ${labels.short}, ${labels.name}) is distinct from (excluded.number, excluded.short, excluded.name)`,
    });
}

export async function listLabels(db: Db) {
  return db.select().from(labels).orderBy(labels.number);
}
