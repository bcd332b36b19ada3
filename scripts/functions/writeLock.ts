// `npm run lock:functions`: writes functions/package-lock.json, the lock a deploy installs the
// Cloud Functions' dependencies from, out of the workspace's own (scripts/functions/lockfile.ts).

import path from 'node:path';
import { lockDifferences, readLockfile, writeFunctionsLock } from './lockfile.js';

const target = await writeFunctionsLock();
const differences = lockDifferences(readLockfile(target), readLockfile(path.resolve(target, '../../package-lock.json')));
console.log(`Wrote ${path.relative(process.cwd(), target)}.`);
if (differences.functions.length > 0) {
  console.log(
    `Where the functions' ranges refuse the workspace's versions, the deploy installs:\n  ${differences.functions.join('\n  ')}\n` +
      `while the tests run with:\n  ${differences.workspace.join('\n  ')}\nRun npm install at the top of the repository, then this again.`,
  );
  process.exitCode = 1;
}
