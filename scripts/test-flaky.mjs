// Hunts a test that fails only under load: runs the given test files several times, one run after
// another, beside processes that keep the CPUs busy, and prints each run's result and the failures.
//   npm run test:flaky -- FILE… [--runs N] [--burners N]     (defaults: 3 runs, 2 burners)
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values, positionals: files } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '3' }, burners: { type: 'string', default: '2' } },
});
const runs = Number(values.runs);
const burnerCount = Number(values.burners);
if (files.length === 0 || !Number.isInteger(runs) || runs < 1 || !Number.isInteger(burnerCount) || burnerCount < 0) {
  console.error('Usage: npm run test:flaky -- FILE… [--runs N] [--burners N]   (N runs, default 3; N CPU burners, default 2)');
  process.exit(2);
}

const burners = Array.from({ length: burnerCount }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopBurners = () => burners.forEach((burner) => burner.kill('SIGKILL'));
process.on('SIGINT', () => {
  stopBurners();
  process.exit(130);
});

function runOnce() {
  return new Promise((resolve) => {
    const vitest = spawn('npx', ['vitest', 'run', ...files], { stdio: 'inherit' });
    vitest.on('exit', (code) => resolve(code ?? 1));
  });
}

const failed = [];
for (let run = 1; run <= runs; run++) {
  console.log(`\n── run ${run} of ${runs}, beside ${burnerCount} CPU burners ──`);
  const code = await runOnce();
  if (code !== 0) failed.push(run);
}
stopBurners();
console.log(`\n${runs - failed.length} of ${runs} runs passed${failed.length ? `; failed: run ${failed.join(', ')}` : ''} (${files.length} files, ${burnerCount} burners).`);
process.exit(failed.length ? 1 : 0);
