// Prints the 20 slowest test files and each tier's total from the JSON report every vitest run writes
// (vitest.config.ts). A file's time is from its start to its end in its worker, setup included; a tier's
// total adds its files' times (files run side by side, so it is more than the tier's wall time).
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const reportPath = process.argv[2] ?? 'tests/.output/vitest-report.json';
if (!existsSync(reportPath)) {
  console.error(`No timing report at ${reportPath}: run the tests first.`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(reportPath, 'utf8'));

/** The tier a file belongs to, by the include patterns of vitest.config.ts. */
function tierOf(path) {
  if (path.startsWith('tests/e2e/')) return 'browser';
  if (path.startsWith('tests/ops/')) return 'ops';
  if (path.startsWith('src/client/') && path.endsWith('.tsx')) return 'components';
  return 'node';
}

const files = report.testResults.map((file) => {
  const path = relative(process.cwd(), file.name);
  return { path, tier: tierOf(path), seconds: (file.endTime - file.startTime) / 1000, tests: file.assertionResults.length };
});
const seconds = (value) => value.toFixed(1).padStart(7);

console.log('The 20 slowest test files (seconds, start to end in its worker):');
for (const file of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 20)) {
  console.log(`${seconds(file.seconds)}  ${file.tier.padEnd(10)} ${file.path} (${file.tests} tests)`);
}
console.log('\nEach tier (files, tests, seconds of its files added up):');
for (const tier of ['node', 'components', 'browser', 'ops']) {
  const own = files.filter((file) => file.tier === tier);
  if (own.length === 0) continue;
  const total = own.reduce((sum, file) => sum + file.seconds, 0);
  const tests = own.reduce((sum, file) => sum + file.tests, 0);
  console.log(`${tier.padEnd(11)} ${String(own.length).padStart(4)} files ${String(tests).padStart(5)} tests ${seconds(total)} s`);
}
// A worker that died (a crash, an exit, memory) leaves its file's running test and those after it without an
// end: vitest names no file then ("Worker exited unexpectedly"), the report does (status pending).
const unfinished = report.testResults
  .map((file) => ({ path: relative(process.cwd(), file.name), open: file.assertionResults.filter((test) => test.status === 'pending') }))
  .filter((file) => file.open.length > 0);
for (const file of unfinished) {
  console.log(`\nNot finished: ${file.path}, ${file.open.length} tests never ended, from "${file.open[0].fullName}"`);
}
const wall = (Math.max(...report.testResults.map((file) => file.endTime)) - report.startTime) / 1000;
console.log(`\nFrom the run's start to its last file's end: ${wall.toFixed(1)} s.`);
console.log(`Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`);
