import { z } from 'zod';
import { itemResponse, limitParam, listResponse, offsetParam, oneOf, searchParam } from './common.js';
import { demoStatuses } from './demos.js';

// The admin inbox (docs/product.md §10.6): demo submissions with their review status. The member list: admin-members.ts.

export const adminDemosQuerySchema = z.object({
  status: z.enum(demoStatuses, { error: oneOf('status', demoStatuses) }).optional(),
  /** Any form of a label id; an unknown one is the product's 'Invalid label: {value}'. */
  label: z.string().trim().min(1, { error: 'label must not be empty' }).optional(),
  offset: offsetParam,
  limit: limitParam(20),
  /** Artist names (stage and full), artist emails and track names. */
  q: searchParam,
});
export type AdminDemosQuery = z.infer<typeof adminDemosQuerySchema>;

export const adminDemoRowSchema = z.object({
  id: z.uuid(),
  created_at: z.string(),
  status: z.enum(demoStatuses),
  /** Canonical label id. */
  label: z.string(),
  /** The first artist's email, lower-cased. */
  contact_email: z.string(),
  /** Stage names, in form order. */
  artists: z.array(z.string()),
  tracks: z.array(z.object({ name: z.string(), genre: z.string() })),
  /**
   * After accepted or declined: until when `POST /api/admin/demos/{id}/undo` may restore the status
   * before it (the decision's email waits until then); null otherwise.
   */
  undo_until: z.string().nullable(),
});
export type AdminDemoRow = z.infer<typeof adminDemoRowSchema>;

/** Every field of the form; a social link is null when the artist ticked "Don't have". */
export const adminDemoArtistSchema = z.object({
  fullName: z.string(),
  name: z.string(),
  email: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  facebook: z.string().nullable(),
  twitter: z.string().nullable(),
  instagram: z.string().nullable(),
  soundcloud: z.string().nullable(),
  spotify: z.string().nullable(),
  appleMusic: z.string().nullable(),
});
export type AdminDemoArtist = z.infer<typeof adminDemoArtistSchema>;

export const adminDemoTrackSchema = z.object({
  name: z.string(),
  genre: z.string(),
  /** As stored: the canonical spelling of the link the artist sent. */
  soundCloudPrivateLink: z.string(),
});

export const adminDemoSchema = adminDemoRowSchema.extend({
  updated_at: z.string(),
  artists: z.array(adminDemoArtistSchema),
  tracks: z.array(adminDemoTrackSchema),
});
export type AdminDemo = z.infer<typeof adminDemoSchema>;

export const updateDemoStatusRequestSchema = z.object({
  status: z.enum(demoStatuses, { error: oneOf('status', demoStatuses) }),
});

export const adminDemosResponseSchema = listResponse(adminDemoRowSchema);
export const adminDemoResponseSchema = itemResponse(adminDemoSchema);
