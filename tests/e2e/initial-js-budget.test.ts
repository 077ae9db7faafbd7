import { beforeAll, describe, expect, it } from 'vitest';
import { appStarted } from '../e2e-helpers/browser.js';
import { gzipKiB, initialJsBudgetsKiB, pagesOverBudget, privateChunk, type BudgetedPage } from '../e2e-helpers/initial-js-budgets.js';
import { useSharedSite } from '../e2e-helpers/production-site.js';

// Issue 37, decision 0100: each public page type's initial JavaScript (every script a first visit
// loads until the network is quiet), gzip-compressed, within its budget (tests/e2e-helpers/initial-js-budgets.ts);
// no staff, member, Spotify or shop code among it.
describe('the initial JavaScript of each public page', () => {
  const site = useSharedSite();
  const scriptsOf = new Map<BudgetedPage, string[]>();

  async function api<T>(path: string): Promise<T> {
    return (await (await fetch(`${site.server.url}/api${path}`)).json()) as T;
  }

  /** The scripts' bodies, as the server sends them. */
  async function bodies(paths: string[]): Promise<Buffer[]> {
    return Promise.all(paths.map(async (path) => Buffer.from(await (await fetch(`${site.server.url}${path}`)).arrayBuffer())));
  }

  /** The paths of the site's scripts a first visit to `path` loads until the network is quiet. */
  async function scriptsLoadedBy(path: string): Promise<string[]> {
    const page = await site.browser.newPage('phone');
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.request().resourceType() === 'script' && url.origin === site.server.url) scripts.add(url.pathname);
    });
    await page.goto(`${site.server.url}${path}`);
    await appStarted(page);
    await page.waitForLoadState('networkidle');
    await page.close();
    return [...scripts];
  }

  const pages: [BudgetedPage, () => string][] = [
    ['label home', () => '/tech'],
    ['releases', () => '/tech/releases'],
    ['release', () => `/tech/releases/${ids.release}`],
    ['artists', () => '/tech/artists'],
    ['artist', () => `/tech/artists/${ids.artist}`],
    ['playlists', () => '/tech/playlists'],
    ['vip', () => '/vip'],
    ['submit', () => '/tech/submit'],
    ['legal', () => '/legal'],
  ];
  const ids = { release: '', artist: '' };
  beforeAll(async () => {
    ids.release = (await api<{ data: { id: string }[] }>('/releases?label=tech&limit=1')).data[0]!.id;
    ids.artist = (await api<{ data: { id: string }[] }>('/artists?label=tech&limit=1')).data[0]!.id;
  });

  it.each(pages)('the %s page stays within its budget, loading no staff, member, Spotify or shop code', async (name, path) => {
    const scripts = await scriptsLoadedBy(path());
    scriptsOf.set(name, scripts);
    expect(scripts.map((script) => script.split('/').pop()!).filter((file) => privateChunk.test(file))).toEqual([]);
    const kib = gzipKiB(await bodies(scripts));
    console.log(`initial JS of the ${name} page (${path()}): ${kib.toFixed(1)} KiB gzip, budget ${initialJsBudgetsKiB[name]} KiB`);
    expect(pagesOverBudget({ [name]: kib })).toEqual([]);
  });

  it('fails a page that loads more than its budget', async () => {
    // The release page as if one of its libraries were bundled twice: its largest script added once more.
    const release = scriptsOf.get('release');
    expect(release).toBeDefined();
    const scripts = await bodies(release!);
    const largest = scripts.reduce((a, b) => (b.length > a.length ? b : a));
    const heavier = gzipKiB([...scripts, largest]);
    expect(heavier).toBeGreaterThan(initialJsBudgetsKiB.release);
    expect(pagesOverBudget({ release: heavier })).toEqual([`release: ${heavier.toFixed(1)} KiB gzip, budget ${initialJsBudgetsKiB.release} KiB`]);
  });
});
