import { performance } from 'node:perf_hooks';
import { runApiBench } from './api.bench.js';
import { runAudioBench } from './audio.bench.js';
import { runFormatsBench } from './formats.bench.js';
import { runBackupBench } from './backup.bench.js';
import { runExplainBench } from './explain.bench.js';
import { runHttpBench } from './http.bench.js';
import { runImportBench } from './import.bench.js';
import { runImportLargeBench } from './import-large.bench.js';
import { runScaleBench } from './scale.bench.js';
import { runLighthouseBench } from './lighthouse.bench.js';
import { runMediaBench } from './media.bench.js';
import { runTreemapBench } from './treemap.bench.js';
import { printVerdicts } from './support.js';

// `npm run bench` runs them all; `npm run bench -- api explain` only those named.
const benches: Record<string, () => Promise<void>> = {
  import: runImportBench,
  'import-large': runImportLargeBench,
  api: runApiBench,
  http: runHttpBench,
  explain: runExplainBench,
  scale: runScaleBench,
  lighthouse: runLighthouseBench,
  treemap: runTreemapBench,
  audio: runAudioBench,
  formats: runFormatsBench,
  backup: runBackupBench,
  media: runMediaBench,
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}; choose from ${Object.keys(benches).join(', ')}.`);
  process.exit(2);
}

let failed = false;
for (const [name, run] of Object.entries(benches)) {
  if (asked.length > 0 && !asked.includes(name)) continue;
  const start = performance.now();
  try {
    await run();
    console.log(`(${name} benchmark took ${((performance.now() - start) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failed = true;
    console.error(`\n${name} benchmark failed:`, error);
  }
}
// Every goal's verdict in one table; a goal not met is a finding to report, not a failed run.
printVerdicts();
process.exitCode = failed ? 1 : 0;
