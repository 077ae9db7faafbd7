import type { Db } from '../../db/client.js';
import type { AdminAuthContext } from '../staff/index.js';
import type { MediaStore } from './media-store.js';

/** What the media context is handed (app.ts). */
export interface MediaDeps {
  db: Db;
  clock: () => Date;
  mediaStore: MediaStore;
  adminAuth: AdminAuthContext;
  /** Told after an upload or a cut preview changed what the catalog shows (the catalog's changes seam). */
  catalogChanges: { publish(): void };
}
