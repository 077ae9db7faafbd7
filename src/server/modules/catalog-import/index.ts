// The catalog-import context's public entry: the admin import routes (CSV upload and Spotify enrichment
// as jobs), the Spotify client start-server.ts builds, and the demo catalog seeded into an empty database.
// Imports catalog and staff.
export { adminImportRoutes } from './admin-import.routes.js';
export type { ImportJobSettings } from './import-job-runner.js';
export { createSpotifyCatalogClient, type SpotifyCatalogClient } from './spotify/spotify-catalog-client.js';
export { seedDemoCatalogIfEmpty } from './demo-catalog/seed-demo-catalog.js';
export { countRunningJobs } from './import-jobs.repo.js';
export type { CatalogImportDeps } from './catalog-import.deps.js';
