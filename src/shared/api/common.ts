import { z } from 'zod';

export const maxPageLimit = 100;

/** The message of a value outside its list. */
export const oneOf = (name: string, values: readonly string[]) => `${name} must be one of ${values.join(', ')}`;

export const errorResponseSchema = z.object({
  success: z.literal(false),
  /** The human-readable message (clients show `error` or `message`; both carry it). */
  error: z.string(),
  message: z.string(),
  /** The request field at fault, for validation errors. */
  field: z.string().optional(),
  reqId: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.array(item),
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
  });
}

export function itemResponse<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), data: item });
}

/** A whole-number query parameter with a message that names it. */
export function intParam(name: string, min: number, max: number, fallback: number) {
  const error = `${name} must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback);
}

export function limitParam(fallback: number) {
  return intParam('limit', 1, maxPageLimit, fallback);
}

export const offsetParam = intParam('offset', 0, 1_000_000, 0);

/** An email address: trimmed, at most 254 characters, in an address's shape; `required` when missing or blank. */
export function emailAddress(messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(254, { error: messages.invalid, abort: true })
    .regex(z.regexes.email, { error: messages.invalid });
}

/** true/false query flags ("1"/"0" accepted too). */
export function flagParam(name: string, fallback: boolean) {
  return z
    .enum(['true', 'false', '1', '0'], { error: `${name} must be true or false` })
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');
}

export const searchParam = z.string().max(200, { error: 'q must be at most 200 characters' }).optional();

/** Optional `Idempotency-Key` header of a write: a retry with the same key answers the first result. */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, { error: 'Idempotency-Key must not be empty' })
    .max(200, { error: 'Idempotency-Key must be at most 200 characters' })
    .optional(),
});
