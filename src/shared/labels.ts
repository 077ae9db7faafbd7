import type { SettingsLabelId } from './api/settings.js';
import { siteConfig, type LabelConfig } from './site-config.js';
import { currentSiteSettings } from './site-settings.js';

/** A label: its structural facts from site-config.ts, and what its owner edits read from the settings in force. */
export type Label = LabelConfig & { readonly logo: string | null };

function liveLabel(config: LabelConfig): Label {
  const settings = () => currentSiteSettings().labels[config.short as SettingsLabelId];
  return {
    id: config.id,
    short: config.short,
    number: config.number,
    distributorName: config.distributorName,
    get name() {
      return settings().name;
    },
    get accent() {
      return settings().accent;
    },
    get tagline() {
      return settings().tagline;
    },
    get description() {
      return settings().description;
    },
    get playlistsSubtitle() {
      return settings().playlistsSubtitle;
    },
    get social() {
      return settings().social;
    },
    get email() {
      return settings().email;
    },
    get logo() {
      return settings().logo;
    },
  };
}

/** The labels, each reading the settings in force (docs/decisions/0097) whenever a field is read. */
export const labels: readonly Label[] = siteConfig.labels.map(liveLabel);

/** Finds a label by any of its accepted forms: canonical id, short form or number. */
export function findLabel(value: string | number | undefined | null): Label | undefined {
  if (value === undefined || value === null) return undefined;
  const key = String(value).trim().toLowerCase();
  return labels.find((l) => l.id === key || l.short === key || String(l.number) === key);
}

export function findLabelByDistributorName(name: string): Label | undefined {
  const key = name.trim().toLowerCase();
  return labels.find((l) => l.distributorName.toLowerCase() === key);
}

export function invalidLabelMessage(value: string): string {
  return `Invalid label: ${value}`;
}

/** The label of paths without a known label segment (records). */
export const defaultLabel: Label = findLabel(siteConfig.defaultLabelShort) ?? (labels[0] as Label);
