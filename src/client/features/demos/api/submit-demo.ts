import type {
  demoSubmissionResponseSchema,
  DemoForm,
  DemoSubmissionRequest,
} from '../../../../shared/api/demos.js';
import { apiPost, type Answer } from '../../../lib/api-client.js';

/** The product's body (`artist`, `track`: the first entries) plus every entry of the form (docs/product.md §10.7). */
export function demoSubmissionRequest(labelId: string, form: DemoForm): DemoSubmissionRequest {
  const [artist] = form.artists;
  const [track] = form.tracks;
  if (!artist || !track) throw new Error('A demo needs at least one artist and one track');
  return { label: labelId, artist, track, artists: form.artists, tracks: form.tracks, termsAccepted: true };
}

/** POST /api/submit-demo; a retry of the same attempt sends the same key and gets the first answer. */
export function submitDemo(request: DemoSubmissionRequest, idempotencyKey: string) {
  return apiPost<Answer<typeof demoSubmissionResponseSchema>>('/submit-demo', request, { idempotencyKey });
}

/**
 * A random key for one attempt. crypto.randomUUID exists only in secure contexts (https, localhost);
 * a site served over plain http elsewhere still gets a random key from getRandomValues.
 */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
