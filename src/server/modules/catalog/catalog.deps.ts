import type { AdminAuthContext } from '../staff/index.js';
import type { CatalogReads } from './catalog-cache.js';
import type { CatalogChanges } from './catalog-changes.js';
import type { ScoreKeepingSettings } from './score-keeper.js';

/** What the catalog context is handed (app.ts): the reads behind its cache, and what its admin edits and ranking need. */
export interface CatalogDeps extends CatalogReads {
  catalogChanges: CatalogChanges;
  adminAuth: AdminAuthContext;
  /** How often stale popularity scores are kept again; production: every minute. */
  scoreKeeping?: ScoreKeepingSettings;
}
