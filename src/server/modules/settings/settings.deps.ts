import type { AdminAuthContext } from '../staff/index.js';
import type { Db } from '../../db/client.js';
import type { MediaStore } from '../media/index.js';
import type { LiveSiteSettings } from './live-settings.js';

export interface SettingsDeps {
  db: Db;
  clock: () => Date;
  adminAuth: AdminAuthContext;
  liveSettings: LiveSiteSettings;
  /** Where uploaded logos and the icon image are kept. */
  mediaStore: MediaStore;
}
