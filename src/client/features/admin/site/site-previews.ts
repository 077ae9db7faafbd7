import type { ComponentType } from 'react';
import type { SettingsLabelId, SiteSettings } from '../../../../shared/api/settings.js';

/**
 * The public pages' own parts, drawn with settings not saved yet: the Site tab's previews. The admin
 * cannot import the public features (a feature never imports another), so src/client/app hands them in.
 */
export interface SitePreviews {
  /** The label's header and landing hero: logo, name, tagline, description, accent. */
  Label: ComponentType<{ settings: SiteSettings; label: SettingsLabelId }>;
  /** The "Our Story" part of the records landing page. */
  Story: ComponentType<{ settings: SiteSettings }>;
  /** The guidelines of the submit page. */
  Guidelines: ComponentType<{ settings: SiteSettings }>;
  /** The VIP page's plan cards. */
  VipPlans: ComponentType<{ settings: SiteSettings }>;
  /** One document of the legal page. */
  Legal: ComponentType<{ settings: SiteSettings; document: 'termsOfService' | 'privacyPolicy' }>;
}
