import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '../../shared/api/common.js';
import { AppError } from '../errors.js';

export function errorBody(reqId: string, message: string, field?: string): ErrorResponse {
  return { success: false, error: message, message, ...(field ? { field } : {}), reqId };
}

/** One error answer for the whole API: JSON, the right status, the field named, 5xx details hidden. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      const detail = first?.message ?? 'Invalid request';
      const message = field && !detail.startsWith(field) ? `${field}: ${detail}` : detail;
      return reply.code(400).send(errorBody(request.id, message, field));
    }
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send(errorBody(request.id, err.message, err.field));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      return reply.code(status).send(errorBody(request.id, err.message));
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send(errorBody(request.id, 'Internal server error'));
  });
}

/** A JSON 404 naming what was asked for. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '/';
  return reply.code(404).send(errorBody(request.id, `Not found: ${request.method} ${path}`));
}
