// The staff context's public entry: admin sign-in and the guard every admin route uses, the activity log
// other contexts write to, the overview, and what main.ts needs to start. Imports no other context.
export { adminAuthRoutes } from './admin-auth.routes.js';
export { adminOverviewRoutes } from './admin-overview.routes.js';
export { adminOf, bearerToken, decorateAdminRequest, guardAdminRoutes, requireAdmin } from './admin-guard.js';
export { ensureFirstAdmin, firstAdminLines, type AdminAuthContext } from './admin-auth.service.js';
export { EndedSessions } from './ended-sessions.js';
export { verifyAdminToken } from './admin-tokens.js';
export { recordActivity, type StaffChange } from './activity.repo.js';
export { loadJwtSecret } from './jwt-secret.js';
export type { LoginThrottleLimit } from './login-throttle.js';
export type { StaffDeps } from './staff.deps.js';
export type { SetupFacts } from './admin-setup.service.js';
