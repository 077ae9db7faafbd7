// Preloaded into the spawned production server by the bench (`node --import`): measures the server's
// event-loop delay and answers the bench over the IPC channel, so src/ needs no bench hook.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
process.on('message', (message) => {
  if (message === 'event-loop:reset') histogram.reset();
  if (message === 'event-loop:read') {
    process.send?.({ p50: histogram.percentile(50) / 1e6, p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 });
  }
});
// The IPC channel must not keep the server alive once it closes itself.
process.channel?.unref();
