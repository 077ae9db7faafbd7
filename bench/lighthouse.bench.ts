import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { heading, printTable, recordVerdict } from './support.js';
import { chromiumArgs, chromiumPath } from '../tests/helpers/chromium.js';
import { startProductionServer } from '../tests/helpers/production-server.js';

// Lighthouse in its default (mobile, simulated slow 4G and 4x CPU) mode against the production build
// on a fresh data directory with the demo catalog. Median of three runs per page. Then the scripts
// every public page route loads, gzip-compressed, against issue 16's goals.
const runsPerPage = 3;
// 4190 is on the fetch standard's list of blocked ports.
const debuggingPort = 4191;
/**
 * Pages are asked for by this name (Chromium maps it to the server's loopback address): a visitor's
 * page, not the developer's view of localhost with its debug panel (docs/product.md §2.2).
 */
const siteHost = 'records.bench.test';

/** Issue 16 item 3. */
const goals = { performance: 0.98, lcpMs: 1200, tbtMs: 100, cls: 0.02, initialJsKiB: 150 } as const;

interface PageFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  seo: number;
  accessibility: number;
  /** Scripts the page loaded, gzip-compressed here at level 9 (what a CDN would send). */
  initialJsGzipKiB: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The scripts' size gzip-compressed, read from the server itself (`serverUrl`: the site's name resolves only in Chromium). */
async function gzipKiB(urls: string[], serverUrl: string): Promise<number> {
  let bytes = 0;
  for (const url of urls) {
    const { pathname, search } = new URL(url);
    const body = Buffer.from(await (await fetch(`${serverUrl}${pathname}${search}`)).arrayBuffer());
    bytes += gzipSync(body, { level: 9 }).length;
  }
  return bytes / 1024;
}

async function measure(url: string, serverUrl: string): Promise<PageFigures> {
  const result = await lighthouse(url, {
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'seo', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
  const scripts = [...new Set(requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(new URL(url).origin)).map((r) => r.url))];
  return {
    performance: lhr.categories.performance?.score ?? Number.NaN,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    seo: lhr.categories.seo?.score ?? Number.NaN,
    accessibility: lhr.categories.accessibility?.score ?? Number.NaN,
    initialJsGzipKiB: await gzipKiB(scripts, serverUrl),
  };
}

function medianFigures(runs: PageFigures[]): PageFigures {
  const pick = (key: keyof PageFigures) => median(runs.map((run) => run[key]));
  return {
    performance: pick('performance'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    seo: pick('seo'),
    accessibility: pick('accessibility'),
    initialJsGzipKiB: pick('initialJsGzipKiB'),
  };
}

function loadAverage(): string {
  return os.loadavg().map((load) => load.toFixed(2)).join(' ');
}

function recordPageVerdicts(page: string, f: PageFigures): void {
  const record = (figure: string, measured: string, goal: string, met: boolean) =>
    recordVerdict({ backend: 'client', figure: `${page}: ${figure}`, measured, goal, met });
  record('Lighthouse mobile performance', f.performance.toFixed(2), `>= ${goals.performance}`, f.performance >= goals.performance);
  record('LCP', `${f.lcpMs.toFixed(0)} ms`, `<= ${goals.lcpMs} ms`, f.lcpMs <= goals.lcpMs);
  record('TBT', `${f.tbtMs.toFixed(0)} ms`, `<= ${goals.tbtMs} ms`, f.tbtMs <= goals.tbtMs);
  record('CLS', f.cls.toFixed(3), `<= ${goals.cls}`, f.cls <= goals.cls);
}

/**
 * The scripts each public page route loads in a browser until the network is quiet (the app, its
 * route's chunks, whatever the page loads by itself), gzip-compressed: the bundle size per route.
 */
async function printRouteScripts(browser: BrowserContext, site: string, serverUrl: string, routes: string[]): Promise<void> {
  heading('Scripts per route (gzip, level 9): what a first visit to each page loads');
  const rows: string[][] = [];
  for (const route of routes) {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.url().startsWith(site)) scripts.push(response.url());
    });
    await page.goto(`${site}${route}`, { waitUntil: 'networkidle' });
    await page.close();
    const unique = [...new Set(scripts)];
    const kib = await gzipKiB(unique, serverUrl);
    rows.push([route, String(unique.length), kib.toFixed(1)]);
    const name = /^\/tech\/releases\/./.test(route) ? '/tech/releases/{id}' : /^\/tech\/artists\/./.test(route) ? '/tech/artists/{id}' : route;
    recordVerdict({ backend: 'client', figure: `${name}: initial JS (gzip)`, measured: `${kib.toFixed(1)} KiB`, goal: `<= ${goals.initialJsKiB} KiB`, met: kib <= goals.initialJsKiB });
  }
  printTable(['route', 'scripts', 'KiB gzip'], rows);
}

export async function runLighthouseBench(): Promise<void> {
  const profile = mkdtempSync(join(os.tmpdir(), 'bir-lighthouse-chromium-'));
  const server = await startProductionServer({ env: { RATE_LIMIT_READS_PER_MINUTE: '1000000' } });
  const port = new URL(server.url).port;
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', ...chromiumArgs, `--remote-debugging-port=${debuggingPort}`, `--host-resolver-rules=MAP ${siteHost} 127.0.0.1`],
  });
  const site = `http://${siteHost}:${port}`;
  try {
    const latest = (await (await fetch(`${server.url}/api/releases?label=tech&limit=1&sort=date:desc`)).json()) as { data: { id: string }[] };
    const releaseId = latest.data[0]?.id;
    if (!releaseId) throw new Error('the demo catalog has no Tech release');
    const artists = (await (await fetch(`${server.url}/api/artists?label=tech&limit=1`)).json()) as { data: { id: string }[] };
    const paths = ['/tech', '/tech/releases', '/tech/artists', `/tech/releases/${releaseId}`];
    console.log(`\nLighthouse (mobile, median of ${runsPerPage}) on ${site} (the server at ${server.url}); machine load ${loadAverage()}`);
    console.log('page                              perf   LCP ms   TBT ms    CLS    SEO   a11y   JS gzip KiB');
    for (const path of paths) {
      const runs: PageFigures[] = [];
      for (let i = 0; i < runsPerPage; i++) runs.push(await measure(`${site}${path}`, server.url));
      const f = medianFigures(runs);
      console.log(
        `${path.padEnd(32)} ${f.performance.toFixed(2).padStart(5)} ${f.lcpMs.toFixed(0).padStart(8)} ${f.tbtMs.toFixed(0).padStart(8)} ` +
          `${f.cls.toFixed(3).padStart(6)} ${f.seo.toFixed(2).padStart(6)} ${f.accessibility.toFixed(2).padStart(6)} ${f.initialJsGzipKiB.toFixed(1).padStart(13)}`,
      );
      recordPageVerdicts(path.startsWith('/tech/releases/') ? '/tech/releases/{id}' : path, f);
    }
    const routes = [...paths, `/tech/artists/${artists.data[0]?.id ?? ''}`, '/tech/playlists', '/tech/submit', '/vip', '/legal', '/login'];
    await printRouteScripts(browser, site, server.url, routes);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(profile, { recursive: true, force: true });
  }
}
