import { z } from 'zod';

// The player's saved queue, as read back from localStorage: checked before use, since it may come
// from an older version of the site. Loaded when a saved queue is read, so zod stays out of the
// pages' first scripts (docs/decisions/0023).

const queueItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  mix_version: z.string().nullable(),
  /** The credit line, as everywhere on the site: 'Kwoaro feat. Ilyrrin Druani (remix: Velora Kash)'. */
  credits: z.string(),
  duration_ms: z.number().nullable(),
  preview_url: z.string().nullable(),
  spotify_url: z.string().nullable(),
  artwork_url: z.string().nullable(),
  release_title: z.string().nullable(),
});
/** A queued track: only what the bar shows and plays, so that the saved queue stays small. */
export type QueueItem = z.infer<typeof queueItemSchema>;

const storedSchema = z.object({
  queue: z.array(queueItemSchema).max(1000),
  index: z.number().int(),
  position: z.number().min(0),
  volume: z.number().min(0).max(1),
});
export type Stored = z.infer<typeof storedSchema>;

/** The saved queue, or null when what was saved is not one. */
export function parseStored(value: unknown): Stored | null {
  const parsed = storedSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
