import { siteConfig, type LabelConfig } from './site-config.js';

export const labels: readonly LabelConfig[] = siteConfig.labels;

/** Finds a label by any of its accepted forms: canonical id, short form or number. */
export function findLabel(value: string | number | undefined | null): LabelConfig | undefined {
  if (value === undefined || value === null) return undefined;
  const key = String(value).trim().toLowerCase();
  return labels.find((l) => l.id === key || l.short === key || String(l.number) === key);
}

export function findLabelByDistributorName(name: string): LabelConfig | undefined {
  const key = name.trim().toLowerCase();
  return labels.find((l) => l.distributorName.toLowerCase() === key);
}

export function invalidLabelMessage(value: string): string {
  return `Invalid label: ${value}`;
}

/** The label of paths without a known label segment (records). */
export const defaultLabel: LabelConfig = findLabel(siteConfig.defaultLabelShort) ?? (labels[0] as LabelConfig);
