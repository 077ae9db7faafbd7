import { z } from 'zod';

/** An uploaded track's audio and the job that cuts its preview (docs/decisions/0026). */
export const trackAudioStatuses = ['queued', 'cutting', 'ready', 'failed'] as const;
export type TrackAudioStatus = (typeof trackAudioStatuses)[number];

/** What one audio file may weigh, alone or inside a zip. */
export const audioUploadLimits = {
  /** One audio file (a 10-minute 24-bit 96 kHz stereo WAV is about 350 MB). */
  maxAudioBytes: 512 * 1024 * 1024,
} as const;

/** A media upload's file (alone or in a zip) with one of these extensions is audio; any other, an image. */
export const audioFileName = /\.(wav|flac|aif|aiff|mp3)$/i;

export const audioMessages = {
  unknownName: 'names no track: name it by the ISRC (such as GBKPL1912345) or the track id',
  audioTooLarge: `is larger than ${audioUploadLimits.maxAudioBytes / 1024 / 1024} MB`,
  jobNotFound: 'No such audio upload',
} as const;

/** An audio file of a media upload (`POST /api/admin/media`) and the tracks it serves. */
export const audioMatchSchema = z.object({
  file: z.string().describe('The file as sent; inside a zip, "zip name/path in the zip".'),
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
