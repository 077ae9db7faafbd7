import { z } from 'zod';
import { itemResponse } from './common.js';

// The player's play reports (issue 7 §5, docs/product.md §10.5): a play counts once per client and track
// per window, and feeds the release's stream_count. The counting rules are in shared/domain/play-counting.ts.

export const playRequestSchema = z.object({
  track_id: z.uuid({ error: 'track_id must be a track id (UUID)' }),
  /** A random id the browser keeps, so that listeners behind one address count apart. */
  client_id: z
    .string({ error: 'client_id must be a string' })
    .trim()
    .min(1, { error: 'client_id must not be empty' })
    .max(100, { error: 'client_id must be at most 100 characters' })
    .optional(),
});
export type PlayRequest = z.infer<typeof playRequestSchema>;

export const playResultSchema = z.object({
  /** false: this client's play of this track was already counted in the window, or its address has used its clients. */
  counted: z.boolean(),
  /** The release's stream_count after this report. */
  stream_count: z.number().int(),
});
export type PlayResult = z.infer<typeof playResultSchema>;

export const playResponseSchema = itemResponse(playResultSchema);
export type PlayResponse = z.infer<typeof playResponseSchema>;
