import type { Db } from '../../db/client.js';
import type { AdminAuthContext } from '../staff/index.js';
import type { ImageJobSettings } from './art-renderer.js';
import type { PreviewCutterSettings } from './audio/preview-cutter.js';
import type { MediaStore } from './media-store.js';

/** What the media context is handed (app.ts). */
export interface MediaDeps {
  db: Db;
  clock: () => Date;
  mediaStore: MediaStore;
  adminAuth: AdminAuthContext;
  /** Told after an upload or a cut preview changed what the catalog shows (the catalog's changes seam). */
  catalogChanges: { publish(): void };
  /** Image jobs' lease, how often an idle instance looks for jobs, how long a replaced picture's files stay; production: 30 s, 5 s, an hour. */
  imageJobs?: Partial<ImageJobSettings>;
  /** Uploaded audio's preview jobs (docs/decisions/0087): lease, poll, the cutting process's memory limits; production: 30 s, 5 s, previewProcessLimits. */
  audioJobs?: Partial<Omit<PreviewCutterSettings, 'deleteAfterMs'>>;
}
