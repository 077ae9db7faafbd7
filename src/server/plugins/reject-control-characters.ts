import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../errors.js';

// C0 control characters but tab, line feed and carriage return, and DEL. PostgreSQL refuses NUL in
// text outright (a 500 otherwise), and none of the others belongs in a name, a search or an id.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Deeper than any request of the API (a demo's artist links are 3 levels): JSON nested past it is refused. */
export const maxBodyDepth = 32;

/** A value still to look at, with the path to it (`artists.0.email`) and how deep in the request it lies. */
interface Pending {
  value: unknown;
  path: string;
  depth: number;
}

/** A field's path; a key that is empty is written as in JSON (`""`), so that it is named like any other. */
const join = (path: string, key: string) => {
  const name = key === '' ? '""' : key;
  return path ? `${path}.${name}` : name;
};

/**
 * The path (`artists.0.email`, `""` for a key that is empty) of the first string in `value` holding a
 * control character, `''` for `value` itself. Walks with a stack of its own, not by recursion: JSON nested thousands deep (a few
 * kilobytes) would overflow the call stack. Throws past `maxBodyDepth`.
 */
function findControlCharacter(value: unknown, part: string): string | undefined {
  const pending: Pending[] = [{ value, path: '', depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: item, path, depth } = next;
    if (typeof item === 'string') {
      if (controlCharacter.test(item)) return path;
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= maxBodyDepth) throw new BadRequestError(`${part} must not be nested more than ${maxBodyDepth} levels deep`, part);
    const entries = Array.isArray(item) ? item.map((element, index) => [String(index), element] as const) : Object.entries(item);
    // Pushed last to first, so that the first field is looked at first and named when several are bad.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, element] = entries[index]!;
      pending.push({ value: element, path: join(path, key), depth: depth + 1 });
      if (!Array.isArray(item)) pending.push({ value: key, path: join(path, key), depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Refuses, before validation, any request whose path parameters, query or JSON body hold a control
 * character, with a 400 naming the field; and a body nested deeper than any request needs. One check
 * for every route, present and future.
 */
export function rejectControlCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
      // '' is the part itself: a body that is only a string.
      const found = findControlCharacter(value, part);
      const field = found === '' ? part : found;
      if (field !== undefined) throw new BadRequestError(`${field} must not contain control characters`, field);
    }
  });
}
