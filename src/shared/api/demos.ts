import { z } from 'zod';
import { emailAddress } from './common.js';
import { isSoundCloudTrackUrl } from '../domain/soundcloud.js';
import { demoMessages, maxDemoEntries } from '../domain/demo-form.js';
import { findLabel, invalidLabelMessage } from '../labels.js';

// The demo form's contract (docs/product.md §3, §5; docs/product.md §10.7). The web form validates with these schemas
// (per entry, through a zod resolver) and the server with the request schema: one set of messages.

const maxTextLength = 200;
const maxUrlLength = 300;

export const demoStatuses = ['new', 'listening', 'shortlisted', 'accepted', 'declined'] as const;
export type DemoStatus = (typeof demoStatuses)[number];

/** A required text field: '{label} is required' when missing or blank. */
function requiredText(label: string, max = maxTextLength) {
  const required = `${label} is required`;
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: `${label} must be at most ${max} characters` });
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A social link: null when its "Don't have" box is ticked, else a parseable http(s) URL. */
export function socialLinkSchema(network: string) {
  const invalid = demoMessages.invalidSocial(network);
  return z
    .string({ error: (issue) => (issue.input === undefined ? demoMessages.socialRequired : invalid) })
    .trim()
    .min(1, { error: demoMessages.socialRequired, abort: true })
    .max(maxUrlLength, { error: `${network} URL must be at most ${maxUrlLength} characters`, abort: true })
    .refine(isHttpUrl, { error: invalid })
    .nullable();
}

export const demoEmailSchema = emailAddress({ required: 'Email is required', invalid: demoMessages.invalidEmail });

export const soundCloudTrackLinkSchema = z
  .string({ error: demoMessages.trackLinkRequired })
  .trim()
  .min(1, { error: demoMessages.trackLinkRequired, abort: true })
  .max(maxUrlLength, { error: demoMessages.invalidTrackLink, abort: true })
  .refine(isSoundCloudTrackUrl, { error: demoMessages.invalidTrackLink });

export const demoArtistSchema = z.object({
  fullName: requiredText('Full name'),
  name: requiredText('Artist name'),
  email: demoEmailSchema,
  country: requiredText('Country'),
  province: requiredText('Province/state'),
  city: requiredText('City'),
  facebook: socialLinkSchema('Facebook'),
  twitter: socialLinkSchema('Twitter'),
  instagram: socialLinkSchema('Instagram'),
  soundcloud: socialLinkSchema('SoundCloud'),
  spotify: socialLinkSchema('Spotify'),
  appleMusic: socialLinkSchema('Apple Music'),
});
export type DemoArtist = z.infer<typeof demoArtistSchema>;

export const demoTrackSchema = z.object({
  name: requiredText('Track name'),
  genre: requiredText('Genre', 100),
  soundCloudPrivateLink: soundCloudTrackLinkSchema,
});
export type DemoTrack = z.infer<typeof demoTrackSchema>;

export const demoTermsSchema = z.literal(true, { error: demoMessages.termsRequired });

function entries<T extends z.ZodType>(entry: T, what: 'artist' | 'track') {
  return z
    .array(entry)
    .min(1, { error: `Add at least one ${what}` })
    .max(maxDemoEntries, { error: `A demo can list at most ${maxDemoEntries} ${what}s` });
}

/** The form as a whole (docs/product.md §4: lists of artists and tracks, at least one each; terms). */
export const demoFormSchema = z.object({
  artists: entries(demoArtistSchema, 'artist'),
  tracks: entries(demoTrackSchema, 'track'),
  termsAccepted: demoTermsSchema,
});
export type DemoForm = z.infer<typeof demoFormSchema>;

/** Any form of a label id: 'buildit-tech', 'tech', 2 or '2'. */
export const demoLabelSchema = z
  .union([z.string(), z.number()], {
    error: (issue) => (issue.input === undefined ? 'Label is required' : invalidLabelMessage(String(issue.input))),
  })
  .refine((value) => findLabel(value) !== undefined, { error: (issue) => invalidLabelMessage(String(issue.input)) });

/**
 * POST /api/submit-demo. The product's body `{ artist, track }` (the first entries) plus every entry of the
 * form in `artists` / `tracks` (docs/product.md §10.7); the label is any of its id forms. What is stored is
 * `artists ?? [artist]` and `tracks ?? [track]`.
 */
export const demoSubmissionRequestSchema = z.object({
  label: demoLabelSchema,
  artist: demoArtistSchema,
  track: demoTrackSchema,
  artists: entries(demoArtistSchema, 'artist').optional(),
  tracks: entries(demoTrackSchema, 'track').optional(),
  termsAccepted: demoTermsSchema,
});
export type DemoSubmissionRequest = z.infer<typeof demoSubmissionRequestSchema>;

export const demoSubmissionResponseSchema = z.object({
  success: z.literal(true),
  message: z.literal(demoMessages.submitted),
  data: z.object({ id: z.uuid(), status: z.enum(demoStatuses) }),
});
export type DemoSubmissionResponse = z.infer<typeof demoSubmissionResponseSchema>;
