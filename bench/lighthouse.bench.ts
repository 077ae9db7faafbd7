import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { heading, printTable, recordVerdict } from './support.js';
import { chromiumArgs, chromiumPath } from '../tests/helpers/chromium.js';
import { startProductionServer, type ProductionServer } from '../tests/helpers/production-server.js';
import { e2eAdmin, e2eAdminEnv } from '../tests/e2e-helpers/admin-session.js';
import { projectRoot } from '../src/server/paths.js';

// Lighthouse in its default (mobile, simulated slow 4G and 4x CPU) mode against the production build
// on a fresh data directory with the demo catalog, the latest Tech release given an uploaded cover
// (issue 37: its largest paint is a raster picture). Median of three runs per page, beside a static
// page of the same server (that release's first HTML without its scripts, served as a file), so that
// the figures compare within one run. Then what the first HTML tells the browser about the cover it
// paints, and the scripts every public page route loads, gzip-compressed, against issue 16's goals.
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

/** One Lighthouse run's figures, and the element it found painted largest (Lighthouse's node label and selector). */
interface PageRun extends PageFigures {
  lcpElement: string;
}

/** The first node an audit's details name, however deep its tables nest it. */
function firstNode(details: unknown): { nodeLabel?: string; selector?: string } | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const record = details as { node?: { nodeLabel?: string; selector?: string }; items?: unknown[] };
  if (record.node) return record.node;
  for (const item of record.items ?? []) {
    const node = firstNode(item);
    if (node) return node;
  }
  return undefined;
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

async function measure(url: string, serverUrl: string): Promise<PageRun> {
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
  const lcpNode = firstNode(lhr.audits['largest-contentful-paint-element']?.details);
  return {
    lcpElement: lcpNode ? `${lcpNode.selector ?? '?'} "${(lcpNode.nodeLabel ?? '').slice(0, 60)}"` : 'none found',
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

/** A photograph-like cover (a gradient under noise) of 1400 px, uploaded as staff would, named by the release's id; its WebP copies made. */
async function uploadCover(server: ProductionServer, releaseId: string): Promise<string> {
  const login = await fetch(`${server.url}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(e2eAdmin) });
  const { token } = (await login.json()) as { token: string };
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="1400"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#b3261e"/><stop offset="1" stop-color="#1e3a8a"/></linearGradient></defs><rect width="1400" height="1400" fill="url(#g)"/></svg>`,
  );
  const noise = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } } }).png().toBuffer();
  const cover = await sharp(gradient).composite([{ input: noise, blend: 'overlay' }]).jpeg({ quality: 85 }).toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(cover)], { type: 'image/jpeg' }), `${releaseId}.jpg`);
  const uploaded = await fetch(`${server.url}/api/admin/media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (!uploaded.ok) throw new Error(`the cover upload answered ${uploaded.status}: ${await uploaded.text()}`);
  for (let attempt = 0; attempt < 600; attempt++) {
    const release = (await (await fetch(`${server.url}/api/releases/${releaseId}`)).json()) as { data: { artwork_url: string | null } };
    if (release.data.artwork_url?.startsWith('/media/art/')) return release.data.artwork_url;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the uploaded cover did not become the release cover within 60 s');
}

/**
 * What a page's first HTML tells the browser about the picture it paints largest (issue 37): a preload
 * of `artworkUrl`'s copies with `imagesrcset`, `imagesizes` and `fetchpriority="high"`, and the `<img>`
 * itself with `srcset`/`sizes`; and whether any web font must arrive before text paints (an
 * `@font-face` without `font-display: swap` or `optional`).
 */
function paintHints(html: string, artworkBase: string): string[] {
  // React writes attributes as it names them (srcSet, fetchPriority); HTML's are case-insensitive.
  const tags = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[0].toLowerCase()).filter((tag) => tag.includes(artworkBase));
  const preload = tags(/<link [^>]*>/gi).find((tag) => tag.includes('rel="preload"'));
  const img = tags(/<img [^>]*>/gi)[0];
  const fontFaces = [...html.matchAll(/@font-face\s*{[^}]*}/g)].map((m) => m[0]);
  const blockingFonts = fontFaces.filter((face) => !/font-display:\s*(swap|optional|fallback)/.test(face));
  return [
    preload ? `preload: ${['imagesrcset', 'imagesizes', 'fetchpriority="high"'].map((a) => `${a} ${preload.includes(a) ? 'yes' : 'NO'}`).join(', ')}` : 'preload: NONE',
    img ? `img: ${['srcset', 'sizes', 'fetchpriority="high"'].map((a) => `${a} ${img.includes(a) ? 'yes' : 'NO'}`).join(', ')}` : 'img: NONE',
    `web fonts: ${fontFaces.length} (${blockingFonts.length} holding text back)`,
  ];
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
  const server = await startProductionServer({ env: { RATE_LIMIT_READS_PER_MINUTE: '1000000', ...e2eAdminEnv }, readyTimeoutMs: 300_000 });
  const staticPage = join(projectRoot, 'dist', 'client', 'assets', 'bench-static-release.html');
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
    const artworkUrl = await uploadCover(server, releaseId);
    const releasePath = `/tech/releases/${releaseId}`;
    const releaseHtml = await (await fetch(`${server.url}${releasePath}`)).text();
    // The same page as a file: its text, styles and pictures, none of its scripts.
    writeFileSync(staticPage, releaseHtml.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link [^>]*rel="modulepreload"[^>]*>/g, ''));
    heading(`What the first HTML says about the painted cover (${artworkUrl}) and fonts`);
    const artworkBase = artworkUrl.replace(/\.webp$/, '');
    // The label home's largest picture is its latest release's cover: this one.
    for (const path of [releasePath, '/tech']) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      console.log(`${path}: ${paintHints(html, artworkBase).join('; ')}`);
    }
    const paths = ['/assets/bench-static-release.html', '/tech', releasePath, '/tech/releases', '/tech/artists'];
    const lcpElements: string[] = [];
    console.log(`\nLighthouse (mobile, median of ${runsPerPage}) on ${site} (the server at ${server.url}); machine load ${loadAverage()}`);
    console.log('page                              perf   LCP ms   TBT ms    CLS    SEO   a11y   JS gzip KiB');
    for (const path of paths) {
      const runs: PageRun[] = [];
      for (let i = 0; i < runsPerPage; i++) runs.push(await measure(`${site}${path}`, server.url));
      const f = medianFigures(runs);
      lcpElements.push(`${path}: ${[...new Set(runs.map((run) => run.lcpElement))].join(' | ')}`);
      console.log(
        `${path.padEnd(32)} ${f.performance.toFixed(2).padStart(5)} ${f.lcpMs.toFixed(0).padStart(8)} ${f.tbtMs.toFixed(0).padStart(8)} ` +
          `${f.cls.toFixed(3).padStart(6)} ${f.seo.toFixed(2).padStart(6)} ${f.accessibility.toFixed(2).padStart(6)} ${f.initialJsGzipKiB.toFixed(1).padStart(13)}`,
      );
      recordPageVerdicts(path.startsWith('/tech/releases/') ? '/tech/releases/{id} (uploaded cover)' : path.startsWith('/assets/') ? 'static copy of the release page' : path, f);
    }
    console.log(`\nThe largest paint's element (each run's, as Lighthouse names it):\n${lcpElements.map((line) => `  ${line}`).join('\n')}`);
    const routes = [...paths.filter((path) => !path.startsWith('/assets/')), `/tech/artists/${artists.data[0]?.id ?? ''}`, '/tech/playlists', '/tech/submit', '/vip', '/legal', '/login'];
    await printRouteScripts(browser, site, server.url, routes);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(staticPage, { force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}
