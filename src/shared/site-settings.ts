import type { SettingsLabelId, SiteSettings } from './api/settings.js';
import { siteConfig } from './site-config.js';

// The settings in force (docs/decisions/0097), read synchronously by shared and server code: the server
// sets them at start and after every change (its own or another instance's), the browser from the
// first HTML's state (the public part: no Stripe price ids). Until then, the defaults of site-config.ts.

/**
 * site-config.ts's settings: those of a site whose owner changed nothing. Built here, without zod, so
 * that the browser's pages carry no schema (docs/decisions/0023); the server checks them against the
 * settings' schema as it loads it (`defaultSiteSettings`, api/settings.ts).
 */
export const configuredSiteSettings = {
  timeZone: siteConfig.timeZone,
  about: siteConfig.about,
  labels: Object.fromEntries(
    siteConfig.labels.map((label) => [
      label.short,
      {
        name: label.name,
        tagline: label.tagline,
        description: label.description,
        playlistsSubtitle: label.playlistsSubtitle,
        accent: label.accent,
        logo: null,
        social: label.social,
        email: label.email,
      },
    ]),
  ),
  icon: { ...siteConfig.icon, image: null },
  demos: { reviewDays: siteConfig.demos.reviewDays, guidelines: siteConfig.demos.guidelines },
  vip: { earlyAccessDays: siteConfig.vip.earlyAccessDays, plans: siteConfig.vipPlans },
  shop: { automaticTax: false, pricesIncludeTax: true, memberDiscounts: {} },
  legal: siteConfig.legal,
};

// site-config.ts's lists are read-only, the settings' type is not: no one changes settings in place,
// they are replaced; their shape is what the server's check of `defaultSiteSettings` proves.
let current = configuredSiteSettings as unknown as SiteSettings;
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
