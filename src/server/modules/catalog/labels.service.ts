import type { Label } from '../../../shared/api/catalog.js';
import { findLabel, invalidLabelMessage } from '../../../shared/labels.js';
import type { LabelConfig } from '../../../shared/site-config.js';
import type { Db } from '../../db/client.js';
import type { CatalogReads } from './catalog-cache.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import { listLabels } from './labels.repo.js';

/**
 * Any accepted label form (id, short form, number). An unknown value is the product's 'Invalid label: {value}':
 * 400 for a query parameter, 404 for a label in the path.
 */
export function resolveLabelParam(value: string, where: 'id'): LabelConfig;
export function resolveLabelParam(value: string | undefined, where?: 'query'): LabelConfig | undefined;
export function resolveLabelParam(value: string | undefined, where: 'id' | 'query' = 'query'): LabelConfig | undefined {
  if (value === undefined) return undefined;
  const label = findLabel(value);
  if (label) return label;
  if (where === 'id') throw new NotFoundError(invalidLabelMessage(value));
  throw new BadRequestError(invalidLabelMessage(value), 'label');
}

async function loadLabels(db: Db): Promise<Label[]> {
  const rows = await listLabels(db);
  return rows.map((l) => ({
    id: l.id,
    number: l.number,
    short: l.short,
    // The name is the owner's to change (site settings, docs/decisions/0097); the row's is the one it started with.
    name: findLabel(l.id)?.name ?? l.name,
    created_at: l.createdAt.toISOString(),
    updated_at: l.updatedAt.toISOString(),
  }));
}

/** {@link loadLabels} through the catalog cache (docs/decisions/0030-catalog-cache.md). */
export function getLabels(catalog: CatalogReads): Promise<Label[]> {
  return catalog.catalogCache.read('labels', () => loadLabels(catalog.db));
}

export async function getLabel(catalog: CatalogReads, value: string): Promise<Label> {
  const label = resolveLabelParam(value, 'id');
  const found = (await getLabels(catalog)).find((l) => l.id === label.id);
  if (!found) throw new NotFoundError(invalidLabelMessage(value));
  return found;
}
