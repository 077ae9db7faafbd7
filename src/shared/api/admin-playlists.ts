import { z } from 'zod';
import { labels } from '../labels.js';
import { strictBody, titleField } from './admin-catalog.js';
import { itemResponse, oneOf } from './common.js';

// Playlists curated by staff (issue 35, docs/decisions/0104): stored in the database, edited in the admin's
// Playlists tab. The form validates with these schemas too: one set of rules and messages.

/** `draft`: in no public page, sitemap or API answer; `published`: on its label's playlists page. */
export const playlistStatuses = ['draft', 'published'] as const;
export type PlaylistStatus = (typeof playlistStatuses)[number];

export const maxPlaylistTracks = 200;
export const maxPlaylistDescription = 2000;

const labelIds = labels.map((label) => label.id) as [string, ...string[]];

/**
 * How a playlist of the starting set (migration 0039) picks its tracks until staff change them: its label's
 * public tracks, of one genre or any, newest or oldest release first, at most `limit`.
 */
export const playlistRuleSchema = z.object({ genre: z.string().optional(), order: z.enum(['newest', 'oldest']), limit: z.number().int() });
export type PlaylistRule = z.infer<typeof playlistRuleSchema>;

const descriptionField = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(maxPlaylistDescription, { error: `Description must be at most ${maxPlaylistDescription} characters` });

const statusField = z.enum(playlistStatuses, { error: oneOf('Status', playlistStatuses) });

export const adminPlaylistsQuerySchema = z.object({
  label: z.enum(labelIds, { error: oneOf('label', labelIds) }).optional(),
});
export type AdminPlaylistsQuery = z.infer<typeof adminPlaylistsQuerySchema>;

export const adminPlaylistCreateSchema = strictBody({
  label_id: z.enum(labelIds, { error: oneOf('Label', labelIds) }),
  title: titleField,
  description: descriptionField.default(''),
});
export type AdminPlaylistCreateInput = z.input<typeof adminPlaylistCreateSchema>;

export const adminPlaylistUpdateSchema = strictBody({
  title: titleField.optional(),
  description: descriptionField.optional(),
  status: statusField.optional(),
}).refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'Send title, description or status' });
export type AdminPlaylistUpdateInput = z.input<typeof adminPlaylistUpdateSchema>;

export const adminPlaylistTrackAddSchema = strictBody({
  track_id: z.uuid({ error: 'track_id must be the id of a track' }),
});

export const adminPlaylistTrackMoveSchema = strictBody({
  position: z
    .number({ error: 'Position must be a whole number from 1' })
    .int({ error: 'Position must be a whole number from 1' })
    .min(1, { error: 'Position must be a whole number from 1' }),
});

export const playlistTrackParamsSchema = z.object({ id: z.string().min(1), trackId: z.string().min(1) });

/** A playlist as the admin lists it. */
export const adminPlaylistSchema = z.object({
  id: z.string(),
  label_id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(playlistStatuses),
  /** The uploaded cover; null: the public pages show the generated one. */
  cover_url: z.string().nullable(),
  track_count: z.number().int(),
  /** For a playlist of the starting set not yet changed by staff: its rule in words ("The newest 20 Tech House tracks"); null once its tracks are chosen by hand. */
  rule: z.string().nullable(),
  updated_at: z.string(),
});
export type AdminPlaylist = z.infer<typeof adminPlaylistSchema>;

/** A track of a playlist as the editor shows it, with whether the public sees it (its release public and out). */
export const adminPlaylistTrackSchema = z.object({
  id: z.string(),
  title: z.string(),
  mix_version: z.string().nullable(),
  artists: z.array(z.string()),
  release_id: z.string(),
  release_title: z.string(),
  artwork_url: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  is_public: z.boolean(),
});
export type AdminPlaylistTrack = z.infer<typeof adminPlaylistTrackSchema>;

export const adminPlaylistDetailSchema = adminPlaylistSchema.extend({ tracks: z.array(adminPlaylistTrackSchema) });
export type AdminPlaylistDetail = z.infer<typeof adminPlaylistDetailSchema>;

export const adminPlaylistsResponseSchema = itemResponse(z.array(adminPlaylistSchema));
export const adminPlaylistDetailResponseSchema = itemResponse(adminPlaylistDetailSchema);
