// The catalog context's public entry: its routes, the catalog cache and the seam of its changes, and the
// reads other contexts present (label ids, sitemap pages, page data). Imports media and staff.
export { adminCatalogRoutes } from './admin-catalog.routes.js';
export { adminPlaylistsRoutes } from './admin-playlists.routes.js';
export { artistsRoutes } from './artists.routes.js';
export { labelsRoutes } from './labels.routes.js';
export { playlistsRoutes } from './playlists.routes.js';
export { releasesRoutes } from './releases.routes.js';
export { tracksRoutes } from './tracks.routes.js';
export { getEarlyAccessTracks, getMemberDownloads } from './member-tracks.service.js';
export { registerCatalogAnswerCache } from './catalog-answer-cache.js';
export {
  busyMessage,
  busyRetryAfterSeconds,
  catalogAnswerMaxAgeMs,
  CatalogCache,
  createCatalogCache,
  defaultLoadLimits,
  defaultLoadWaitMs,
  type CatalogReads,
} from './catalog-cache.js';
export { createLocalCatalogChanges, relayCatalogChanges, relayChanges, type CatalogChanges, type RelayedCatalogChanges } from './catalog-changes.js';
export { countLabelArtists, getArtist, getArtistReleases, getArtists } from './artists.service.js';
export { resolveLabelParam } from './labels.service.js';
export { getPlaylists } from './playlists.service.js';
export { getRelease, getReleases, getTopReleases } from './releases.service.js';
export type { ScoreKeepingSettings } from './score-keeper.js';
export { listSitemapEntries, type SitemapEntry } from './sitemap-pages.service.js';
export { syncLabels } from './labels.repo.js';
export { artistIdFor } from './artist-id.js';
export { releaseAvailability, ReleaseMoments, type ReleaseAvailability } from './release-moments.js';
export type { CatalogDeps } from './catalog.deps.js';
