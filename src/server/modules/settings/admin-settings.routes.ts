import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/api/common.js';
import {
  settingsChangeParamsSchema,
  settingsChangesResponseSchema,
  siteSettingsPatchSchema,
  siteSettingsResponseSchema,
} from '../../../shared/api/settings.js';
import { adminOf, guardAdminRoutes } from '../staff/index.js';
import type { SettingsDeps } from './settings.deps.js';
import { changeSiteSettings, listSettingsChanges, readSiteSettings, revertSettingsChange } from './settings.service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
/** Every part of the settings in one body at most: the legal documents are the long ones. */
const settingsBodyLimit = 512 * 1024;

export const adminSettingsRoutes: FastifyPluginAsyncZod<SettingsDeps> = async (app, { db, clock, adminAuth, liveSettings }) => {
  guardAdminRoutes(app, adminAuth);

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
