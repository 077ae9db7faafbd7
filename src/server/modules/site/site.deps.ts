import type { SpotifyConfig } from '../../config.js';
import type { CatalogReads } from '../catalog/index.js';
import type { MediaStore } from '../media/index.js';

/** What the site context is handed (app.ts): the catalog's reads for the sitemap, and what the browser is told. */
export interface SiteDeps extends CatalogReads {
  /** The public Spotify settings; without them, no client id (Connect hidden). */
  spotify?: SpotifyConfig;
  /** The origin of the sitemap's links; without one, each request's own Host. */
  publicUrl?: string;
  /** Where the uploaded icon image is kept. */
  mediaStore: MediaStore;
}
