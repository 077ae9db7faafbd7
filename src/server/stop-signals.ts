// Imports nothing: main.ts loads it, and catches the signals, before the seconds it takes to load the rest.

export type StopSignal = 'SIGINT' | 'SIGTERM';

export interface StopSignals {
  /** The first SIGINT or SIGTERM this process received, if one came. */
  readonly received: StopSignal | undefined;
  /** Calls `stop` with the first signal: at once if it came already, else when it comes. Later signals are ignored. */
  onStop(stop: (signal: StopSignal) => void): void;
}

/**
 * Catches SIGINT and SIGTERM from now on. A Node process with no listener for them dies by the signal
 * at once (exit code null: no shutdown, a start left where it was). An orchestrator's rolling restart
 * may send SIGTERM to an instance still starting, so the signals are caught before anything else is
 * loaded (which takes seconds, and runs no handler meanwhile: the signal waits). The start stops at
 * its next step (start-server.ts); once started, `onStop` shuts the server down.
 */
export function catchStopSignals(): StopSignals {
  let received: StopSignal | undefined;
  let stop: ((signal: StopSignal) => void) | undefined;
  const onSignal = (signal: StopSignal) => {
    if (received) return;
    received = signal;
    stop?.(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    get received() {
      return received;
    },
    onStop(given) {
      stop = given;
      if (received) given(received);
    },
  };
}
