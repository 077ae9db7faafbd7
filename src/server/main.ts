// The server's entry (`npm start`). SIGINT and SIGTERM are caught first, before the few seconds it takes
// to load the rest: a signal at any moment of the start stops the server gracefully (stop-signals.ts).
import { catchStopSignals } from './stop-signals.js';

const stopSignals = catchStopSignals();
const { startServer } = await import('./start-server.js');
startServer(stopSignals);
