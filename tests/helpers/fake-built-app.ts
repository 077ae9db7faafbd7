import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * A built web app in miniature (dist/client and dist/ssr side by side): a page template, a hashed
 * script with its source map (and compressed copies of the map), and a server entry that answers every page
 * with the template and the number of the render; pages read the query parameter `tab`.
 * For tests of serving and headers; the real rendering is tested against the production build.
 */
export function writeFakeBuiltApp(): { clientDir: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'bir-built-'));
  const clientDir = join(root, 'client');
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  mkdirSync(join(root, 'ssr'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1);\n//# sourceMappingURL=index-abc123.js.map');
  const sourceMap = '{"version":3,"sources":["../../src/client/secret.ts"]}';
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js.map'), sourceMap);
  // As a build of before compress-assets.mjs left maps alone: compressed copies beside the map.
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js.map.gz'), gzipSync(sourceMap));
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js.map.br'), brotliCompressSync(sourceMap));
  writeFileSync(
    join(root, 'ssr', 'entry-server.js'),
    "let renders = 0;\nexport const pageSearchParams = ['tab'];\nexport const createPageRenderer = (template) => async () => ({ kind: 'page', status: 200, html: `${template}<!-- render ${++renders} -->` });\n",
  );
  return { clientDir, remove: () => rmSync(root, { recursive: true, force: true }) };
}
