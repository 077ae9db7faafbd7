// The formats a sold (or redeemed) release can be downloaded in (issue 36), shared by the shop (the
// order page's format picker, GET /api/orders/{token}) and the format conversion that makes them.

export const downloadFormats = ['wav', 'flac', 'aiff', 'mp3-320', 'mp3-v0'] as const;

export type DownloadFormat = (typeof downloadFormats)[number];

/** The names buyers read in the format picker. */
export const downloadFormatNames: Readonly<Record<DownloadFormat, string>> = {
  wav: 'WAV',
  flac: 'FLAC',
  aiff: 'AIFF',
  'mp3-320': 'MP3 320',
  'mp3-v0': 'MP3 V0',
};

export function isDownloadFormat(value: unknown): value is DownloadFormat {
  return typeof value === 'string' && (downloadFormats as readonly string[]).includes(value);
}
