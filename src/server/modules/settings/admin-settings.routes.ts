import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/api/common.js';
import {
  settingsChangeParamsSchema,
  settingsChangesResponseSchema,
  settingsLabelParamsSchema,
  siteImageLimits,
  siteImageMessages,
  siteSettingsPatchSchema,
  siteSettingsResponseSchema,
  type SettingsChangePart,
  type SiteImageKind,
} from '../../../shared/api/settings.js';
import { AppError, BadRequestError } from '../../errors.js';
import { ImageRefused, storeSiteImage } from '../media/index.js';
import { adminOf, guardAdminRoutes } from '../staff/index.js';
import type { SettingsDeps } from './settings.deps.js';
import { changeSiteSettings, listSettingsChanges, readSiteSettings, revertSettingsChange } from './settings.service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
/** Every part of the settings in one body at most: the legal documents are the long ones. */
const settingsBodyLimit = 512 * 1024;

/** What an image upload may send: the file and the form around it. */
const imageBodyLimit = siteImageLimits.maxBytes + 64 * 1024;

/**
 * The image of an upload route (one file, in any file field), checked, made and stored: its URL. A refusal
 * names the setting (`field`) and the file.
 */
async function receiveSiteImage(req: FastifyRequest, deps: SettingsDeps, kind: SiteImageKind, subject: string, field: string): Promise<string> {
  if (!req.isMultipart()) throw new BadRequestError(siteImageMessages.missing, field);
  let upload: { name: string; bytes: Buffer } | undefined;
  try {
    const part = await req.file();
    if (part) upload = { name: part.filename, bytes: await part.toBuffer() };
  } catch (err) {
    // @fastify/multipart stops a file past the limit (413); the form parser's other complaints are the client's.
    if ((err as { statusCode?: number }).statusCode === 413) throw new AppError(413, `The image ${siteImageMessages.tooLarge}`, field);
    throw new BadRequestError(siteImageMessages.missing, field);
  }
  if (!upload || upload.bytes.length === 0) throw new BadRequestError(siteImageMessages.missing, field);
  try {
    return await storeSiteImage(deps.mediaStore, kind, subject, upload.bytes);
  } catch (err) {
    if (err instanceof ImageRefused) throw new BadRequestError(`${upload.name} ${err.message}`, field);
    throw err;
  }
}

const imageUploadSchema = (what: string) => ({
  tags: ['admin'],
  description:
    `Uploads ${what} (multipart/form-data: one JPEG, PNG or WebP file, ${siteImageLimits.maxBytes / 1024 / 1024} MB at most), kept in the ` +
    'media store and set in the settings: a change like any other (logged, applied on every instance, revertible). PATCH ' +
    '/api/admin/settings with null removes it. 400 names the setting, and the file, for what is no image or is too small.',
  consumes: ['multipart/form-data'],
  response: { 200: siteSettingsResponseSchema, 413: errorResponseSchema, ...errors },
});

export const adminSettingsRoutes: FastifyPluginAsyncZod<SettingsDeps> = async (app, deps) => {
  const { db, clock, adminAuth, liveSettings } = deps;
  guardAdminRoutes(app, adminAuth);
  await app.register(fastifyMultipart, { limits: { fileSize: siteImageLimits.maxBytes, files: 1, fields: 0 } });

  /** An uploaded image set: applied and logged as any change, so Revert puts the previous one back. */
  const setImage = async (req: FastifyRequest, change: SettingsChangePart) => {
    const settings = await changeSiteSettings(db, change, adminOf(req).user.username, clock());
    await liveSettings.changed();
    return { success: true as const, data: settings };
  };

  app.post(
    '/admin/settings/labels/:label/logo',
    {
      schema: {
        ...imageUploadSchema(
          `a label's logo (at least ${siteImageLimits.minSide.logo} px a side; kept within 800×400 px, its shape and transparency kept), ` +
            "drawn where the label's name heads its pages",
        ),
        params: settingsLabelParamsSchema,
      },
      bodyLimit: imageBodyLimit,
    },
    async (req) => {
      const { label } = req.params;
      const logo = await receiveSiteImage(req, deps, 'logo', label, `labels.${label}.logo`);
      return setImage(req, { labels: { [label]: { logo } } });
    },
  );

  app.post(
    '/admin/settings/icon',
    {
      schema: imageUploadSchema(
        `the site's icon image (at least ${siteImageLimits.minSide.icon} px a side, cut to a square): the favicon and touch icon, in place of the drawn letters`,
      ),
      bodyLimit: imageBodyLimit,
    },
    async (req) => setImage(req, { icon: { image: await receiveSiteImage(req, deps, 'icon', 'site', 'icon.image') } }),
  );

  app.get(
    '/admin/settings',
    {
      schema: {
        tags: ['admin'],
        description: "The site settings in force (docs/decisions/0097): site-config.ts's defaults with the owner's changes over them.",
        response: { 200: siteSettingsResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await readSiteSettings(db) }),
  );

  app.patch(
    '/admin/settings',
    {
      schema: {
        tags: ['admin'],
        description:
          'Changes any part of the site settings: objects merge, lists replace, and vip.plans entries merge by id into the plan of ' +
          'that id (an unknown id is a 400). Checked as a whole (a label accent must read on both themes\' backgrounds), logged ' +
          'with the changed parts before and after, and applied on every instance before the answer here and within a second ' +
          'elsewhere. A plan whose price, currency or period changes is sold at a new Stripe price; members keep theirs. ' +
          '400 names the field (e.g. labels.tech.accent).',
        body: siteSettingsPatchSchema,
        response: { 200: siteSettingsResponseSchema, ...errors },
      },
      // A legal document is saved whole, and a real privacy policy runs to tens of KB (the app's default is 16 KiB).
      bodyLimit: settingsBodyLimit,
    },
    async (req) => {
      const settings = await changeSiteSettings(db, req.body, adminOf(req).user.username, clock());
      await liveSettings.changed();
      return { success: true as const, data: settings };
    },
  );

  app.get(
    '/admin/settings/changes',
    {
      schema: {
        tags: ['admin'],
        description: 'The log of settings changes, newest first (at most 200): who, when, and the changed parts before and after, each as a PATCH body.',
        response: { 200: settingsChangesResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await listSettingsChanges(db) }),
  );

  app.post(
    '/admin/settings/changes/:id/revert',
    {
      schema: {
        tags: ['admin'],
        description: 'Puts back what a logged change replaced (its before), as a change of its own (logged, applied everywhere).',
        params: settingsChangeParamsSchema,
        response: { 200: siteSettingsResponseSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (req) => {
      const settings = await revertSettingsChange(db, req.params.id, adminOf(req).user.username, clock());
      await liveSettings.changed();
      return { success: true as const, data: settings };
    },
  );
};
