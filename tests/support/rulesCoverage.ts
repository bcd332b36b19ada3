// Keeps the rules coverage of a rules test file's project for the run's report: each file runs on
// a project of its own (and Storage files on a backend of their own), so each hands its project's
// counts to the run's folder, and rulesCoverageSetup.ts merges them into one report at the end.

import fs from 'node:fs/promises';
import path from 'node:path';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { isRulesCoverageReport } from '../../backend/src/rules/coverageReport.js';

/** Set by rulesCoverageSetup.ts for the run; absent when the run keeps no report. */
export const RUN_FOLDER_VARIABLE = 'RULES_COVERAGE_RUN_DIR';

/** Saves the coverage of the environment's project, for Firestore and Storage where it has rules. */
export async function saveRulesCoverage(env: RulesTestEnvironment): Promise<void> {
  const folder = process.env[RUN_FOLDER_VARIABLE];
  if (!folder) return;
  const emulators = { firestore: env.emulators.firestore, storage: env.emulators.storage };
  for (const [service, emulator] of Object.entries(emulators)) {
    if (!emulator) continue;
    const host = emulator.host.includes(':') ? `[${emulator.host}]` : emulator.host;
    const res = await fetch(`http://${host}:${emulator.port}/emulator/v1/projects/${env.projectId}:ruleCoverage`);
    // The official Storage emulator has no report, and the official Firestore one has a shape of its own.
    if (!res.ok) continue;
    const report: unknown = await res.json();
    if (!isRulesCoverageReport(report)) continue;
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, `${service}-${env.projectId}.json`), JSON.stringify(report));
  }
}
