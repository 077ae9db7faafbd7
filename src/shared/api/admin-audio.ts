import { z } from 'zod';

/** An uploaded track's audio and the job that cuts its preview (docs/decisions/0026). */
export const trackAudioStatuses = ['queued', 'cutting', 'ready', 'failed'] as const;
export type TrackAudioStatus = (typeof trackAudioStatuses)[number];

/** The audio types accepted. */
export const audioUploadLimits = {
  /** One audio file (a 10-minute 24-bit 96 kHz stereo WAV is about 350 MB). */
  maxAudioBytes: 512 * 1024 * 1024,
} as const;

export const audioMessages = {
  filesMissing: 'Choose one or more audio files (WAV, FLAC, AIFF or MP3) to upload.',
  formMalformed: 'The upload arrived incomplete or garbled: send the files again.',
  unknownName: 'names no track: name it by the ISRC (such as GBKPL1912345) or the track id',
  audioTooLarge: `is larger than ${audioUploadLimits.maxAudioBytes / 1024 / 1024} MB`,
  jobNotFound: 'No such audio upload',
} as const;

const fileName = z.string().describe('The file as sent.');

export const audioMatchSchema = z.object({
  file: fileName,
  kind: z.literal('audio'),
  /** The upload's id: `GET /api/admin/media/audio/{id}` follows its preview. */
  id: z.string(),
  /** The tracks' title, and how many tracks (releases) share the recording. */
  name: z.string(),
  /** Where the preview's progress is read. */
  url: z.string(),
  /** Every track the audio serves: each track with the ISRC (on every release), or the one track named by id. */
  tracks: z.array(z.object({ id: z.string(), release_id: z.string(), title: z.string() })),
});
export type AudioMatch = z.infer<typeof audioMatchSchema>;

export const audioMissSchema = z.object({ file: fileName, reason: z.string() });

export const audioUploadReportSchema = z.object({
  matched: z.array(audioMatchSchema),
  /** Files whose name names no track (by id or ISRC). */
  unmatched: z.array(audioMissSchema),
  /** Files that are no WAV, FLAC, AIFF or MP3, or are damaged: nothing of them is stored. */
  refused: z.array(audioMissSchema),
});
export type AudioUploadReport = z.infer<typeof audioUploadReportSchema>;

export const audioUploadResponseSchema = z.object({ success: z.literal(true), message: z.string(), data: audioUploadReportSchema });

export const trackAudioSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  status: z.enum(trackAudioStatuses),
  /** Progress of the cut: frames encoded of all the previews it cuts. */
  done: z.number().int(),
  total: z.number().int(),
  /** Why it failed, naming the file. */
  message: z.string().nullable(),
  /** The length the file says, once read. */
  duration_ms: z.number().int().nullable(),
  /** The previews, once cut: each track's id and preview URL. */
  tracks: z.array(z.object({ id: z.string(), preview_url: z.string().nullable() })),
});
export type TrackAudio = z.infer<typeof trackAudioSchema>;
export const trackAudioResponseSchema = z.object({ success: z.literal(true), data: trackAudioSchema });
