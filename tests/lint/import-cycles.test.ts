import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCycles } from '../../scripts/import-cycles.js';
import { projectRoot } from '../../src/server/paths.js';

// The lint's import-cycle check (scripts/import-cycles.ts) on a small src/ written as the project's is: `.js`
// in every import, whether it names a .ts or a .tsx file, the project's tsconfig.json, type-only imports
// both ways of writing them.
const files: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ extends: join(projectRoot, 'tsconfig.json'), include: ['src'] }),
  'src/static/a.ts': "import { b } from './b.js';\nexport const a = () => b();",
  'src/static/b.tsx': "import { a } from './a.js';\nexport const b = () => a;",
  'src/dynamic/first.ts': "import { second } from './second.js';\nexport const first = () => second();",
  'src/dynamic/second.ts': "export const second = async () => (await import('./third.js')).third;",
  'src/dynamic/third.ts': "import { first } from './first.js';\nexport const third = first;",
  // Types only, erased: no loop when the code runs.
  'src/types/one.ts': "import type { Two } from './two.js';\nexport type One = Two | 1;",
  'src/types/two.ts': "import { type One } from './one.js';\nexport type Two = One | 2;",
  'src/plain/leaf.ts': 'export const leaf = 1;',
  'src/plain/user.ts': "import { leaf } from './leaf.js';\nexport const user = leaf;",
};

const root = mkdtempSync(join(tmpdir(), 'bir-import-cycles-'));
let cycles: string[][] = [];
beforeAll(async () => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  cycles = (await importCycles(root)).map((cycle) => [...cycle].sort());
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the import-cycle check of the lint', () => {
  it('finds two files that import each other', () => {
    expect(cycles).toContainEqual(['src/static/a.ts', 'src/static/b.tsx']);
  });

  it('finds a loop a dynamic import closes', () => {
    expect(cycles).toContainEqual(['src/dynamic/first.ts', 'src/dynamic/second.ts', 'src/dynamic/third.ts']);
  });

  it('finds no loop of types only, and none where files only import onwards', () => {
    expect(cycles).toHaveLength(2);
    expect(cycles.flat().filter((path) => path.startsWith('src/types/') || path.startsWith('src/plain/'))).toEqual([]);
  });
});
