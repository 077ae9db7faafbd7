import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigResponseSchema, type ClientConfig } from '../../../shared/api/client-config.js';
import type { SiteDeps } from './site.deps.js';
import { publicSiteSettings } from '../../../shared/api/settings.js';
import { currentSiteSettings } from '../../../shared/site-settings.js';
import { defaultSpotifyConfig } from '../../config.js';

export const clientConfigRoutes: FastifyPluginAsyncZod<SiteDeps> = async (app, { spotify = defaultSpotifyConfig }) => {
  const config: Omit<ClientConfig, 'site'> = {
    spotify: {
      clientId: spotify.clientId,
      authorizeUrl: `${spotify.accountsUrl}/authorize`,
      tokenUrl: `${spotify.accountsUrl}/api/token`,
      apiUrl: spotify.apiUrl,
    },
  };

  app.get(
    '/config',
    {
      schema: {
        tags: ['config'],
        description:
          "Public settings of the web app: the Spotify app's client id and Spotify's endpoints, and under site the site settings in force " +
          '(docs/decisions/0097) without the Stripe price ids. No secret.',
        response: { 200: clientConfigResponseSchema },
      },
    },
    async () => ({ success: true as const, data: { ...config, site: publicSiteSettings(currentSiteSettings()) } }),
  );
};
