// A new question type is one entry in domain/questionTypes.ts, and the compiler names every place
// that must handle it. This adds a trial type, with an answer kind of its own (as a Yes/No question
// would need), to the list on a scratch copy of the tree, typechecks every zone there, and checks
// that the errors fall in exactly the files that decide per type or per answer kind, and nowhere
// else. A place that would take the new type silently (a `default`, an if-chain, a list of its
// own) drops out of the set and fails this test; so does a new place that forgets to switch.
// (firestore.rules is held to the list by tests/lint/questionTypeRules.test.ts, one of the files.)

import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the zones' typecheck reads (tsconfig.json's references and what they include). */
const TREE = [
  'domain',
  'src',
  'functions/src',
  'functions/package.json',
  'functions/tsconfig.json',
  'backend',
  'scripts',
  'tests',
  'package.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.app.json',
  'tsconfig.node.json',
  'tsconfig.tests.json',
  'vite.config.ts',
  'vitest.config.ts',
  'eslint.config.js',
];
// Build output and data, which no typecheck reads (functions/lib is outside functions/src).
const SKIPPED = new Set(['node_modules', '.data', 'artifacts']);

/** The zones, as `tsc -b` checks them (tsconfig.json). */
const PROJECTS = ['domain', 'tsconfig.app.json', 'tsconfig.node.json', 'functions', 'tsconfig.tests.json'];

/** The places a new type with a new answer kind must be handled in: each is a switch the compiler checks. */
const PLACES = [
  // How feedback sums up the kind's answers, and what it calls one.
  'domain/feedback.ts',
  // How a simulated provider of the rehearsal answers it, through the phone's input and in its record.
  'scripts/rehearse/phone.ts',
  'scripts/rehearse/record.ts',
  // How the presenter's feedback page shows a shared question of the kind.
  'src/features/feedback/QuestionFeedbackCard.tsx',
  // The input the questionnaire shows for the type.
  'src/features/questions/QuestionField.tsx',
  // Which of an answer's fields the kind keeps when it is saved.
  'src/lib/answers.ts',
  // The exports' rating column for the kind.
  'src/lib/exportRows.ts',
  // The rules' field check for the kind (and, through the list, its type).
  'tests/lint/questionTypeRules.test.ts',
];

/** `text` with `from` replaced by `to`, failing when `from` is gone (the list's layout changed: update the trial). */
function replaceOnce(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`domain/questionTypes.ts no longer holds: ${from}`);
  return text.replace(from, to);
}

function addTrialType(list: string): string {
  let edited = replaceOnce(
    list,
    "export type AnswerKind = 'rating' | 'written';",
    "export type AnswerKind = 'rating' | 'written' | 'trial';",
  );
  edited = replaceOnce(
    edited,
    "  | { answer: 'written'; matching: false; insights: 'comments' };",
    "  | { answer: 'written'; matching: false; insights: 'comments' }\n  | { answer: 'trial'; matching: false; insights: 'comments' };",
  );
  return replaceOnce(
    edited,
    '} as const satisfies Record<string, QuestionTypeTraits>;',
    "  trial: { answer: 'trial', matching: false, insights: 'comments' },\n} as const satisfies Record<string, QuestionTypeTraits>;",
  );
}

/** The output of typechecking one project in `dir` (tsc exits non-zero on errors: that is the point). */
function typecheck(dir: string, project: string): Promise<string> {
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [tsc, '-p', project, '--noEmit', '--pretty', 'false'],
      { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve(stdout + stderr);
      },
    );
  });
}

describe('a new question type', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'question-type-trial-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it(
    'is named by the compiler in every place that must handle it, and nowhere else',
    async () => {
      for (const entry of TREE) {
        cpSync(path.join(root, entry), path.join(scratch, entry), {
          recursive: true,
          filter: (source) => !SKIPPED.has(path.basename(source)),
        });
      }
      symlinkSync(realpathSync(path.join(root, 'node_modules')), path.join(scratch, 'node_modules'), 'dir');
      const listFile = path.join(scratch, 'domain/questionTypes.ts');
      writeFileSync(listFile, addTrialType(readFileSync(listFile, 'utf8')));

      // Two at a time: the machine has two cores.
      const outputs: string[] = [];
      for (let start = 0; start < PROJECTS.length; start += 2) {
        outputs.push(...(await Promise.all(PROJECTS.slice(start, start + 2).map((project) => typecheck(scratch, project)))));
      }
      const errors = outputs
        .join('\n')
        .split('\n')
        .filter((line) => /\): error TS\d+/.test(line));
      const files = [...new Set(errors.map((line) => path.normalize(line.slice(0, line.indexOf('(')))))].sort();
      expect(files, errors.join('\n')).toEqual(PLACES);
    },
    10 * 60_000,
  );
});
