// The media context's public entry: the `/media/*` routes, the admin uploads, the media store, where
// generated and uploaded media live (their URLs), the track audio other contexts read, and the pictures
// drawn now (for the metrics). Imports staff.
export { mediaRoutes } from './media.routes.js';
export { adminMediaRoutes } from './admin-media.routes.js';
export { folderMediaStore, s3MediaStore, type MediaStore } from './media-store.js';
export { attachment, sendBody, sendStoredFile } from './media-reply.js';
export { DownloadFormats, defaultDownloadFormatsSettings, downloadMessages, type DownloadFileState, type DownloadFormatsSettings } from './formats/download-formats.service.js';
export { artistPictureUrl, playlistCoverUrl, previewAudioUrl, releaseArtworkUrl, uploadedPreviewUrl } from './media-urls.js';
export { findMemberDownload, requeueTrackAudio } from './audio/track-audio.repo.js';
export { drawingsNow, earlyAccessOpensAt, earlyAccessPreview, hasPreviewOfOurs } from './media.service.js';
export type { MediaDeps } from './media.deps.js';
export type { ImageJobSettings } from './art-renderer.js';
export { siteImageKey, storeSiteImage } from './site-images.js';
export { ImageRefused } from './uploaded-art.js';
