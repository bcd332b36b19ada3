// `npm run bench:next`: how long the admin's Next takes to reach a provider's phone. Runs the
// two-context admin journey in Chromium (tests/e2e/adminJourney.test.ts: an admin at 1280 px
// presses → on the control screen, a provider at 360 px follows the queue, 20 measured presses)
// and prints the figures it wrote to tests/artifacts/next-latency.json. Printed, not asserted.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../backend/src/config.js';

const reportFile = path.join(repoRoot, 'tests/artifacts/next-latency.json');

function median(sorted: number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

fs.rmSync(reportFile, { force: true });
const run = spawnSync('npx', ['vitest', 'run', 'tests/e2e/adminJourney.test.ts'], { cwd: repoRoot, stdio: 'inherit' });
if (run.status !== 0 || !fs.existsSync(reportFile)) {
  console.error('The admin journey failed; no figures.');
  process.exit(1);
}
const { latenciesMs } = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as { latenciesMs: number[] };
const sorted = [...latenciesMs].sort((a, b) => a - b);
console.log('');
console.log(`Next key press (admin, 1280 px) → new live presenter on the provider's screen (360 px), ${sorted.length} presses:`);
console.log(`  median ${median(sorted)} ms · p90 ${percentile(sorted, 0.9)} ms · min ${sorted[0]} ms · max ${sorted.at(-1)} ms`);
