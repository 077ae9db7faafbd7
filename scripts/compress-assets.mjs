// Pre-compressed copies of the built web app, served by @fastify/static (preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = 'dist/client';
// Not source maps: they are served only with SERVE_SOURCE_MAPS, and then as they are.
const compressible = /\.(js|css|html|svg|json)$/;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

let count = 0;
for (const file of walk(root).filter((f) => compressible.test(f))) {
  const data = readFileSync(file);
  if (data.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  count += 1;
}
console.log(`compressed ${count} files in ${root}`);
