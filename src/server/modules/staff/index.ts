// The staff context's public entry: admin sign-in, staff accounts and invitations, the guard every admin
// route uses, the activity log other contexts write to, the overview, and what start-server.ts needs to start.
// Imports no other context (the messaging's Mailroom only as a type, handed in by app.ts).
export { adminAuthRoutes } from './admin-auth.routes.js';
export { adminOverviewRoutes } from './admin-overview.routes.js';
export { staffAccountsRoutes, staffInvitationRoutes } from './staff-accounts.routes.js';
export { claimStaffEmail } from './staff-accounts.service.js';
export { adminOf, bearerToken, decorateAdminRequest, guardAdminRoutes, requireAdmin } from './admin-guard.js';
export { ensureFirstAdmin, firstAdminLines, type AdminAuthContext } from './admin-auth.service.js';
export { EndedSessions } from './ended-sessions.js';
export { verifyAdminToken } from './admin-tokens.js';
export { recordActivity, type StaffChange } from './activity.repo.js';
export { loadJwtSecret } from './jwt-secret.js';
export type { LoginThrottleLimit } from './login-throttle.js';
export type { StaffDeps } from './staff.deps.js';
export type { SetupFacts } from './admin-setup.service.js';
