import { and, eq } from 'drizzle-orm';
import type { DecisionStatus, EmailTemplateBody } from '../../../shared/api/messaging.js';
import type { Db } from '../../db/client.js';
import { emailTemplates } from '../../db/schema.js';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

export async function findEmailTemplate(db: Db, labelId: string, status: DecisionStatus): Promise<EmailTemplateBody | undefined> {
  const [row] = await db
    .select({ subject: emailTemplates.subject, body: emailTemplates.body })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.labelId, labelId), eq(emailTemplates.status, status)));
  return row;
}

export async function listEmailTemplates(db: Db): Promise<EmailTemplateRow[]> {
  return db.select().from(emailTemplates);
}

export async function upsertEmailTemplate(
  db: Db,
  row: { labelId: string; status: DecisionStatus; subject: string; body: string; updatedBy: string; at: Date },
): Promise<EmailTemplateRow> {
  const values = { subject: row.subject, body: row.body, updatedBy: row.updatedBy, updatedAt: row.at };
  const [stored] = await db
    .insert(emailTemplates)
    .values({ labelId: row.labelId, status: row.status, ...values })
    .onConflictDoUpdate({ target: [emailTemplates.labelId, emailTemplates.status], set: values })
    .returning();
  return stored as EmailTemplateRow;
}

export async function deleteEmailTemplate(db: Db, labelId: string, status: DecisionStatus): Promise<void> {
  await db.delete(emailTemplates).where(and(eq(emailTemplates.labelId, labelId), eq(emailTemplates.status, status)));
}
