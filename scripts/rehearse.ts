// `npm run rehearse`: a whole live event rehearsed against the local backend (scripts/rehearse/run.ts)
// and its report printed; the exit status is 1 when something that must never happen happened (a
// lost, duplicated or wrong rating, matches other than the oracle's, a duplicate or missing
// e-mail), 2 when the rehearsal itself could not run to the end. Ctrl-C stops and cleans up.

import fs from 'node:fs/promises';
import { parseOptions, USAGE } from './rehearse/options.js';
import { formatReport, rehearse } from './rehearse/run.js';

// Ctrl-C stops the rehearsal, whose clean-up then runs; a second Ctrl-C exits at once.
const interruption = new AbortController();
let interrupted = false;
process.on('SIGINT', () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  console.error('\nInterrupted: stopping the rehearsal and cleaning up…');
  interruption.abort();
  setTimeout(() => process.exit(130), 60_000).unref();
});

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (!options) {
    console.log(USAGE);
    return 0;
  }
  const started = Date.now();
  const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
  const report = await rehearse({ ...options, log, abort: interruption.signal });
  console.log(formatReport(report));
  if (options.json) {
    await fs.writeFile(options.json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nThe report as JSON: ${options.json}`);
  }
  return report.failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(interrupted ? 130 : code),
  (error: unknown) => {
    console.error(`The rehearsal could not finish: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(interrupted ? 130 : 2);
  },
);
