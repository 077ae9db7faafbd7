// The membership context's public entry: VIP sign-up, the admin member list and the payment seam. Imports staff.
export { adminMembersRoutes } from './admin-members.routes.js';
export { vipRoutes } from './vip.routes.js';
export type { PaymentProvider } from './payment-provider.js';
