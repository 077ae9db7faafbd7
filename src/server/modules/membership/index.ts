// The membership context's public entry: VIP sign-up, paying with Stripe, the member page, the admin member list, the members' newsletter. Imports staff and messaging.
export { adminMembersRoutes } from './admin-members.routes.js';
export { adminPaymentsRoutes } from './admin-payments.routes.js';
export { scheduleStripeChecks, type StripeCheckSchedule } from './stripe-reconciliation.js';
export { keepStripeWebhookSetUp, paymentsStatus, stripeWebhookUrl } from './stripe-webhook-setup.js';
export { memberPerksRoutes } from './member-perks.routes.js';
export { adminNewslettersRoutes } from './newsletters.routes.js';
export { vipRoutes } from './vip.routes.js';
export { adminWaitingListRoutes, waitingListRoutes } from './waiting-list.routes.js';
export { createStripePayments, type PaymentCheckoutState, type PaymentEvent, type PaymentProvider, type StripeConnection } from './payment-provider.js';
export type { MembershipDeps } from './membership.deps.js';
export { useAfterAnswer, type AfterAnswer } from './after-answer.js';
export { signedInMember } from './member-session.js';
