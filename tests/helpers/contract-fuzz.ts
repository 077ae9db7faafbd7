import fc from 'fast-check';

// Requests for contract fuzzing, generated from the app's own OpenAPI document (which fastify-swagger
// builds from the shared zod schemas): values that fit each schema, the same values broken one field
// at a time, and what an attacker sends (control characters, huge strings, prototype keys, wrong
// types, malformed JSON, other content types).

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  nullable?: boolean;
}

export interface Operation {
  method: string;
  path: string;
  parameters: { in: 'path' | 'query' | 'header'; name: string; schema: JsonSchema; required?: boolean }[];
  body?: { contentType: string; schema?: JsonSchema };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What kind of body was sent, for the report of a failure. */
  bodyKind: string;
}

/** Every operation of an OpenAPI 3 document. */
export function operationsOf(openApi: unknown): Operation[] {
  type Described = Omit<Operation, 'method' | 'path'> & { requestBody?: { content: Record<string, { schema?: JsonSchema }> } };
  const document = openApi as { paths: Record<string, Record<string, Described>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      return {
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: contentType ? { contentType, schema: media?.schema } : undefined,
        responses: operation.responses ?? {},
      };
    }),
  );
}

const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[2J',
  '\u202e\u0644\u0645',
  '😀'.repeat(50),
  'x'.repeat(10_000),
  '__proto__',
  'constructor',
  '../../../etc/passwd',
  '%00',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  '00000000-0000-0000-0000-000000000000',
  '99999999999999999999999',
];

export const hostileString = fc.oneof(fc.constantFrom(...hostileStrings), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, [], {}, [null], { __proto__: { polluted: true } }),
  fc.jsonValue({ maxDepth: 2 }),
);

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/** A value that fits the schema (as far as its keywords say; a pattern is met by the enum or left to chance). */
export function fitting(schema: JsonSchema | undefined, known: Record<string, string[]> = {}, name = ''): fc.Arbitrary<unknown> {
  if (!schema) return fc.jsonValue({ maxDepth: 1 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => fitting(variant, known, name)));
  if (schema.allOf?.[0]) return fitting(schema.allOf[0], known, name);
  const knownValues = known[name];
  switch (typeOf(schema)) {
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record = Object.fromEntries(Object.entries(properties).map(([key, sub]) => [key, fitting(sub, known, key)]));
      return fc.record(record, { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) });
    }
    case 'array':
      return fc.array(fitting(schema.items, known, name), { maxLength: 3 });
    case 'integer': {
      // Small numbers, from the minimum on (a preview length starts at 5000 ms).
      const min = schema.minimum ?? -5;
      return fc.integer({ min, max: Math.min(schema.maximum ?? Infinity, Math.max(min, 0) + 1_000) });
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -5, max: schema.maximum ?? 1_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (knownValues?.length) return fc.constantFrom(...knownValues);
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email' || name.toLowerCase().includes('email')) return fc.emailAddress();
      if (schema.format === 'uri' || name.toLowerCase().includes('url') || name.toLowerCase().includes('link')) return fc.webUrl();
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** The schema's value, then broken: a key dropped, a key given a hostile value, an unknown or prototype key added. */
function broken(schema: JsonSchema | undefined, known: Record<string, string[]>): fc.Arbitrary<unknown> {
  return fc.tuple(fitting(schema, known), fc.nat(), hostileValue, fc.constantFrom('drop', 'replace', 'extra', 'proto')).map(([value, pick, hostile, how]) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return hostile;
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    const key = keys[pick % Math.max(1, keys.length)];
    if (how === 'drop' && key !== undefined) delete copy[key];
    else if (how === 'replace' && key !== undefined) copy[key] = hostile;
    else if (how === 'extra') copy.unexpected = hostile;
    else return `{"__proto__":{"isAdmin":true},${JSON.stringify(copy).slice(1)}`;
    return copy;
  });
}

function bodyFor(operation: Operation, known: Record<string, string[]>): fc.Arbitrary<{ payload?: string; contentType?: string; bodyKind: string }> {
  const json = (value: unknown, bodyKind: string) => ({ payload: typeof value === 'string' ? value : JSON.stringify(value), contentType: 'application/json', bodyKind });
  const schema = operation.body?.schema;
  return fc.oneof(
    { weight: 3, arbitrary: fitting(schema, known).map((value) => json(value, 'fitting')) },
    { weight: 4, arbitrary: broken(schema, known).map((value) => json(value, 'broken')) },
    { weight: 2, arbitrary: hostileValue.map((value) => json(value, 'hostile JSON')) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{"a":', '{"a":1}}', '\u0000', '[', 'true false', '{"__proto__":null}', 'x'.repeat(70_000)).map((payload) => ({
        payload,
        contentType: 'application/json',
        bodyKind: 'malformed JSON',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { payload: 'name=x&email=y', contentType: 'application/x-www-form-urlencoded' },
        { payload: '<a/>', contentType: 'text/xml' },
        { payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nUPC', contentType: 'multipart/form-data; boundary=x' },
        { payload: 'abc', contentType: 'multipart/form-data' },
        { payload: '{}', contentType: 'application/json; charset=latin1' },
      ).map((other) => ({ ...other, bodyKind: `as ${other.contentType}` })),
    },
    { weight: 1, arbitrary: fc.constant({ bodyKind: 'none' }) },
  );
}

/**
 * Requests for one operation. `known` offers real values by parameter name (ids from the database,
 * label ids) so that requests also get past "not found" into the deeper code; `headers` gives the
 * caller's own (an admin token, or none).
 */
export function requestsFor(operation: Operation, known: Record<string, string[]>, headers: fc.Arbitrary<Record<string, string>>): fc.Arbitrary<FuzzRequest> {
  const parameter = (p: Operation['parameters'][number]) =>
    fc.oneof({ weight: 3, arbitrary: fitting(p.schema, known, p.name).map(String) }, { weight: 2, arbitrary: hostileString });
  const path = operation.parameters.filter((p) => p.in === 'path');
  const query = operation.parameters.filter((p) => p.in === 'query');
  const header = operation.parameters.filter((p) => p.in === 'header');
  const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  return fc
    .record({
      path: fc.tuple(...path.map(parameter)),
      query: fc.tuple(...query.map((p) => fc.option(parameter(p), { nil: undefined }))),
      header: fc.tuple(...header.map((p) => fc.option(parameter(p), { nil: undefined }))),
      body: hasBody ? bodyFor(operation, known) : fc.constant({ bodyKind: 'none' } as { payload?: string; contentType?: string; bodyKind: string }),
      headers,
    })
    .map(({ path: pathValues, query: queryValues, header: headerValues, body, headers: given }) => {
      let url = operation.path;
      path.forEach((p, i) => (url = url.replace(`{${p.name}}`, encodeURIComponent(pathValues[i] as string))));
      const search = new URLSearchParams();
      query.forEach((p, i) => queryValues[i] !== undefined && search.append(p.name, queryValues[i] as string));
      const requestHeaders: Record<string, string> = { ...given };
      header.forEach((p, i) => {
        const value = headerValues[i];
        // A header value cannot carry line breaks or NUL at all: HTTP itself refuses to send them.
        if (value !== undefined && /^[\t\x20-\x7e\x80-\xff]*$/.test(value)) requestHeaders[p.name] = value;
      });
      if (body.contentType) requestHeaders['content-type'] = body.contentType;
      return {
        method: operation.method,
        url: search.size > 0 ? `${url}?${search.toString()}` : url,
        headers: requestHeaders,
        payload: body.payload,
        bodyKind: body.bodyKind,
      };
    });
}
