// `npm start` builds first when the build is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const outputs = ['dist/server/server/main.js', 'dist/client/index.html'];
const inputs = ['src', 'drizzle', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'tsconfig.server.json'];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const missing = outputs.filter((o) => !existsSync(o));
const builtAt = missing.length ? 0 : Math.min(...outputs.map((o) => statSync(o).mtimeMs));
const changedAt = Math.max(...inputs.filter((i) => existsSync(i)).map(newestMtime));
if (missing.length > 0 || changedAt > builtAt) {
  console.log(missing.length > 0 ? 'No build yet: building…' : 'Sources changed since the last build: building…');
  execSync('npm run build', { stdio: 'inherit' });
}
