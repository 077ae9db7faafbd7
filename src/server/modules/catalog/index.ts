// The catalog context's public entry: its routes, the catalog cache and the seam of its changes, and the
// reads other contexts present (label ids, sitemap pages, media URLs, page data). Imports staff.
export { adminCatalogRoutes } from './admin-catalog.routes.js';
export { artistsRoutes } from './artists.routes.js';
export { labelsRoutes } from './labels.routes.js';
export { playlistsRoutes } from './playlists.routes.js';
export { releasesRoutes } from './releases.routes.js';
export { tracksRoutes } from './tracks.routes.js';
export { mediaRoutes } from './media/media.routes.js';
export { folderMediaStore, s3MediaStore, type MediaStore, type S3Settings } from './media/media-store.js';
export { artistPictureUrl, previewAudioUrl, releaseArtworkUrl } from './media/media-urls.js';
export { findMemberDownload } from './media/audio/track-audio.repo.js';
export { earlyAccessPreview } from './media/media.service.js';
export { getEarlyAccessTracks, getMemberDownloads } from './member-tracks.service.js';
export { registerCatalogAnswerCache } from './catalog-answer-cache.js';
export { busyMessage, busyRetryAfterSeconds, catalogAnswerMaxAgeMs, CatalogCache, defaultLoadLimits, defaultLoadWaitMs, type CatalogReads } from './catalog-cache.js';
export { createCatalogDataCache } from './catalog-data-cache.js';
export { createLocalCatalogChanges, relayCatalogChanges, type CatalogChanges } from './catalog-changes.js';
export { countLabelArtists, getArtist, getArtistReleases, getArtists } from './artists.service.js';
export { resolveLabelParam } from './labels.service.js';
export { getPlaylists } from './playlists.service.js';
export { getRelease, getReleases, getTopReleases } from './releases.service.js';
export type { ScoreKeepingSettings } from './score-keeper.js';
export { listSitemapEntries, type SitemapEntry } from './sitemap-pages.service.js';
export { syncLabels } from './labels.repo.js';
export { artistIdFor } from './artist-id.js';
export { releaseAvailability, ReleaseMoments, type ReleaseAvailability } from './release-moments.js';
