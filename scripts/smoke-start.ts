// A smoke start of the production build, as `npm start` runs it on a fresh machine: a new data
// directory (migrations, the demo catalog, the first admin), then a page, the API and the health check
// answer, and SIGTERM stops it. .ci/run runs it on the Node version that does not run every tier.
import { startProductionServer } from '../tests/helpers/production-server.js';

const server = await startProductionServer({ readyTimeoutMs: 120_000 });
try {
  const checks: Array<[string, (res: Response, body: string) => boolean]> = [
    ['/api/health', (res, body) => res.status === 200 && JSON.parse(body).success === true],
    ['/api/labels', (res, body) => res.status === 200 && JSON.parse(body).data.length === 3],
    ['/records', (res, body) => res.status === 200 && body.includes('<div id="root">') && body.includes('Build It Records')],
  ];
  for (const [path, isRight] of checks) {
    const res = await fetch(`${server.url}${path}`);
    const body = await res.text();
    if (!isRight(res, body)) throw new Error(`GET ${path} answered ${res.status}: ${body.slice(0, 300)}`);
    console.log(`smoke start on Node ${process.version}: GET ${path} ${res.status}`);
  }
} catch (err) {
  console.error(server.output());
  throw err;
} finally {
  await server.stop();
}
