import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const nginxPath = '/usr/sbin/nginx';

export interface LoadBalancer {
  url: string;
  stop(): Promise<void>;
}

/**
 * nginx (Debian's package) on loopback, round-robin over `upstreams` as a production proxy would be:
 * it adds the client's address to X-Forwarded-For (the servers trust it with TRUST_PROXY; a test
 * that sends one of its own plays a CDN in front of nginx, naming the visitor), passes
 * an idempotent request on to the next instance when one does not answer, and names the instance
 * that answered in `X-Upstream`, so a test can see which one it reached.
 */
export async function startLoadBalancer(upstreams: string[]): Promise<LoadBalancer> {
  // nginx cannot tell which port the system gave it: it takes one at random, and another when that
  // one turns out to be taken (by a run of another checkout, say).
  for (let attempt = 1; ; attempt += 1) {
    const started = await startNginx(upstreams, randomInt(20_000, 60_000));
    if (started !== 'port taken') return started;
    if (attempt === 5) throw new Error('nginx found no free port in 5 attempts');
  }
}

async function startNginx(upstreams: string[], port: number): Promise<LoadBalancer | 'port taken'> {
  const prefix = mkdtempSync(join(tmpdir(), 'bir-nginx-'));
  const servers = upstreams.map((url) => `server ${new URL(url).host} max_fails=1 fail_timeout=2s;`).join('\n    ');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${join(prefix, kind)};`).join('\n  ');
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `# Written by tests/e2e/load-balancer.ts
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 512; }
http {
  access_log off;
  ${temp}
  client_max_body_size 20m;
  upstream site {
    ${servers}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_read_timeout 120s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(nginxPath, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('close', resolve));
  // Up when it answers as this nginx does, naming an upstream (a 502 too: the proxy is up even if an
  // instance is not); whatever else holds the port names none.
  const deadline = performance.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await exited;
      rmSync(prefix, { recursive: true, force: true });
      if (/Address already in use/.test(output)) return 'port taken';
      throw new Error(`nginx exited (${child.exitCode}):\n${output}`);
    }
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
      throw new Error(`nginx did not answer in 10 s:\n${output}`);
    }
    const isOurs = await fetch(`${url}/api/health`).then(
      (res) => res.headers.has('x-upstream'),
      () => false,
    );
    if (isOurs) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** Whether this machine has nginx (`.ci/run` installs it; a newcomer's machine may not). */
export const hasNginx = existsSync(nginxPath);
