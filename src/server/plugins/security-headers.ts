import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// Features no page of the site uses; the Spotify embed's autoplay, encrypted media and fullscreen stay allowed.
const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

// What no answer needs: being framed, plugins, a foreign <base>. The page policy proper (scripts,
// styles, the Spotify frame) belongs to the rendered HTML and will join these directives there.
const contentSecurityPolicy = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'";

/** Security headers on every answer: API, media, assets, pages and errors alike. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: false,
    // Sent only on HTTPS answers (below): over plain HTTP a browser ignores it anyway.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Artwork and previews are fetched by other sites' link previews and by the Spotify embed page.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('Content-Security-Policy', contentSecurityPolicy);
    reply.header('Permissions-Policy', permissionsPolicy);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}
