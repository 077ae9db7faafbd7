// `npm start` and `npm test` build first when the build is missing or older than what it is built
// from. Tests, READMEs and anything else the build does not read never trigger a rebuild.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const outputs = ['dist/server/server/main.js', 'dist/client/index.html', 'dist/ssr/entry-server.js'];
/** What `npm run build` reads: the sources but their tests, the migrations, the build settings. */
const inputs = [
  'src',
  'drizzle',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
  'scripts/compress-assets.mjs',
];
const isBuildInput = (name) => !/\.test\.tsx?$/.test(name) && !/\.md$/i.test(name);

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return isBuildInput(path) ? stat.mtimeMs : 0;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const missing = outputs.filter((o) => !existsSync(o));
const builtAt = missing.length ? 0 : Math.min(...outputs.map((o) => statSync(o).mtimeMs));
const changedAt = Math.max(...inputs.filter((i) => existsSync(i)).map(newestMtime));
if (missing.length > 0 || changedAt > builtAt) {
  console.log(missing.length > 0 ? 'No build yet: building…' : 'Sources changed since the last build: building…');
  execSync('npm run build', { stdio: 'inherit' });
}
