import { beforeAll, describe, expect, it } from 'vitest';
import { budgetedPagePaths, gzipKiB, initialJsBudgetsKiB, pagesOverBudget, privateChunk, scriptsLoadedBy, type BudgetedPage } from '../e2e-helpers/initial-js-budgets.js';
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

  const ids = { release: '', artist: '' };
  const pages = Object.keys(initialJsBudgetsKiB) as BudgetedPage[];
  beforeAll(async () => {
    ids.release = (await api<{ data: { id: string }[] }>('/releases?label=tech&limit=1')).data[0]!.id;
    ids.artist = (await api<{ data: { id: string }[] }>('/artists?label=tech&limit=1')).data[0]!.id;
  });

  it.each(pages)('the %s page stays within its budget, loading no staff, member, Spotify or shop code', async (name) => {
    const path = budgetedPagePaths(ids)[name];
    // A first visit: a visitor of its own (a page of the same context finds what earlier pages stored,
    // the player's queue, whose check loads zod: a returning visitor's weight).
    const visitor = await site.browser.newVisitor();
    const scripts = await scriptsLoadedBy(await visitor.newPage('phone'), `${site.server.url}${path}`);
    await visitor.close();
    scriptsOf.set(name, scripts);
    expect(scripts.map((script) => script.split('/').pop()!).filter((file) => privateChunk.test(file))).toEqual([]);
    const kib = gzipKiB(await bodies(scripts));
    console.log(`initial JS of the ${name} page (${path}): ${kib.toFixed(1)} KiB gzip, budget ${initialJsBudgetsKiB[name]} KiB`);
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
