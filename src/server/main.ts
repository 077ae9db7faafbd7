// The server's entry (`npm start`). SIGINT and SIGTERM are caught first, before the few seconds it takes
// to load the rest: a signal at any moment of the start stops the server gracefully (stop-signals.ts).
import module from 'node:module';
import { catchStopSignals } from './stop-signals.js';

const stopSignals = catchStopSignals();
// Node 22.1 and later keep the code they compile on disk (NODE_COMPILE_CACHE, or node-compile-cache in the
// system's temporary folder) for the next start, and a restart compiles only what changed; Node 20 has no such cache.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { startServer } = await import('./start-server.js');
startServer(stopSignals);
