// The lint's import-cycle check (`npm run lint`): no loop of imports between the files of src/, dynamic
// imports included; type-only imports are erased and do not count. dpdm reads each file once, with
// TypeScript's own parser and module resolution (tsconfig.json), where eslint-plugin-import's
// import/no-cycle followed the graph again from every file: a cold lint of 137 CPU-seconds became 55.6 + 12.1.
//   tsx scripts/import-cycles.ts        prints each cycle and exits 1 when there is one
import { pathToFileURL } from 'node:url';
import { parseCircular, parseDependencyTree, prettyCircular } from 'dpdm';

/** Each cycle among the .ts and .tsx files under `root`/src, as the paths of its files (relative to root). */
export async function importCycles(root: string): Promise<string[][]> {
  const tree = await parseDependencyTree(['src/**/*.ts', 'src/**/*.tsx'], { cwd: root, context: root, transform: true });
  return parseCircular(tree);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const cycles = await importCycles(process.cwd());
  if (cycles.length > 0) {
    console.error(`Import cycles (scripts/import-cycles.ts):\n${prettyCircular(cycles)}`);
    process.exit(1);
  }
}
