// The site context's public entry: health, the browser's configuration, robots.txt and the sitemap. Imports catalog.
export { clientConfigRoutes } from './client-config.routes.js';
export { healthRoutes } from './health.routes.js';
export { seoRoutes } from './seo.routes.js';
export type { SiteDeps } from './site.deps.js';
