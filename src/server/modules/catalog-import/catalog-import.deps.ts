import type { Database } from '../../db/client.js';
import type { AdminAuthContext } from '../staff/index.js';
import type { ImportWorkContext } from './admin-import.service.js';
import type { ImportJobSettings } from './import-job-runner.js';

/** What the catalog-import context is handed (app.ts). */
export interface CatalogImportDeps extends Omit<ImportWorkContext, 'spotifyCatalog'> {
  adminAuth: AdminAuthContext;
  /** Without one, "Import tracks" answers 503. */
  spotifyCatalog?: ImportWorkContext['spotifyCatalog'];
  /** 'pglite' lets the token that started a job read its progress without the database (docs/decisions/0018). */
  databaseKind?: Database['kind'];
  /** Import jobs' lease and polling; production: 30 s and 5 s. */
  importJobs?: ImportJobSettings;
}
