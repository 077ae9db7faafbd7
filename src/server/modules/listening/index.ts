// The listening context's public entry: play reports. Imports no other context.
export { playsRoutes } from './plays.routes.js';
export type { ListeningDeps } from './listening.deps.js';
