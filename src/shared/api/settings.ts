import { z } from 'zod';
import { contrastRatio, graphicContrast, readableOn, textContrast } from '../domain/readable-colour.js';
import { siteConfig } from '../site-config.js';
import { configuredSiteSettings } from '../site-settings.js';
import { emailAddress, itemResponse } from './common.js';

// Site settings (issue 34, docs/decisions/0097): what a label owner changes in the admin without a
// developer. `site-config.ts` stays the source of the defaults and of what stays in code (label ids,
// distributor names, playlists, the site's look); the database keeps the owner's changes.

/** The labels' short ids, the keys of `labels`. */
export const settingsLabelIds = ['records', 'tech', 'deep'] as const satisfies readonly (typeof siteConfig.labels)[number]['short'][];
export type SettingsLabelId = (typeof settingsLabelIds)[number];

const text = (name: string, max = 200) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .min(1, { error: `${name} must not be empty`, abort: true })
    .max(max, { error: `${name} must be at most ${max} characters` });
const paragraphs = (name: string) => z.array(text(name, 4000), { error: `${name} must be a list of texts` }).max(50, { error: `${name}: at most 50` });
const httpUrl = (name: string) =>
  z
    .string({ error: `${name} must be a web address` })
    .trim()
    .max(500, { error: `${name} must be at most 500 characters`, abort: true })
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), { error: `${name} must be a web address (https://...)` });
const email = (name: string) => emailAddress({ required: `${name} must not be empty`, invalid: `${name} must be a valid email address` });
const hexPattern = /^#[0-9A-Fa-f]{6}$/;
const hexColour = (name: string) => z.string({ error: `${name} must be a colour` }).regex(hexPattern, { error: `${name} must be a colour as #RRGGBB`, abort: true });
const wholeNumber = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(min, { error: `${name} must be from ${min} to ${max}` })
    .max(max, { error: `${name} must be from ${min} to ${max}` });
/** An uploaded image (set by its upload route, decision 0102): its URL in the media store, or none (the site draws its own). */
const uploadedImage = z
  .string()
  .regex(/^\/media\/art\/(logo|icon)-[0-9a-f]{32}\.(webp|png)$/, { error: 'must be an uploaded image' })
  .nullable();
/** A PATCH may only remove an image. */
const removedImage = z.null({ error: 'Upload an image through its upload route; null removes it' });

/** The images of the settings (decision 0102): what an upload may weigh, and the shorter side each needs. */
export const siteImageLimits = { maxBytes: 5 * 1024 * 1024, minSide: { logo: 32, icon: 180 } } as const;
export type SiteImageKind = keyof typeof siteImageLimits.minSide;
export const siteImageMessages = {
  missing: 'Choose an image (JPEG, PNG or WebP) to upload, in the form field "file"',
  tooLarge: `is larger than ${siteImageLimits.maxBytes / 1024 / 1024} MB`,
  tooSmall: (width: number, height: number, minSide: number) => `is ${width}×${height} px: it needs at least ${minSide} px on each side`,
} as const;

/** The backgrounds a label accent is drawn on: the dark theme's and the light theme's pages. */
export const themeBackgrounds = { dark: siteConfig.theme.background, light: siteConfig.theme.lightBackground } as const;

/**
 * A label accent (docs/decisions/0097): the dark theme draws it as it is, as text (4.5:1 on its black
 * page, WCAG 1.4.3) and as the ground of black chip text (the same ratio); the light theme draws it as
 * text in the deeper shade `readableOn` makes of it, which must reach 4.5:1 on the light page.
 */
export function accentProblem(accent: string): string | undefined {
  if (contrastRatio(accent, themeBackgrounds.dark) < textContrast)
    return `must read at ${textContrast}:1 on the dark theme's background ${themeBackgrounds.dark} (it reads ${contrastRatio(accent, themeBackgrounds.dark).toFixed(2)}:1)`;
  if (contrastRatio(readableOn(accent, themeBackgrounds.light), themeBackgrounds.light) < textContrast)
    return `must have a shade that reads at ${textContrast}:1 on the light theme's background ${themeBackgrounds.light}`;
  return undefined;
}
const accent = (name: string) =>
  hexColour(name).superRefine((value, ctx) => {
    const problem = accentProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `${name} ${problem}` });
  });

/** The most a plan's members' discount may take off a price, in percent. */
export const maxMemberDiscount = 90;

/**
 * `shop.memberDiscounts`: a whole percent off the shop's prices (0 to 90) per VIP plan id, for its active
 * members signed in (docs/decisions/0105); a plan not named has none. Each refusal names its plan's field.
 */
function memberDiscounts() {
  const planIds: string[] = siteConfig.vipPlans.map((plan) => plan.id);
  return z
    .record(z.string(), z.number({ error: (issue) => `shop.memberDiscounts.${String(issue.path?.at(-1))} must be a number` }), {
      error: 'shop.memberDiscounts must name VIP plans, each with a percent',
    })
    .superRefine((discounts, ctx) => {
      for (const [plan, percent] of Object.entries(discounts)) {
        const name = `shop.memberDiscounts.${plan}`;
        const problem = planIds.includes(plan)
          ? wholeNumber(name, 0, maxMemberDiscount).safeParse(percent).error?.issues[0]?.message
          : `${name}: no VIP plan has the id ${plan}; the plans are ${planIds.join(', ')}`;
        if (problem) ctx.addIssue({ code: 'custom', path: [plan], message: problem });
      }
    });
}

const isoCurrencies = new Set<string>(Intl.supportedValuesOf('currency'));
/** An IANA time zone name that this runtime knows (not an offset such as +01:00). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const fields = {
  timeZone: z.string({ error: 'timeZone must be text' }).refine(isTimeZone, { error: 'timeZone must be an IANA time zone, e.g. Europe/Amsterdam' }),
  about: { heading: text('about.heading'), paragraphs: paragraphs('about.paragraphs') },
  label: {
    name: text('name', 100),
    tagline: text('tagline'),
    description: text('description', 2000),
    playlistsSubtitle: text('playlistsSubtitle'),
    accent: accent('accent'),
    social: { facebook: httpUrl('facebook'), instagram: httpUrl('instagram'), youtube: httpUrl('youtube'), soundcloud: httpUrl('soundcloud') },
    email: { fromName: text('fromName', 100), replyTo: email('replyTo') },
  },
  icon: { letters: text('icon.letters', 3), accent: hexColour('icon.accent'), ground: hexColour('icon.ground') },
  demos: { reviewDays: wholeNumber('demos.reviewDays', 1, 90), guidelines: paragraphs('demos.guidelines') },
  vip: { earlyAccessDays: wholeNumber('vip.earlyAccessDays', 0, 60) },
  /** The shop (issue 36, docs/decisions/0105): Stripe Tax, whether prices include tax, and the VIP members' discount per plan. */
  shop: {
    automaticTax: z.boolean({ error: 'shop.automaticTax must be true or false' }),
    pricesIncludeTax: z.boolean({ error: 'shop.pricesIncludeTax must be true or false' }),
    memberDiscounts: memberDiscounts(),
  },
  plan: {
    name: text('name', 100),
    price: z
      .number({ error: 'price must be a number' })
      // min, not positive: OpenAPI 3.0's JSON Schema (the contract checks) has no numeric exclusiveMinimum.
      .min(0.01, { error: 'price must be more than 0' })
      .max(100_000, { error: 'price must be at most 100000' })
      .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), { error: 'price must have at most 2 decimals' }),
    currency: z
      .string({ error: 'currency must be text' })
      .refine((value) => isoCurrencies.has(value), { error: 'currency must be an ISO 4217 code in capitals, e.g. USD or EUR' }),
    period: z.enum(['month', 'year'], { error: 'period must be month or year' }),
    stripePriceId: z
      .string()
      .regex(/^price_[A-Za-z0-9]+$/, { error: 'stripePriceId must be a Stripe price id (price_...)' })
      .nullable(),
    badge: text('badge', 40).nullable(),
    isPopular: z.boolean({ error: 'isPopular must be true or false' }),
    features: paragraphs('features'),
  },
  legal: { lastUpdated: text('legal.lastUpdated', 100), contactEmail: email('legal.contactEmail') },
};

const legalSectionSchema = z.strictObject({
  heading: text('heading'),
  paragraphs: paragraphs('paragraphs'),
  items: z.array(z.strictObject({ term: text('term'), text: text('text', 2000) })).max(50).optional(),
});
const legalDocumentSchema = z.strictObject({ title: text('title'), sections: z.array(legalSectionSchema).min(1).max(50) });

const labelSettingsSchema = z.strictObject({
  ...fields.label,
  logo: uploadedImage,
  social: z.strictObject(fields.label.social),
  email: z.strictObject(fields.label.email),
});
const planSchema = z.strictObject({ id: z.string(), ...fields.plan });

export const siteSettingsSchema = z.strictObject({
  timeZone: fields.timeZone,
  about: z.strictObject(fields.about),
  labels: z.strictObject({ records: labelSettingsSchema, tech: labelSettingsSchema, deep: labelSettingsSchema }),
  icon: z.strictObject({ ...fields.icon, image: uploadedImage }).superRefine((icon, ctx) => {
    // The letters are large: 3:1 on their ground (WCAG 1.4.3 large text, 1.4.11).
    if ([icon.accent, icon.ground].every((colour) => hexPattern.test(colour)) && contrastRatio(icon.accent, icon.ground) < graphicContrast)
      ctx.addIssue({ code: 'custom', path: ['accent'], message: `icon.accent must read at ${graphicContrast}:1 on icon.ground ${icon.ground}` });
  }),
  demos: z.strictObject(fields.demos),
  vip: z.strictObject({ ...fields.vip, plans: z.array(planSchema) }),
  shop: z.strictObject(fields.shop),
  legal: z.strictObject({ ...fields.legal, termsOfService: legalDocumentSchema, privacyPolicy: legalDocumentSchema }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type LabelSettings = SiteSettings['labels'][SettingsLabelId];
export type PlanSettings = SiteSettings['vip']['plans'][number];

/** Any part of the settings, its images as `image` takes them. */
function patchSchemaWith<Image extends typeof uploadedImage | typeof removedImage>(image: Image) {
  const labelPatchSchema = z
    .strictObject({
      ...fields.label,
      logo: image,
      social: z.strictObject(fields.label.social).partial(),
      email: z.strictObject(fields.label.email).partial(),
    })
    .partial();
  return z
    .strictObject({
      timeZone: fields.timeZone,
      about: z.strictObject(fields.about).partial(),
      labels: z.strictObject({ records: labelPatchSchema, tech: labelPatchSchema, deep: labelPatchSchema }).partial(),
      icon: z.strictObject({ ...fields.icon, image }).partial(),
      demos: z.strictObject(fields.demos).partial(),
      vip: z
        .strictObject({
          ...fields.vip,
          plans: z.array(z.strictObject({ id: z.string({ error: 'id must name a plan' }), ...fields.plan }).partial().required({ id: true })).max(20),
        })
        .partial(),
      shop: z.strictObject(fields.shop).partial(),
      legal: z
        .strictObject({ ...fields.legal, termsOfService: legalDocumentSchema.partial(), privacyPolicy: legalDocumentSchema.partial() })
        .partial(),
    })
    .partial();
}

/**
 * The body of PATCH /api/admin/settings: any part of the settings. Objects merge, lists (of texts, of
 * legal sections) replace, and `vip.plans` entries merge by `id` into the plan of that id. Images are
 * set by their upload routes; a PATCH may remove one (null).
 */
export const siteSettingsPatchSchema = patchSchemaWith(removedImage);
export type SiteSettingsPatch = z.infer<typeof siteSettingsPatchSchema>;
/** A change as applied and logged: a PATCH body, or an upload route's (which sets an image). */
export const settingsChangePartSchema = patchSchemaWith(uploadedImage);
export type SettingsChangePart = z.infer<typeof settingsChangePartSchema>;

/**
 * The settings fans see (GET /api/config's `data.site`, the first HTML's state): the same shape, with
 * the Stripe price ids left out (null), which only checkout needs.
 */
export function publicSiteSettings(settings: SiteSettings): SiteSettings {
  return { ...settings, vip: { ...settings.vip, plans: settings.vip.plans.map((plan) => ({ ...plan, stripePriceId: null })) } };
}

/** One logged change: the changed parts only, before and after, each a change (revert applies `before`). */
export const settingsChangeSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The staff member's username; null for a change made from the server's shell. */
  by: z.string().nullable(),
  before: settingsChangePartSchema,
  after: settingsChangePartSchema,
});
export type SettingsChange = z.infer<typeof settingsChangeSchema>;

export const siteSettingsResponseSchema = itemResponse(siteSettingsSchema);
export type SiteSettingsResponse = z.infer<typeof siteSettingsResponseSchema>;
export const settingsChangesResponseSchema = itemResponse(z.array(settingsChangeSchema));
export type SettingsChangesResponse = z.infer<typeof settingsChangesResponseSchema>;
export const settingsChangeParamsSchema = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int({ error: 'id must be a whole number' }).positive({ error: 'id must be a change id' }) });
export const settingsLabelParamsSchema = z.object({ label: z.enum(settingsLabelIds, { error: `label must be one of ${settingsLabelIds.join(', ')}` }) });

/** Today's `site-config.ts`: the settings of a site whose owner changed nothing, checked. */
export const defaultSiteSettings: SiteSettings = siteSettingsSchema.parse(configuredSiteSettings);
