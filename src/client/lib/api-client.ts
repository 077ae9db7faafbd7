import type { z } from 'zod';
import type { ErrorResponse } from '../../shared/api/common.js';

// The browser trusts the shared contract's types: the server checks every answer against the same
// zod schemas before sending it, and zod stays out of the pages' scripts (docs/decisions/0023).

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

/** A successful status whose body is not an answer of ours (a proxy's page, no body, another API's JSON). */
export class InvalidAnswerError extends Error {
  constructor(readonly path: string) {
    super(`The answer to ${path} is not one of the API's`);
  }
}

/** What the API answers to a request, typed by the shared contract: `Answer<typeof releasesResponseSchema>`. */
export type Answer<T extends z.ZodType> = z.output<T>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isErrorResponse(body: unknown): body is ErrorResponse {
  return isObject(body) && body.success === false && typeof body.message === 'string';
}

/**
 * The one reading of a failed answer: our error body gives its message and field (`error` and
 * `message` are equal, docs/decisions/0001); anything else (a proxy's page, no body) a generic text.
 */
export function toApiError(status: number, body: unknown): ApiError {
  if (isErrorResponse(body)) return new ApiError(status, body.message, typeof body.field === 'string' ? body.field : undefined);
  return new ApiError(status, `Request failed (${status})`, undefined, false);
}

/** Every answer of the API is a JSON object with `success: true` (docs/product.md §7.1). */
function checkedAnswer<T>(path: string, body: unknown): T {
  if (!isObject(body) || body.success !== true) throw new InvalidAnswerError(path);
  return body as T;
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

/** GET a JSON answer of the API (`T`: its type in the shared contract); `token` goes in as a bearer token. */
export async function apiGet<T>(
  path: string,
  query?: Query,
  signal?: AbortSignal,
  { token }: { token?: string } = {},
) {
  const headers = withBearer({ Accept: 'application/json' }, token);
  const res = await fetch(apiUrl(path, query), { signal, headers });
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw toApiError(res.status, body);
  return checkedAnswer<T>(path, body);
}

type SendOptions = { idempotencyKey?: string; signal?: AbortSignal; token?: string };

/**
 * Send a write (POST, PATCH, PUT, DELETE); `T` is the answer's type in the shared contract. A plain
 * body goes as JSON, a FormData as multipart. A failure answer throws an ApiError with the server's
 * message and field; a network failure throws fetch's own error. `idempotencyKey` goes in the
 * `Idempotency-Key` header, so that a retry answers the first result; `token` goes in as a bearer token.
 */
export async function apiSend<T>(
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
  return checkedAnswer<T>(path, answer);
}

/** POST a JSON body (see apiSend). */
export function apiPost<T>(path: string, body: unknown, options: SendOptions = {}) {
  return apiSend<T>('POST', path, body, options);
}

/** GET a file (a CSV export) as a Blob; `token` goes in as a bearer token. */
export async function apiDownload(path: string, query?: Query, { token }: { token?: string } = {}): Promise<Blob> {
  const res = await fetch(apiUrl(path, query), { headers: withBearer({}, token) });
  if (!res.ok) throw toApiError(res.status, await res.json().catch(() => undefined));
  return res.blob();
}
