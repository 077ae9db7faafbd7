import { z } from 'zod';
import { itemResponse } from './common.js';
import { siteSettingsSchema } from './settings.js';

// What the web app learns from the server at start (docs/product.md §10.4): public values only, no secret.

export const clientConfigSchema = z.object({
  spotify: z.object({
    /** null: no Spotify app configured, so the UI hides "Connect Spotify". */
    clientId: z.string().nullable(),
    authorizeUrl: z.string(),
    tokenUrl: z.string(),
    /** Base of the Web API, without a trailing slash (`${apiUrl}/me`). */
    apiUrl: z.string(),
  }),
  /** The public site settings in force (docs/decisions/0097): no Stripe price ids (null). */
  site: siteSettingsSchema,
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const clientConfigResponseSchema = itemResponse(clientConfigSchema);
export type ClientConfigResponse = z.infer<typeof clientConfigResponseSchema>;
