import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eAdmin } from '../e2e-helpers/admin-session.js';
import { hasNginx, startNginx, type LoadBalancer } from '../e2e-helpers/load-balancer.js';
import { startProductionServer, type ProductionServer } from '../helpers/production-server.js';

// TRUST_PROXY=true behind nginx as the README sets it up (`$proxy_add_x_forwarded_for`): nginx appends
// the address it saw to whatever X-Forwarded-For the client sent. The client writes the left of that
// header; only its rightmost entry is nginx's word.

if (!hasNginx && process.env.CI) throw new Error('The trusted proxy test cannot run in CI: nginx is not installed');

describe.skipIf(!hasNginx)('TRUST_PROXY=true behind nginx', () => {
  let server: ProductionServer;
  let proxy: LoadBalancer;

  beforeAll(async () => {
    // The production limits: 5 failed logins from one address in 15 minutes.
    server = await startProductionServer({ env: { TRUST_PROXY: 'true' }, template: inject('e2eTemplateDir') });
    proxy = await startNginx([server.url]);
  }, 120_000);
  afterAll(async () => {
    await proxy?.stop();
    await server?.stop();
  });

  it('throttles failed logins by the address nginx saw, whatever X-Forwarded-For the client forges', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await fetch(`${proxy.url}/api/admin/login`, {
        method: 'POST',
        // A fresh made-up visitor on every attempt, as a guesser would send to dodge the throttle.
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.18.${randomInt(256)}.${randomInt(1, 255)}` },
        body: JSON.stringify({ username: e2eAdmin.username, password: 'not the password' }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
