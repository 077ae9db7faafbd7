import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { heading, printTable, recordVerdict } from './support.js';
import { projectRoot } from '../src/server/paths.js';
import { viewports } from '../tests/e2e-helpers/browser.js';
import { budgetedPagePaths, initialJsBudgetsKiB, scriptsLoadedBy, type BudgetedPage } from '../tests/e2e-helpers/initial-js-budgets.js';
import { chromiumArgs, headlessShellPath } from '../tests/helpers/chromium.js';
import { startProductionServer } from '../tests/helpers/production-server.js';

// Issue 37: where each public page type's initial JavaScript comes from. The scripts a first visit
// loads (as the budget check weighs them, tests/e2e-helpers/initial-js-budgets.ts), each split into
// the modules its source map names, grouped by package (an npm package, MUI by part, our own files
// by folder). A script's gzip size is exact; its modules' shares of it are estimates: each module's
// text compressed alone, scaled so that the script's modules add up to the script.

const outputDir = join(projectRoot, 'bench', '.output');
const clientDir = join(projectRoot, 'dist', 'client');
const goalKiB = 150;

interface SourceMap {
  sources: string[];
  mappings: string;
}

const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One line's segments of a source map: [generated column, source index] each (the rest is not needed here). */
function* segments(mappings: string): Generator<{ line: number; column: number; source: number }> {
  let source = 0;
  let line = 0;
  for (const lineText of mappings.split(';')) {
    let column = 0;
    for (const segment of lineText.split(',')) {
      if (segment === '') continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = base64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0]!;
      if (fields.length >= 4) {
        source += fields[1]!;
        yield { line, column, source };
      }
    }
    line++;
  }
}

/** The package or folder a module belongs to, from its path in the source map. */
function groupOf(source: string): string {
  const inPackages = source.lastIndexOf('node_modules/');
  if (inPackages < 0) {
    const inSrc = source.indexOf('src/');
    return inSrc < 0 ? '(bundler)' : source.slice(inSrc).split('/').slice(0, 3).join('/');
  }
  const parts = source.slice(inPackages + 'node_modules/'.length).split('/');
  if (parts[0] === '@mui') return `@mui/${parts[1]}${parts[1] === 'material' || parts[1] === 'system' ? `/${parts[2]?.replace(/\.m?js$/, '')}` : ''}`;
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** A script's gzip size (level 9, as the budget check) shared among the groups of its modules. */
function scriptGroups(path: string): { gzipBytes: number; groups: Map<string, number> } {
  const code = readFileSync(join(clientDir, path), 'utf8');
  const gzipBytes = gzipSync(code, { level: 9 }).length;
  // The bundler's own runtime comes without a map.
  if (!existsSync(join(clientDir, `${path}.map`))) return { gzipBytes, groups: new Map([['(bundler)', gzipBytes]]) };
  const map = JSON.parse(readFileSync(join(clientDir, `${path}.map`), 'utf8')) as SourceMap;
  const lines = code.split('\n');
  const textOf = new Map<string, string[]>();
  let previous: { line: number; column: number; source: number } | undefined;
  const take = (end: { line: number; column: number } | undefined) => {
    if (!previous) return;
    const lineText = lines[previous.line] ?? '';
    const stop = end && end.line === previous.line ? end.column : lineText.length;
    const group = groupOf(map.sources[previous.source] ?? '');
    textOf.set(group, [...(textOf.get(group) ?? []), lineText.slice(previous.column, stop)]);
  };
  for (const segment of segments(map.mappings)) {
    take(segment);
    previous = segment;
  }
  take(undefined);
  const alone = new Map([...textOf].map(([group, texts]) => [group, gzipSync(texts.join(''), { level: 9 }).length]));
  const sum = [...alone.values()].reduce((a, b) => a + b, 0) || 1;
  return { gzipBytes, groups: new Map([...alone].map(([group, bytes]) => [group, (bytes * gzipBytes) / sum])) };
}

interface PageWeight {
  page: BudgetedPage;
  path: string;
  gzipKiB: number;
  scripts: { path: string; gzipKiB: number }[];
  groups: { name: string; gzipKiB: number }[];
}

function weigh(page: BudgetedPage, path: string, scripts: string[]): PageWeight {
  const groups = new Map<string, number>();
  const weighed = scripts.map((script) => {
    const { gzipBytes, groups: shares } = scriptGroups(script);
    for (const [group, bytes] of shares) groups.set(group, (groups.get(group) ?? 0) + bytes);
    return { path: script, gzipKiB: gzipBytes / 1024 };
  });
  return {
    page,
    path,
    gzipKiB: weighed.reduce((sum, script) => sum + script.gzipKiB, 0),
    scripts: weighed.sort((a, b) => b.gzipKiB - a.gzipKiB),
    groups: [...groups].map(([name, bytes]) => ({ name, gzipKiB: bytes / 1024 })).sort((a, b) => b.gzipKiB - a.gzipKiB),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** One treemap per page: each group a box whose area is its share of the page's gzip size (rows of the largest first). */
function treemapHtml(pages: PageWeight[]): string {
  const colour = (name: string) => (name.startsWith('src/') ? '#2e7d32' : name.startsWith('@mui') || name.startsWith('@emotion') ? '#1565c0' : name.startsWith('react') ? '#6a1b9a' : '#8d6e63');
  const boxes = (page: PageWeight) =>
    page.groups
      .map(
        (group) =>
          `<div title="${escapeHtml(group.name)}: ${group.gzipKiB.toFixed(1)} KiB" style="flex: ${group.gzipKiB} 1 ${Math.max(group.gzipKiB * 6, 2)}px; background: ${colour(group.name)}">` +
          `${group.gzipKiB >= 2 ? `${escapeHtml(group.name)}<br>${group.gzipKiB.toFixed(1)}` : ''}</div>`,
      )
      .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Initial JS per public page</title><style>
body { font: 14px system-ui, sans-serif; margin: 16px; }
.map { display: flex; flex-wrap: wrap; width: min(100%, 1200px); height: 420px; align-content: stretch; gap: 1px; margin-bottom: 24px; }
.map div { color: #fff; font-size: 11px; overflow: hidden; padding: 2px; box-sizing: border-box; }
</style></head><body><h1>Initial JS per public page (gzip KiB; goal ${goalKiB})</h1>
<p>Green: our files; blue: MUI and emotion; purple: React and its router; brown: other packages. Hover a box for its name and size.</p>
${pages.map((page) => `<h2>${escapeHtml(page.page)} (${escapeHtml(page.path)}): ${page.gzipKiB.toFixed(1)} KiB, budget ${initialJsBudgetsKiB[page.page]}</h2><div class="map">${boxes(page)}</div>`).join('\n')}
</body></html>`;
}

export async function runTreemapBench(): Promise<void> {
  // A fresh data directory: the demo catalog is imported first, a minute or more on a busy machine.
  const server = await startProductionServer({ env: { RATE_LIMIT_READS_PER_MINUTE: '1000000' }, readyTimeoutMs: 300_000 });
  const browser = await chromium.launch({ executablePath: headlessShellPath, headless: true, args: chromiumArgs });
  try {
    const first = async (path: string) => ((await (await fetch(`${server.url}/api/${path}`)).json()) as { data: { id: string }[] }).data[0]!.id;
    const paths = budgetedPagePaths({ release: await first('releases?label=tech&limit=1'), artist: await first('artists?label=tech&limit=1') });
    const pages: PageWeight[] = [];
    for (const [page, path] of Object.entries(paths) as [BudgetedPage, string][])
      pages.push(weigh(page, path, await scriptsLoadedBy(await browser.newPage({ viewport: viewports.phone }), `${server.url}${path}`)));

    heading('Initial JS per public page (gzip, level 9): every script a first visit loads until the network is quiet');
    printTable(
      ['page', 'path', 'scripts', 'KiB gzip', 'budget', 'largest parts (KiB)'],
      pages.map((page) => [
        page.page,
        page.path,
        String(page.scripts.length),
        page.gzipKiB.toFixed(1),
        String(initialJsBudgetsKiB[page.page]),
        page.groups
          .slice(0, 6)
          .map((group) => `${group.name} ${group.gzipKiB.toFixed(1)}`)
          .join(', '),
      ]),
    );
    for (const page of pages)
      recordVerdict({ backend: 'client', figure: `${page.page}: initial JS (gzip)`, measured: `${page.gzipKiB.toFixed(1)} KiB`, goal: `<= ${goalKiB} KiB`, met: page.gzipKiB <= goalKiB });
    mkdirSync(outputDir, { recursive: true });
    writeFileSync(join(outputDir, 'treemap.json'), `${JSON.stringify(pages, null, 2)}\n`);
    writeFileSync(join(outputDir, 'treemap.html'), treemapHtml(pages));
    console.log(`\nTreemaps: ${join(outputDir, 'treemap.html')} (figures: treemap.json beside it)`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
