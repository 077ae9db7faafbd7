import { useSyncExternalStore } from 'react';
import type { SiteSettings } from '../../shared/api/settings.js';
import { currentSiteSettings, subscribeToSiteSettings } from '../../shared/site-settings.js';

/**
 * The public site settings in force (docs/decisions/0097): those the server drew the page with (the
 * first HTML's state), then whatever `applySiteSettings` is given (the admin's Settings after a save).
 * A component that reads them re-renders when they change.
 */
export function useSiteSettings(): SiteSettings {
  return useSyncExternalStore(subscribeToSiteSettings, currentSiteSettings, currentSiteSettings);
}
