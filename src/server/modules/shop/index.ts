// The shop context's public entry (issue 36): selling releases with Stripe Checkout in payment mode, the
// buyer's download page, download codes, pre-orders. Imports staff, media, messaging and membership.
export { adminShopRoutes, shopRoutes } from './shop.routes.js';
export { applyShopStripeEvent, writeReleaseDayDownloads } from './orders.service.js';
export type { ShopDeps } from './shop.deps.js';
