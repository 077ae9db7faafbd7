import { z } from 'zod';

// What Spotify answers, checked before use. Loaded with the first call to Spotify, so zod stays out
// of the pages' first scripts (docs/decisions/0023).

export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  refresh_token: z.string().min(1).optional(),
});
export type SpotifyToken = z.infer<typeof tokenResponseSchema>;

export const profileSchema = z.object({ product: z.string().optional() });
export type SpotifyProfile = z.infer<typeof profileSchema>;
