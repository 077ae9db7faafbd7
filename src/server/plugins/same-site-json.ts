import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { publicOrigin } from '../lib/public-origin.js';

// Routes that act on a cookie (the member session) answer only the site's own pages (docs/decisions/0095).
// Another site can make a browser send a form or a "simple" fetch with its cookies (text/plain,
// urlencoded, multipart, or no body at all) but not JSON without a CORS preflight this server never
// grants; and a browser names where a request comes from (Origin, Sec-Fetch-Site). Admin routes need none
// of this: their token travels in a header no other site can set.

export const crossSiteMessage = 'This request came from another site. Use this site itself.';
export const jsonOnlyMessage = (contentType: string | undefined) =>
  `Send this request as application/json${contentType ? `, not ${contentType}` : ' (it had no Content-Type)'}.`;

/** The media type of a Content-Type header (`application/json; charset=utf-8` → `application/json`). */
const mediaType = (header: string | undefined) => header?.split(';')[0]?.trim().toLowerCase() || undefined;

/**
 * The onRequest hook of a state-changing route behind a cookie: 403 when the browser says the request
 * is cross-site (`Sec-Fetch-Site: cross-site`) or names an `Origin` that is neither PUBLIC_URL's nor the
 * address the request came to (the site opened by another of its names, `127.0.0.1` for `localhost` or
 * `www.` for the bare domain, is still itself); 415 for a body that is not `application/json`, naming its type.
 */
export function requireSameSiteJson(publicUrl: string | undefined) {
  const ownOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return async (request: FastifyRequest): Promise<void> => {
    const origin = request.headers.origin;
    const isOwn = origin === undefined || origin === ownOrigin || origin === publicOrigin(request, undefined);
    if (request.headers['sec-fetch-site'] === 'cross-site' || !isOwn) {
      throw new AppError(403, crossSiteMessage);
    }
    const type = mediaType(request.headers['content-type']);
    if (type !== 'application/json') throw new AppError(415, jsonOnlyMessage(type));
  };
}
