import type { z } from 'zod';
import { errorResponseSchema } from '../../shared/api/common.js';

/** The API root: same origin by default; a build-time VITE_API_BASE may point elsewhere. */
export const apiBase: string = import.meta.env.VITE_API_BASE ?? '/api';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    /** False when the answer carried no error body of ours (a proxy's page, an empty answer). */
    readonly hasServerMessage = true,
  ) {
    super(message);
  }
}

/** The API does not know what was asked for (an unknown release or artist): the page is 'Page Not Found'. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * The one reading of a failed answer: our error body gives its message and field (`error` and
 * `message` are equal, docs/decisions/0001); anything else (a proxy's page, no body) a generic text.
 */
export function toApiError(status: number, body: unknown): ApiError {
  const error = errorResponseSchema.safeParse(body);
  if (error.success) return new ApiError(status, error.data.message, error.data.field);
  return new ApiError(status, `Request failed (${status})`, undefined, false);
}

type Query = Record<string, string | number | boolean | undefined>;

export function apiUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return `${apiBase}${path}${search ? `?${search}` : ''}`;
}

/** Sends `Authorization: Bearer <token>` when a token is given (the admin API). */
function withBearer(headers: Record<string, string>, token: string | undefined): Record<string, string> {
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** GET a JSON answer and check it against the shared contract; `token` goes in as a bearer token. */
export async function apiGet<T extends z.ZodType>(
  schema: T,
  path: string,
  query?: Query,
  signal?: AbortSignal,
  { token }: { token?: string } = {},
) {
  const headers = withBearer({ Accept: 'application/json' }, token);
  const res = await fetch(apiUrl(path, query), { signal, headers });
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw toApiError(res.status, body);
  return schema.parse(body) as z.infer<T>;
}

type SendOptions = { idempotencyKey?: string; signal?: AbortSignal; token?: string };

/**
 * Send a write (POST, PATCH, PUT, DELETE) and check the answer against the shared contract. A plain
 * body goes as JSON, a FormData as multipart. A failure answer throws an ApiError with the server's
 * message and field; a network failure throws fetch's own error. `idempotencyKey` goes in the
 * `Idempotency-Key` header, so that a retry answers the first result; `token` goes in as a bearer token.
 */
export async function apiSend<T extends z.ZodType>(
  schema: T,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  { idempotencyKey, signal, token }: SendOptions = {},
) {
  const headers = withBearer({ Accept: 'application/json' }, token);
  const isForm = body instanceof FormData;
  if (!isForm && body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  const payload = isForm ? body : body === undefined ? undefined : JSON.stringify(body);
  const res = await fetch(apiUrl(path), { method, signal, headers, body: payload });
  const answer: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw toApiError(res.status, answer);
  return schema.parse(answer) as z.infer<T>;
}

/** POST a JSON body (see apiSend). */
export function apiPost<T extends z.ZodType>(schema: T, path: string, body: unknown, options: SendOptions = {}) {
  return apiSend(schema, 'POST', path, body, options);
}

/** GET a file (a CSV export) as a Blob; `token` goes in as a bearer token. */
export async function apiDownload(path: string, query?: Query, { token }: { token?: string } = {}): Promise<Blob> {
  const res = await fetch(apiUrl(path, query), { headers: withBearer({}, token) });
  if (!res.ok) throw toApiError(res.status, await res.json().catch(() => undefined));
  return res.blob();
}
