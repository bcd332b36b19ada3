// Writes the run's rules coverage report for the project's own rules: the rules test files save
// their projects' counts into a folder of this run (rulesCoverage.ts); at the end of the run they
// are merged per rules file and written as JSON and HTML under tests/artifacts/rules-coverage/.

import fs from 'node:fs/promises';
import path from 'node:path';
import { mergeCoverageReports, type RulesCoverageReport } from '../../backend/src/rules/coverageReport.js';
import { allowStatus, renderCoverageHtml } from '../../backend/src/rules/coverageHtml.js';
import { RUN_FOLDER_VARIABLE } from './rulesCoverage';

export const REPORT_FOLDER = path.join('tests', 'artifacts', 'rules-coverage');

const PROJECT_RULES = [
  { name: 'firestore', file: 'firestore.rules' },
  { name: 'storage', file: 'storage.rules' },
];

export default async function setup(): Promise<() => Promise<void>> {
  // A folder per run: another run in the same tree keeps its own counts.
  const runFolder = path.join(REPORT_FOLDER, 'runs', `${process.pid}-${Date.now()}`);
  process.env[RUN_FOLDER_VARIABLE] = path.resolve(runFolder);
  return async () => {
    try {
      await writeReports(runFolder);
    } finally {
      await fs.rm(runFolder, { recursive: true, force: true });
      await fs.rmdir(path.dirname(runFolder)).catch(() => {}); // Only when no other run uses it.
    }
  };
}

async function writeReports(runFolder: string): Promise<void> {
  let names: string[];
  try {
    names = await fs.readdir(runFolder);
  } catch {
    return; // No rules test ran.
  }
  const reports = await Promise.all(
    names.map(async (name) => JSON.parse(await fs.readFile(path.join(runFolder, name), 'utf8')) as RulesCoverageReport),
  );
  for (const { name, file } of PROJECT_RULES) {
    const content = await fs.readFile(file, 'utf8');
    const own = reports.filter((r) => r.rules.files[0]?.content === content);
    if (own.length === 0) continue;
    const merged = mergeCoverageReports(own);
    merged.rules.files = [{ name: file, content }];
    await fs.writeFile(path.join(REPORT_FOLDER, `${name}.json`), JSON.stringify(merged, null, 1));
    await fs.writeFile(path.join(REPORT_FOLDER, `${name}.html`), renderCoverageHtml(merged));
    const open = merged.allows.filter((a) => !['both', 'constant'].includes(allowStatus(a)));
    const lines = open.map((a) => `${file}:${a.sourcePosition.line} (${allowStatus(a)})`);
    console.log(
      `Rules coverage of ${file}: ${merged.allows.length - open.length} of ${merged.allows.length} allow statements evaluated to true and to false (or constant and evaluated)${lines.length ? `; not yet: ${lines.join(', ')}` : ''}. Report: ${path.join(REPORT_FOLDER, `${name}.html`)}`,
    );
  }
}
