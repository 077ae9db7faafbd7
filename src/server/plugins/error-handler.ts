import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { errorResponseSchema, type ErrorResponse } from '../../shared/api/common.js';
import { isConnectionLost, isDatabaseTimeout } from '../db/client.js';
import { AppError, paymentsUnavailableMessage, ServiceUnavailableError } from '../errors.js';
import { loggableError } from '../logging.js';

export function errorBody(reqId: string, message: string, field?: string): ErrorResponse {
  return { success: false, error: message, message, ...(field ? { field } : {}), reqId };
}

/** One error answer for the whole API: JSON, the right status, the field named, 5xx details hidden. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    // Stalled or overloaded (docs/decisions/0058), or restarting (its connections ended, or refused while
    // it starts): the client may try again soon, and the request did not hang meanwhile.
    const isTimeout = isDatabaseTimeout(thrown);
    const isGone = !isTimeout && isConnectionLost(thrown);
    if (isTimeout) request.log.warn({ error: loggableError(thrown) }, 'database not answering in time');
    if (isGone) request.log.warn({ error: loggableError(thrown) }, 'database connection lost');
    const err = isTimeout || isGone ? new ServiceUnavailableError('The database is not answering. Please try again in a moment.', 5) : thrown;
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      // artists/0/email -> artists.0.email: the path a form library names its fields by; an unknown key
      // is the field it names; a body that is wrong as a whole (missing, empty) is the field `body`.
      const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const unknownKey = first?.keyword === 'unrecognized_keys' ? (first.params.keys as string[] | undefined)?.[0] : undefined;
      const field = [path, unknownKey].filter(Boolean).join('.') || err.validationContext || undefined;
      const detail = first?.message ?? 'Invalid request';
      // A schema's own message is shown as written (the demo form shows it to artists, docs/product.md §5);
      // zod's generic wording names no field, so the field goes in front of it.
      const message = field && first && isGenericZodMessage(first) ? `${field}: ${detail}` : detail;
      return reply.code(400).send(errorBody(request.id, message, field));
    }
    if (err instanceof AppError) {
      if (err instanceof ServiceUnavailableError) reply.header('Retry-After', String(err.retryAfterSeconds));
      return reply.code(err.statusCode).send(errorBody(request.id, err.message, err.field));
    }
    if (err instanceof Stripe.errors.StripeError) {
      // Stripe refused (a revoked key, an amount it will not charge) or failed: its status and its words
      // (which may name the key) are for staff's log, not the client, whose request was not at fault.
      request.log.error({ error: loggableError(err) }, 'Stripe refused or failed');
      return reply.code(502).send(errorBody(request.id, paymentsUnavailableMessage));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      return reply.code(status).send(errorBody(request.id, err.message));
    }
    request.log.error({ error: loggableError(err) }, 'request failed');
    return reply.code(500).send(errorBody(request.id, 'Internal server error'));
  });
}

/** Refusals any route can give before its own code runs (bad or oversized request, limits), and a database not answering in time. */
const commonErrorCodes = [400, 404, 406, 413, 414, 415, 429, 503] as const;

/**
 * Documents on every route registered after this, in its schema and so in the OpenAPI document, the
 * refusals any route can give, all with the one error body.
 */
export function documentCommonErrors(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ??= {});
    const response = ((schema as { response?: Record<string, unknown> }).response ??= {});
    for (const code of commonErrorCodes) response[code] ??= errorResponseSchema;
  });
}

/** The router's own refusals (a path parameter over its length limit, a malformed URL) in the one error body. */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
  // Fastify ignores what this handler returns; the reply's promise only tells when it has been sent.
  void reply.code(status).send(errorBody(request.id, err.message));
}

/** True when zod wrote the message itself (no message was given in the schema). */
function isGenericZodMessage(issue: { keyword: string; message?: string; params: Record<string, unknown> }): boolean {
  const localeError = z.config().localeError ?? z.locales.en().localeError;
  const generic = localeError({ ...issue.params, code: issue.keyword } as Parameters<typeof localeError>[0]);
  const text = typeof generic === 'string' ? generic : generic?.message;
  if (!text || !issue.message) return false;
  // invalid_type names the received type, which zod keeps out of the reported issue.
  return issue.keyword === 'invalid_type' ? issue.message.startsWith(text.split(', received')[0] as string) : issue.message === text;
}

/** A JSON 404 naming what was asked for. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '/';
  return reply.code(404).send(errorBody(request.id, `Not found: ${request.method} ${path}`));
}
