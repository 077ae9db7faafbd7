import type { FastifyRequest } from 'fastify';

/**
 * The origin of the links the site gives out (canonical and OpenGraph URLs, the sitemap, robots.txt):
 * PUBLIC_URL when it is set, so that a forged Host header cannot name another site; else the request's own.
 */
export function publicOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}
