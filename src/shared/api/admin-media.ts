import { z } from 'zod';
import { audioMatchSchema } from './admin-audio.js';

/** What one media upload takes (docs/decisions/0085): the whole request, and each image in it. */
export const mediaUploadLimits = {
  /** The whole body: files and zips together. */
  maxUploadBytes: 1024 * 1024 * 1024,
  /** One image, alone or inside a zip. */
  maxImageBytes: 30 * 1024 * 1024,
  /** Files and zip entries in one upload. */
  maxFiles: 2000,
  /** The shorter side of a cover or picture, in pixels. */
  minImageSide: 500,
  /** Pixels an image may declare: more is a decompression bomb (a few KB that would decode to gigabytes). */
  maxImagePixels: 50_000_000,
} as const;

/** What an uploaded cover or picture is for: a release's cover, an artist's picture or a playlist's cover (matched by its id alone). */
export const imageSubjectKinds = ['release', 'artist', 'playlist'] as const;
export type ImageSubjectKind = (typeof imageSubjectKinds)[number];

/** The image types accepted. */
export const mediaImageFormats = ['jpeg', 'png', 'webp'] as const;

export const mediaMessages = {
  filesMissing: 'Choose one or more images (JPEG, PNG or WebP), audio files (WAV, FLAC, AIFF or MP3) or zips of them to upload.',
  formMalformed: 'The upload arrived incomplete or garbled: send the files again.',
  uploadTooLarge: `The upload is larger than ${mediaUploadLimits.maxUploadBytes / 1024 / 1024 / 1024} GB: send it in parts.`,
  alreadyRunning: 'Another media upload is being read on this server: wait until it has finished, then send this one.',
  notAnImage: 'is not a JPEG, PNG or WebP image',
  tooSmall: (width: number, height: number) => `is ${width}×${height} px: a cover or picture needs at least ${mediaUploadLimits.minImageSide} px on each side`,
  bomb: (width: number, height: number) =>
    `declares ${width}×${height} px, more than ${mediaUploadLimits.maxImagePixels / 1_000_000} megapixels: refused as a possible decompression bomb`,
  unreadable: 'could not be read as an image (damaged or cut short)',
  imageTooLarge: `is larger than ${mediaUploadLimits.maxImageBytes / 1024 / 1024} MB`,
  zipUnreadable: 'is not a readable zip',
  zipInZip: 'is a zip inside a zip: unpack it first',
  tooManyFiles: `is past the ${mediaUploadLimits.maxFiles} files one upload may hold: send it again in another upload`,
  zipTooManyFiles: `holds more files than the ${mediaUploadLimits.maxFiles} one upload may hold: nothing in it was read; split it, or send it alone`,
  fileNameInvalid: 'has a name with control characters or path separators',
  unknownName: 'names no release (catalog number, UPC or release id), no artist (name or id) and no playlist (id)',
  ambiguous: (count: number, what: string) => `names ${count} ${what}: rename it to the release id or UPC`,
  imageJobNotFound: 'No such image upload',
  imageJobIdsInvalid: 'Name 1 to 100 image uploads by their ids, separated by commas',
} as const;

/**
 * An uploaded cover or picture is made off the request (docs/decisions/0091): queued, then processing on
 * whichever instance claims it, then ready (its release or artist shows it) or failed (the reason says why).
 */
export const imageJobStatuses = ['queued', 'processing', 'ready', 'failed'] as const;
export type ImageJobStatus = (typeof imageJobStatuses)[number];

/** Why an image job failed; each names the file ("{file} …"). */
export const imageJobFailures = {
  died: (file: string) => `${file}: making its picture stopped with the server that was making it (it crashed or ran out of memory); upload it again`,
  missing: (file: string) => `${file}: the original is missing from the media store; upload it again`,
  subjectGone: (file: string) => `${file}: its release, artist or playlist was removed before its picture was made`,
  failed: (file: string) => `${file}: its picture could not be made; upload it again`,
  stalled: (file: string, reason: string) => `${file}: making its picture stopped: ${reason}; upload it again`,
} as const;

const fileName = z.string().describe('The file as sent; inside a zip, "zip name/path in the zip".');

export const imageMatchSchema = z.object({
  file: fileName,
  /** What the picture became: a release's cover, an artist's picture or a playlist's cover. */
  kind: z.enum(imageSubjectKinds),
  id: z.string(),
  /** The release's title or the artist's name. */
  name: z.string(),
  /**
   * The cover or picture URL (a WebP). Named by its content, it is known before the picture is made: the
   * catalog answers it once `job` is ready, and the previous picture until then.
   */
  url: z.string(),
  /** The job making the picture (docs/decisions/0091): its id, its status when answered, and where to follow it. */
  job: z.object({ id: z.string(), status: z.enum(imageJobStatuses), url: z.string() }).optional(),
});

export type ImageMatch = z.infer<typeof imageMatchSchema>;

/** A matched file: an image that became a cover or picture, or audio queued for its tracks' previews (docs/decisions/0026). */
export const mediaMatchSchema = z.discriminatedUnion('kind', [imageMatchSchema, audioMatchSchema]);

export const mediaMissSchema = z.object({ file: fileName, reason: z.string() });

export const mediaUploadReportSchema = z.object({
  matched: z.array(mediaMatchSchema),
  /** Images whose name matches nothing, or more than one release or artist; audio whose name names no track (the reason says which). */
  unmatched: z.array(mediaMissSchema),
  /** Files that are no acceptable image (a wrong type, too small, a decompression bomb, unreadable) or no readable WAV, FLAC, AIFF or MP3. Nothing of them is stored. */
  refused: z.array(mediaMissSchema),
});
export type MediaUploadReport = z.infer<typeof mediaUploadReportSchema>;

export const mediaUploadResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: mediaUploadReportSchema });
export type MediaUploadResponse = z.infer<typeof mediaUploadResponseSchema>;

/** One uploaded cover or picture and the job making it (`GET /api/admin/media/images/{id}`). */
export const imageJobSchema = z.object({
  id: z.string(),
  file_name: fileName,
  kind: z.enum(imageSubjectKinds),
  /** The release's, artist's or playlist's id. */
  subject_id: z.string(),
  status: z.enum(imageJobStatuses),
  /** Why it failed, naming the file. */
  message: z.string().nullable(),
  /** The picture it makes: its release or artist shows it once ready. */
  url: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImageJob = z.infer<typeof imageJobSchema>;
export const imageJobResponseSchema = z.object({ success: z.literal(true), data: imageJobSchema });

/** `GET /api/admin/media/images?ids=a,b`: up to 100 jobs at once (an upload's dialog follows them all). */
export const imageJobsQuerySchema = z.object({
  ids: z
    .string()
    .transform((value) => [...new Set(value.split(',').map((id) => id.trim()).filter(Boolean))])
    .refine((ids) => ids.length >= 1 && ids.length <= 100, mediaMessages.imageJobIdsInvalid),
});
/** The jobs found, in the order asked; an id that names none is left out. */
export const imageJobsResponseSchema = z.object({ success: z.literal(true), data: z.array(imageJobSchema) });
