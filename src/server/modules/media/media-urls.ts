// Where the generated media of the demo catalog live (media.routes.ts serves them); the catalog and
// the importer store these URLs.

export const artistPlaceholderUrl = '/media/placeholder-artist.svg';
export const releaseArtworkUrl = (releaseId: string) => `/media/releases/${releaseId}.svg`;
export const artistPictureUrl = (artistId: string) => `/media/artists/${artistId}.svg`;
export const playlistCoverUrl = (playlistId: string) => `/media/playlists/${playlistId}.svg`;
export const previewAudioUrl = (trackId: string) => `/media/previews/${trackId}.wav`;
/** A preview cut from audio the label uploaded, by its MP3's content hash (docs/decisions/0026). */
export const uploadedPreviewUrl = (file: string) => `/media/audio/${file}`;
