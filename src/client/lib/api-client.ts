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
  if (!res.ok) {
    const error = errorResponseSchema.safeParse(body);
    throw new ApiError(res.status, error.success ? error.data.message : `Request failed (${res.status})`, error.data?.field);
  }
  return schema.parse(body) as z.infer<T>;
}

/**
 * POST a JSON body and check the answer against the shared contract. A failure answer throws an
 * ApiError with the server's message and field; a network failure throws fetch's own error.
 * `idempotencyKey` goes in the `Idempotency-Key` header, so that a retry answers the first result;
 * `token` goes in as a bearer token.
 */
export async function apiPost<T extends z.ZodType>(
  schema: T,
  path: string,
  body: unknown,
  { idempotencyKey, signal, token }: { idempotencyKey?: string; signal?: AbortSignal; token?: string } = {},
) {
  const headers = withBearer({ Accept: 'application/json', 'Content-Type': 'application/json' }, token);
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  const res = await fetch(apiUrl(path), { method: 'POST', signal, headers, body: JSON.stringify(body) });
  const answer: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const error = errorResponseSchema.safeParse(answer);
    if (error.success) throw new ApiError(res.status, error.data.error, error.data.field);
    throw new ApiError(res.status, `Request failed (${res.status})`, undefined, false);
  }
  return schema.parse(answer) as z.infer<T>;
}
