import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../errors.js';

// C0 control characters but tab, line feed and carriage return, and DEL. PostgreSQL refuses NUL in
// text outright (a 500 otherwise), and none of the others belongs in a name, a search or an id.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The path (`artists.0.email`) of the first string in `value` holding a control character. */
function findControlCharacter(value: unknown, path: string[]): string | undefined {
  if (typeof value === 'string') return controlCharacter.test(value) ? path.join('.') : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacter(item, [...path, String(index)]);
      if (found !== undefined) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findControlCharacter(key, [...path, key]) ?? findControlCharacter(item, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * Refuses, before validation, any request whose path parameters, query or JSON body hold a control
 * character, with a 400 naming the field. One check for every route, present and future.
 */
export function rejectControlCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findControlCharacter(part, []);
      if (field !== undefined) throw new BadRequestError(`${field || 'body'} must not contain control characters`, field || undefined);
    }
  });
}
