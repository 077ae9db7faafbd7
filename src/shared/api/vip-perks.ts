import { z } from 'zod';
import { artistCreditSchema } from './catalog.js';
import { itemResponse, limitParam, listResponse, offsetParam } from './common.js';
import { vipPlanIds } from './vip.js';

// What a member sees of the plans' promises on their page (docs/decisions/0066): the member downloads,
// the early-access previews, and the discount code staff set for their plan.

/** A track as the member page lists it: enough to name it and its release. */
export const memberTrackSchema = z.object({
  id: z.string(),
  title: z.string(),
  mix_version: z.string().nullable(),
  artists: z.array(artistCreditSchema),
  release: z.object({
    id: z.string(),
    title: z.string(),
    label_id: z.string(),
    artwork_url: z.string().nullable(),
    /** YYYY-MM-DD; null when undated. */
    release_date: z.string().nullable(),
    /** Midnight starting its date in the labels' time zone: when it is (or was) out. */
    public_at: z.string().nullable(),
  }),
});
export type MemberTrack = z.infer<typeof memberTrackSchema>;

export const memberPerksQuerySchema = z.object({ offset: offsetParam, limit: limitParam(50) });

/** `GET /api/vip/downloads`: the tracks staff made member downloads, newest release first. */
export const memberDownloadsResponseSchema = listResponse(memberTrackSchema);

export const earlyAccessTrackSchema = memberTrackSchema.extend({
  /** When active members may listen: `earlyAccessDays` before `release.public_at`. */
  opens_at: z.string(),
  /** The private early-access stream once open; null before. */
  preview_url: z.string().nullable(),
});
export type EarlyAccessTrack = z.infer<typeof earlyAccessTrackSchema>;

/** `GET /api/vip/early-access`: the previews of upcoming releases, soonest first, open or not yet. */
export const earlyAccessResponseSchema = listResponse(earlyAccessTrackSchema);

// The merch discount code staff set (docs/decisions/0066): one code at a time, for the plans it names.

const maxCodeLength = 40;
const maxNoteLength = 200;

export const memberDiscountSchema = z.object({
  code: z
    .string({ error: 'code is required' })
    .trim()
    .min(1, { error: 'code is required', abort: true })
    .max(maxCodeLength, { error: `code must be at most ${maxCodeLength} characters`, abort: true })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'code may hold only letters, digits, - and _' }),
  note: z
    .string({ error: 'note is required: say what the code is for' })
    .trim()
    .min(1, { error: 'note is required: say what the code is for', abort: true })
    .max(maxNoteLength, { error: `note must be at most ${maxNoteLength} characters` }),
  plans: z
    .array(z.enum(vipPlanIds, { error: `plans may hold only ${vipPlanIds.join(', ')}` }), { error: 'plans must be a list of plan ids' })
    .min(1, { error: 'plans must name at least one plan' })
    .refine((plans) => new Set(plans).size === plans.length, { error: 'plans must not repeat a plan' }),
});
export type MemberDiscount = z.infer<typeof memberDiscountSchema>;

/** What staff see of the current code: null when none is set. */
export const adminMemberDiscountSchema = memberDiscountSchema.extend({ updated_at: z.string(), updated_by: z.string().nullable() }).nullable();
export type AdminMemberDiscount = z.infer<typeof adminMemberDiscountSchema>;
export const adminMemberDiscountResponseSchema = itemResponse(adminMemberDiscountSchema);

/** What an active member of a plan it names sees on their page. */
export const memberDiscountCodeSchema = z.object({ code: z.string(), note: z.string() });
