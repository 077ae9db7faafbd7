import type {
  vipAccountResponseSchema,
  vipBillingPortalResponseSchema,
  vipCheckoutStatusSchema,
  vipMessageResponseSchema,
  vipNewsletterChoiceResponseSchema,
  vipSignInLinkStateSchema,
} from '../../../../shared/api/vip-account.js';
import { apiGet, apiPost, apiSend, type Answer } from '../../../lib/api-client.js';

// Paying with Stripe and the member page (docs/decisions/0062, 0063). The member session is an
// HttpOnly cookie the browser sends by itself.

export const checkoutStatusQuery = (sessionId: string) => ({
  queryKey: ['vip', 'checkout', sessionId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<Answer<typeof vipCheckoutStatusSchema>>(`/vip/checkout/${encodeURIComponent(sessionId)}`, undefined, signal),
});

export const vipAccountQuery = {
  queryKey: ['vip', 'account'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<Answer<typeof vipAccountResponseSchema>>('/vip/account', undefined, signal),
};

export const signInLinkQuery = (token: string) => ({
  queryKey: ['vip', 'sign-in', token] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<Answer<typeof vipSignInLinkStateSchema>>(`/vip/sign-in/${encodeURIComponent(token)}`, undefined, signal),
});

export const askSignInLink = (email: string) => apiPost<Answer<typeof vipMessageResponseSchema>>('/vip/sign-in', { email });
// An empty JSON body, not none: member routes take only JSON (docs/decisions/0095).
export const signInWithLink = (token: string) => apiPost<Answer<typeof vipMessageResponseSchema>>(`/vip/sign-in/${encodeURIComponent(token)}`, {});
export const signOut = () => apiPost<Answer<typeof vipMessageResponseSchema>>('/vip/sign-out', {});
export const openBillingPortal = () => apiPost<Answer<typeof vipBillingPortalResponseSchema>>('/vip/account/billing-portal', {});

/** `PUT /api/vip/account/newsletter`: leave the members' newsletter (false) or get it again (true). */
export const chooseNewsletter = (getsNewsletter: boolean) =>
  apiSend<Answer<typeof vipNewsletterChoiceResponseSchema>>('PUT', '/vip/account/newsletter', { gets_newsletter: getsNewsletter });
