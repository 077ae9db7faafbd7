// The demos context's public entry: the public submission form and the admin inbox. Imports catalog and staff.
export { adminDemosRoutes } from './admin-demos.routes.js';
export { demosRoutes } from './demos.routes.js';
export type { DemosDeps } from './demos.deps.js';
