import { defaultSiteSettings, type SettingsLabelId, type SiteSettings } from './api/settings.js';
import { siteConfig } from './site-config.js';

// The settings in force (docs/decisions/0097), read synchronously by shared and server code: the server
// sets them at start and after every change (its own or another instance's), the browser from the
// first HTML's state (the public part: no Stripe price ids). Until then, the defaults of site-config.ts.

let current: SiteSettings = defaultSiteSettings;
const listeners = new Set<() => void>();

export function currentSiteSettings(): SiteSettings {
  return current;
}

export function applySiteSettings(settings: SiteSettings): void {
  if (settings === current) return;
  current = settings;
  for (const listener of listeners) listener();
}

export function subscribeToSiteSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The site's name: its parent label's (the label of paths without a label segment, site-config.ts). */
export function siteName(): string {
  return current.labels[siteConfig.defaultLabelShort as SettingsLabelId].name;
}
