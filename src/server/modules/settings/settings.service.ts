import { desc, eq } from 'drizzle-orm';
import {
  defaultSiteSettings,
  siteSettingsSchema,
  type SettingsChange,
  type SettingsChangePart,
  type SiteSettings,
} from '../../../shared/api/settings.js';
import type { Db } from '../../db/client.js';
import { siteSettings, siteSettingsChanges } from '../../db/schema.js';
import { BadRequestError, NotFoundError } from '../../errors.js';

// Site settings stored in the database (docs/decisions/0097): the defaults of site-config.ts with the
// owner's saved document merged over them; every change logged with the changed parts before and after.

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const plansPath = 'vip.plans';

/**
 * `patch` merged into `base`: objects merge, lists replace, and `vip.plans` entries merge by id into the
 * plan of that id (an unknown id is the client's error, naming the entry).
 */
function merge(base: unknown, patch: unknown, path: string): unknown {
  if (path === plansPath && Array.isArray(base) && Array.isArray(patch)) {
    const plans = base.map((plan) => ({ ...(plan as Json) }));
    patch.forEach((entry: Json, index) => {
      const plan = plans.find((p) => p.id === entry.id);
      if (!plan) throw new BadRequestError(`No VIP plan has the id ${String(entry.id)}: the plans are ${plans.map((p) => String(p.id)).join(', ')}`, `${plansPath}.${index}.id`);
      Object.assign(plan, merge(plan, entry, `${plansPath}.${index}`));
    });
    return plans;
  }
  if (!isObject(base) || !isObject(patch)) return patch === undefined ? base : patch;
  const merged: Json = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined) merged[key] = merge(base[key], value, path ? `${path}.${key}` : key);
  }
  return merged;
}

/** The parts of `after` that differ from `before`, each side as a PATCH body (plans by id). */
function changedParts(before: unknown, after: unknown, path = ''): [unknown, unknown] | undefined {
  if (same(before, after)) return undefined;
  if (path === plansPath && Array.isArray(before) && Array.isArray(after)) {
    const parts = after.flatMap((plan: Json) => {
      const old = before.find((p: Json) => p.id === plan.id) as Json;
      const changed = changedParts(old, plan, `${plansPath}.plan`) as [Json, Json] | undefined;
      return changed ? [[{ id: plan.id, ...changed[0] }, { id: plan.id, ...changed[1] }]] : [];
    });
    return [parts.map(([b]) => b), parts.map(([, a]) => a)];
  }
  if (!isObject(before) || !isObject(after)) return [before, after];
  const was: Json = {};
  const is: Json = {};
  for (const key of Object.keys(after)) {
    const changed = changedParts(before[key], after[key], path ? `${path}.${key}` : key);
    if (changed) [was[key], is[key]] = changed;
  }
  return [was, is];
}

/** A plan whose price, currency or period changed is sold at a new Stripe price: one it names in the same change, else one checkout creates and keeps (docs/decisions/0067). */
function dropOutdatedStripePrices(before: SiteSettings, after: SiteSettings, patch: SettingsChangePart): SiteSettings {
  const plans = after.vip.plans.map((plan) => {
    const old = before.vip.plans.find((p) => p.id === plan.id);
    const isRepriced = old && (old.price !== plan.price || old.currency !== plan.currency || old.period !== plan.period);
    const namesPrice = patch.vip?.plans?.some((p) => p.id === plan.id && p.stripePriceId !== undefined);
    return isRepriced && !namesPrice ? { ...plan, stripePriceId: null } : plan;
  });
  return { ...after, vip: { ...after.vip, plans } };
}

/** The settings in force: the defaults with the saved document over them. */
export async function readSiteSettings(db: Db): Promise<SiteSettings> {
  const [row] = await db.select({ document: siteSettings.document }).from(siteSettings).where(eq(siteSettings.id, 1));
  if (!row) return defaultSiteSettings;
  const parsed = siteSettingsSchema.safeParse(merge(defaultSiteSettings, row.document, ''));
  return parsed.success ? parsed.data : defaultSiteSettings;
}

/**
 * Applies a change (a PATCH body, or an upload route's setting an image) and logs it, in one transaction; answers the settings after it. A
 * change that changes nothing is not logged. The whole result is checked (the icon's letters against
 * its ground), naming the field at fault.
 */
export async function changeSiteSettings(db: Db, patch: SettingsChangePart, by: string | null, now: Date): Promise<SiteSettings> {
  return db.transaction(async (tx) => {
    // One change at a time: the row is the lock (made first if it is missing).
    await tx.insert(siteSettings).values({ id: 1, document: defaultSiteSettings, updatedAt: now }).onConflictDoNothing();
    await tx.select({ id: siteSettings.id }).from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
    const before = await readSiteSettings(tx as unknown as Db);
    const checked = siteSettingsSchema.safeParse(merge(before, patch, ''));
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw new BadRequestError(issue?.message ?? 'Invalid settings', issue?.path.join('.'));
    }
    const after = dropOutdatedStripePrices(before, checked.data, patch);
    const changed = changedParts(before, after) as [SettingsChangePart, SettingsChangePart] | undefined;
    if (!changed) return before;
    await tx.update(siteSettings).set({ document: after, updatedAt: now }).where(eq(siteSettings.id, 1));
    await tx.insert(siteSettingsChanges).values({ at: now, by, before: changed[0], after: changed[1] });
    return after;
  });
}

/** The change log, newest first. */
export async function listSettingsChanges(db: Db, limit = 200): Promise<SettingsChange[]> {
  const rows = await db.select().from(siteSettingsChanges).orderBy(desc(siteSettingsChanges.id)).limit(limit);
  return rows.map((row) => ({ id: row.id, at: row.at.toISOString(), by: row.by, before: row.before as SettingsChangePart, after: row.after as SettingsChangePart }));
}

/** Puts back what a change replaced (its `before`), logged as a change of its own. */
export async function revertSettingsChange(db: Db, id: number, by: string | null, now: Date): Promise<SiteSettings> {
  const [row] = await db.select({ before: siteSettingsChanges.before }).from(siteSettingsChanges).where(eq(siteSettingsChanges.id, id));
  if (!row) throw new NotFoundError(`No settings change ${id}`);
  return changeSiteSettings(db, row.before as SettingsChangePart, by, now);
}
