import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import { defaultSpotifyConfig, type SpotifyConfig } from '../config.js';

// Features no page of the site uses; the Spotify embed's autoplay, encrypted media and fullscreen stay allowed.
const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

declare module 'fastify' {
  interface FastifyReply {
    /** This answer's nonce, for the inline scripts of a page (the policy allows it for styles too). */
    cspNonce: { script: string; style: string };
  }
}

/** This answer's nonce: every inline script a page carries bears it (reply.cspNonce.script). */
const nonces = new WeakMap<ServerResponse, string>();

/**
 * The page policy, sent on every answer: scripts only from the site itself plus the answer's nonce
 * (no inline or eval'd code otherwise); styles may be inline (MUI writes style attributes, and a
 * nonce would forbid those); the only frame is Spotify's embed player; nothing may frame the site.
 */
function contentSecurityPolicy(spotify: SpotifyConfig) {
  const spotifyOrigins = [...new Set([new URL(spotify.accountsUrl).origin, new URL(spotify.apiUrl).origin])];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", (_req: unknown, res: ServerResponse) => `'nonce-${nonces.get(res) ?? ''}'`],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Artwork and previews may live on Spotify's CDNs once a catalog is enriched.
      imgSrc: ["'self'", 'data:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...spotifyOrigins],
      frameSrc: ['https://open.spotify.com'],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  };
}

/**
 * Makes this answer's policy allow `nonce` instead of its own: a stored page keeps the nonce it was
 * rendered with, which its inline scripts bear (docs/decisions/0034-rendered-pages-cached.md).
 */
export function useScriptNonce(reply: FastifyReply, nonce: string): void {
  const own = nonces.get(reply.raw);
  const policy = reply.raw.getHeader('content-security-policy');
  if (own === undefined || own === nonce || typeof policy !== 'string') return;
  reply.raw.setHeader('content-security-policy', policy.replace(`'nonce-${own}'`, () => `'nonce-${nonce}'`));
  nonces.set(reply.raw, nonce);
  reply.cspNonce = { script: nonce, style: nonce };
}

/**
 * Security headers on every answer: API, media, assets, pages and errors alike. Helmet's middleware is
 * made once; each answer evaluates only its nonce (@fastify/helmet, used until 2026-11-30, made the whole
 * middleware again for every request, checking every directive each time).
 */
export function registerSecurityHeaders(app: FastifyInstance, spotify: SpotifyConfig = defaultSpotifyConfig): void {
  const setHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(spotify),
    // Sent only on HTTPS answers (below): over plain HTTP a browser ignores it anyway.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Artwork and previews are fetched by other sites' link previews and by the Spotify embed page.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });
  app.decorateReply('cspNonce', null as unknown as FastifyReply['cspNonce']);
  app.addHook('onRequest', (request, reply, done) => {
    const nonce = randomBytes(16).toString('base64');
    nonces.set(reply.raw, nonce);
    reply.cspNonce = { script: nonce, style: nonce };
    // Helmet throws what it cannot set (since 8.1); its callback is only ever called without an error.
    setHeaders(request.raw, reply.raw, () => done());
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('Permissions-Policy', permissionsPolicy);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}
