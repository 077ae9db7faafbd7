import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const nginxPath = '/usr/sbin/nginx';
export const haproxyPath = '/usr/sbin/haproxy';

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
export function startNginx(upstreams: string[]): Promise<LoadBalancer> {
  return onSomePort('nginx', (port) => nginxOn(upstreams, port));
}

/**
 * HAProxy (Debian's package) on loopback, round-robin over `upstreams` as the README's production
 * section sets it up (docs/decisions/0070): an active check of `GET /api/ready` every 250 ms takes an
 * instance out after two failures and back after two successes; a request whose connection is
 * refused, or (GET and HEAD only) that got no answer or a 503 from an instance shutting down, is sent
 * to the other instance. Like nginx, it appends the client's address to X-Forwarded-For and names the
 * instance that answered in `X-Upstream`.
 */
export function startHaproxy(upstreams: string[]): Promise<LoadBalancer> {
  return onSomePort('haproxy', (port) => startProxy('haproxy', haproxyConfig(upstreams, port), port, mkdtempSync(join(tmpdir(), 'bir-haproxy-'))));
}

/**
 * A proxy cannot tell which port the system gave it: it takes one at random, and another when that
 * one turns out to be taken (by a run of another checkout, say).
 */
async function onSomePort(name: string, start: (port: number) => Promise<LoadBalancer | 'port taken'>): Promise<LoadBalancer> {
  for (let attempt = 1; ; attempt += 1) {
    const started = await start(randomInt(20_000, 60_000));
    if (started !== 'port taken') return started;
    if (attempt === 5) throw new Error(`${name} found no free port in 5 attempts`);
  }
}

function haproxyConfig(upstreams: string[], port: number): string {
  const servers = upstreams.map((url, i) => `server instance${i + 1} ${new URL(url).host} check`).join('\n  ');
  return `# Written by tests/e2e-helpers/load-balancer.ts
global
  maxconn 512
defaults
  mode http
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  timeout http-request 10s
  option forwardfor
  # A request is tried again on the other instance: a refused connection (an instance that stopped
  # listening), and for GET and HEAD a connection closed without an answer or a 503 (an instance
  # shutting down answers 503 to a request on a connection it kept open).
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response 503
frontend site
  bind 127.0.0.1:${port}
  http-request disable-l7-retry if !METH_GET !METH_HEAD
  default_backend instances
backend instances
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  # A check waits up to a second for its answer (/api/ready gives up on the database in 800 ms).
  timeout check 1s
  default-server inter 250ms fall 2 rise 2
  http-response set-header X-Upstream %si:%sp
  ${servers}
`;
}

function nginxOn(upstreams: string[], port: number): Promise<LoadBalancer | 'port taken'> {
  const prefix = mkdtempSync(join(tmpdir(), 'bir-nginx-'));
  const servers = upstreams.map((url) => `server ${new URL(url).host} max_fails=1 fail_timeout=2s;`).join('\n    ');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${join(prefix, kind)};`).join('\n  ');
  return startProxy(
    'nginx',
    `# Written by tests/e2e-helpers/load-balancer.ts
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
    port,
    prefix,
  );
}

/** Runs `kind` with `config` (written in `prefix`, removed when it stops) until it answers on `port`. */
async function startProxy(kind: 'nginx' | 'haproxy', config: string, port: number, prefix: string): Promise<LoadBalancer | 'port taken'> {
  const configFile = join(prefix, `${kind}.conf`);
  writeFileSync(configFile, config);
  const args = kind === 'nginx' ? ['-p', prefix, '-c', configFile] : ['-db', '-f', configFile];
  const child: ChildProcess = spawn(kind === 'nginx' ? nginxPath : haproxyPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('close', resolve));
  // Up when it answers as this proxy does, naming an upstream (a 502 or 503 too: the proxy is up even
  // if an instance is not); whatever else holds the port names none.
  const deadline = performance.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await exited;
      rmSync(prefix, { recursive: true, force: true });
      if (/Address already in use|cannot bind socket/.test(output)) return 'port taken';
      throw new Error(`${kind} exited (${child.exitCode}):\n${output}`);
    }
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
      throw new Error(`${kind} did not answer in 10 s:\n${output}`);
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
        // Both finish the requests under way: nginx on SIGQUIT, HAProxy on SIGUSR1.
        child.kill(kind === 'nginx' ? 'SIGQUIT' : 'SIGUSR1');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** Whether this machine has nginx (`.ci/run` installs it; a newcomer's machine may not). */
export const hasNginx = existsSync(nginxPath);
/** Whether this machine has HAProxy (`.ci/run` installs it too). */
export const hasHaproxy = existsSync(haproxyPath);
