// The settings context's public entry (docs/decisions/0097): the site settings an owner edits, stored,
// logged and applied on every instance. Imports catalog (its change relay) and staff (the guard).
export { LiveSiteSettings } from './live-settings.js';
export { adminSettingsRoutes } from './admin-settings.routes.js';
export { changeSiteSettings, readSiteSettings } from './settings.service.js';
export type { SettingsDeps } from './settings.deps.js';
