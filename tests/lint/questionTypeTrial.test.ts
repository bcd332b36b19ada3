// A new question type is one entry in domain/questionTypes.ts, and what a real change does is
// named, every place of it: this adds a trial type to the list on a scratch copy of the tree, with
// an answer kind of its own and an insights summary of its own (as a Yes/No question would need:
// counts of yes and no), and the shapes those carry to the unions of shared feedback
// (domain/feedback.ts) and of insights' figures (questionFigures.tsx). Then it typechecks every
// zone there and checks that the errors fall in exactly the files that decide per type, answer
// kind or summary, and nowhere else; and it runs the two tests that hold copies the compiler
// cannot see: the rules test must name firestore.rules, the rehearsal's must name its questions.
// A place that would take the new type silently (a `default`, an if-chain, a list of its own)
// drops out of the set and fails this test; so does a new place that forgets to switch.
// The edits find their places by pattern, not by today's types, so they hold after a real type
// is added (the second test adds two in a row).

import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
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
  'firestore.rules',
];
// Build output and data, which no typecheck reads (functions/lib is outside functions/src).
const SKIPPED = new Set(['node_modules', '.data', 'artifacts']);

/** The zones, as `tsc -b` checks them (tsconfig.json). */
const PROJECTS = ['domain', 'tsconfig.app.json', 'tsconfig.node.json', 'functions', 'tsconfig.tests.json'];

/**
 * The places a new type with a new answer kind and summary must be handled in, as file: declaration
 * (each a switch the compiler checks, so a file with two switches has two places).
 */
const PLACES = [
  // How feedback sums up the kind's answers, what it calls one, its summary line and how it reads the stored shape.
  'domain/feedback.ts: feedbackSummaryLine',
  'domain/feedback.ts: feedbackUnit',
  'domain/feedback.ts: parseQuestionFeedback',
  'domain/feedback.ts: questionFeedback',
  // How the rehearsal's providers (and the matching benchmark's) answer it, edit it and give it on a phone.
  'scripts/rehearse/questions.ts: answerFor',
  'scripts/rehearse/questions.ts: answerOnPhone',
  'scripts/rehearse/questions.ts: editedAnswer',
  // How the presenter's feedback page shows a shared question of the kind.
  'src/features/feedback/QuestionFeedbackCard.tsx: SharedFeedback',
  // The summary's figure on the insights page: how it is computed and shown, and the kind's part in the comments.
  'src/features/insights/questionFigures.tsx: QuestionFigure',
  'src/features/insights/questionFigures.tsx: commentTexts',
  'src/features/insights/questionFigures.tsx: questionInsight',
  // The input the questionnaire shows for the type.
  'src/features/questions/QuestionField.tsx: AnswerInput',
  // Which of an answer's fields the kind keeps when it is saved, and the exports' cells for it.
  'src/lib/answers.ts: answerColumns',
  'src/lib/answers.ts: normaliseAnswer',
  // The rules' field check for the kind (and, through the list, its type).
  'tests/lint/questionTypeRules.test.ts: FIELD_CHECKS',
];

/**
 * The source and config files a new type with a new answer kind and summary touches: the list,
 * the files of PLACES outside the tests, and the two whose copies the tests below hold
 * (firestore.rules, the rehearsal's questions). A change that spreads a kind over more files
 * than these fails here before it reaches a reader's plan.
 */
const FILES = [
  'domain/feedback.ts',
  'domain/questionTypes.ts',
  'firestore.rules',
  'scripts/rehearse/questions.ts',
  'src/features/feedback/QuestionFeedbackCard.tsx',
  'src/features/insights/questionFigures.tsx',
  'src/features/questions/QuestionField.tsx',
  'src/lib/answers.ts',
];

/** The files the trial edits: the list, and the two unions that get the new kind's and summary's shapes. */
const EDITED = ['domain/questionTypes.ts', 'domain/feedback.ts', 'src/features/insights/questionFigures.tsx'] as const;

/** `text` with the first match of `pattern` replaced by `to`, failing when there is none (the file's layout changed: update the trial). */
function replaceOnce(text: string, file: string, pattern: RegExp, to: string): string {
  if (!pattern.test(text)) throw new Error(`${file} no longer has ${String(pattern)}`);
  return text.replace(pattern, to);
}

/** domain/questionTypes.ts with a type `name` of answer kind `name` and insights summary `${name}Tally`. */
function addTrialType(list: string, name: string): string {
  const file = 'domain/questionTypes.ts';
  let edited = replaceOnce(list, file, /export type AnswerKind = ([^;]+);/, `export type AnswerKind = $1 | '${name}';`);
  edited = replaceOnce(
    edited,
    file,
    /export type InsightsSummary = ([^;]+);/,
    `export type InsightsSummary = $1 | '${name}Tally';`,
  );
  edited = replaceOnce(
    edited,
    file,
    /(export type QuestionTypeTraits =[\s\S]*?\});/,
    `$1\n  | { answer: '${name}'; matching: false; insights: '${name}Tally' };`,
  );
  return replaceOnce(
    edited,
    file,
    /\n\} as const satisfies Record<string, QuestionTypeTraits>;/,
    `\n  ${name}: { answer: '${name}', matching: false, insights: '${name}Tally' },\n} as const satisfies Record<string, QuestionTypeTraits>;`,
  );
}

/** domain/feedback.ts with the shape a shared question of answer kind `name` has: its counts. */
function addTrialFeedback(feedback: string, name: string): string {
  return replaceOnce(
    feedback,
    'domain/feedback.ts',
    /export type SharedQuestionFeedback = ([^;]+);/,
    `export type SharedQuestionFeedback = $1 | (SharedHead & { answer: '${name}'; counts: number[] });`,
  );
}

/** questionFigures.tsx with the figure of summary `${name}Tally`: counts per answer. */
function addTrialInsight(figures: string, name: string): string {
  return replaceOnce(
    figures,
    'src/features/insights/questionFigures.tsx',
    /export type QuestionInsight = ([^;]+);/,
    `export type QuestionInsight = $1 | { summary: '${name}Tally'; questionId: string; title: string; counts: number[] };`,
  );
}

/**
 * Parsed (and, once a checker has run, bound) source files, shared by the zones' programs as an
 * editor's language service shares them: the zones read mostly the same files (the tests' zone
 * reads src, scripts and the functions again, every zone the same declaration files), and
 * parsing and binding them once instead of up to five times is most of what sharing saves. A
 * file is shared only between zones that parse it alike (its language version and module format,
 * and the zone's JSX and module settings); the zones agree on every option that changes binding.
 */
const parsedFiles = new Map<string, ts.SourceFile | undefined>();

function sharingHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, parsing, onError, shouldCreate) => {
    const how = typeof parsing === 'object' ? { ...parsing, setExternalModuleIndicator: undefined } : parsing;
    const key = JSON.stringify([fileName, how, options.jsx, options.module, options.moduleDetection]);
    if (!parsedFiles.has(key)) parsedFiles.set(key, read(fileName, parsing, onError, shouldCreate));
    return parsedFiles.get(key);
  };
  return host;
}

/**
 * The type errors of one zone in `dir`, as tsc prints them (`file(line,col): error TS…: …`), in the
 * files the zone includes: a file another zone includes (the tests import src, scripts and the
 * functions) is checked there, once, as `tsc -b` checks each file in its own zone. Checking the
 * tests' imports again under the tests' settings found no place of its own and cost most of the time.
 */
function zoneErrors(dir: string, project: string): string[] {
  const config = path.join(dir, project.endsWith('.json') ? project : path.join(project, 'tsconfig.json'));
  const parsed = ts.getParsedCommandLineOfConfigFile(
    config,
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`${config} could not be read`);
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host: sharingHost(parsed.options) });
  const own = parsed.fileNames.flatMap((file) => program.getSourceFile(file) ?? []);
  const diagnostics = [
    ...parsed.errors,
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...own.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
  ];
  return diagnostics.map((diagnostic) => {
    const message = `error TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${path.relative(dir, diagnostic.file.fileName)}(${line + 1},${character + 1}): ${message}`;
  });
}

/** Node running `args` in `dir`: its output, whatever its exit code. */
function run(dir: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: dir, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve(stdout + stderr);
    });
  });
}

/** The tests that hold the copies the compiler cannot see, run in `dir`: each failed test's file and messages. */
async function copyChecks(dir: string): Promise<{ file: string; messages: string }[]> {
  const report = path.join(dir, 'copy-checks.json');
  const files = ['tests/lint/questionTypeRules.test.ts', 'tests/scripts/rehearsalQuestions.test.ts'];
  await run(dir, [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--project',
    'unit',
    '--reporter=json',
    `--outputFile=${report}`,
    ...files,
  ]);
  const results = (
    JSON.parse(readFileSync(report, 'utf8')) as {
      testResults: { name: string; assertionResults: { status: string; failureMessages: string[] }[] }[];
    }
  ).testResults;
  return results.flatMap((result) =>
    result.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => ({ file: path.relative(dir, result.name), messages: test.failureMessages.join('\n') })),
  );
}

/**
 * Where a tsc error line (`file(line,col): error …`) falls: the file and the innermost named
 * declaration around it (a function, a method, a variable, a type, a component), so that each
 * switch is a place of its own even when a file has several.
 */
function placeOf(dir: string, errorLine: string): string {
  const match = /^(.+?)\((\d+),(\d+)\)/.exec(errorLine);
  if (!match?.[1]) return errorLine;
  const file = path.normalize(match[1]);
  const source = ts.createSourceFile(file, readFileSync(path.join(dir, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const position = source.getPositionOfLineAndCharacter(Number(match[2]) - 1, Number(match[3]) - 1);
  let name = '';
  const visit = (node: ts.Node): void => {
    if (position < node.getStart(source) || position >= node.getEnd()) return;
    const named = (node as { name?: ts.Node }).name;
    if (
      named &&
      ts.isIdentifier(named) &&
      (ts.isFunctionDeclaration(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isVariableDeclaration(node) ||
        ts.isTypeAliasDeclaration(node) ||
        ts.isInterfaceDeclaration(node))
    )
      name = named.text;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return `${file}: ${name || '(top level)'}`;
}

/** `text` parsed as TypeScript (TSX for a `.tsx` file): its syntax errors. */
const syntaxErrors = (text: string, fileName: string): string[] =>
  (ts.transpileModule(text, { reportDiagnostics: true, fileName }).diagnostics ?? []).map((diagnostic) =>
    ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  );

describe('a new question type', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'question-type-trial-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it(
    "is named by the compiler in every place that must handle it and nowhere else, by the rules test and by the rehearsal's",
    async () => {
      for (const entry of TREE) {
        cpSync(path.join(root, entry), path.join(scratch, entry), {
          recursive: true,
          filter: (source) => !SKIPPED.has(path.basename(source)),
        });
      }
      symlinkSync(realpathSync(path.join(root, 'node_modules')), path.join(scratch, 'node_modules'), 'dir');
      const edit = (file: string, change: (text: string, name: string) => string) =>
        writeFileSync(path.join(scratch, file), change(readFileSync(path.join(scratch, file), 'utf8'), 'trial'));
      edit(EDITED[0], addTrialType);
      edit(EDITED[1], addTrialFeedback);
      edit(EDITED[2], addTrialInsight);

      const errors = PROJECTS.flatMap((project) => zoneErrors(scratch, project));
      const places = [...new Set(errors.map((line) => placeOf(scratch, line)))].sort();
      expect(places, errors.join('\n')).toEqual(PLACES);

      const failed = await copyChecks(scratch);
      expect([...new Set(failed.map((test) => test.file))].sort()).toEqual([
        'tests/lint/questionTypeRules.test.ts',
        'tests/scripts/rehearsalQuestions.test.ts',
      ]);
      const said = failed.map((test) => test.messages).join('\n');
      expect(said).toContain('firestore.rules lists other question types than domain/questionTypes.ts');
      expect(said).toContain("scripts/rehearse/questions.ts's QUESTIONS ask no question of these types");
      // The rehearsal's check names the type no question asks.
      expect(said).toMatch(/expected \[ 'trial' \] to deeply equal \[\]/);

      // What the change touches outside the tests: the files it edits, those the compiler names
      // and those the two tests name. At most eight, so a reader's plan stays short.
      const touched = new Set([
        ...EDITED,
        ...places.map((place) => place.split(': ')[0] ?? '').filter((file) => !file.startsWith('tests/')),
        ...['firestore.rules', 'scripts/rehearse/questions.ts'].filter((file) => said.includes(file)),
      ]);
      expect([...touched].sort()).toEqual(FILES);
      expect(touched.size).toBeLessThanOrEqual(8);
    },
    10 * 60_000,
  );

  it('finds its places by pattern: the edits hold after a real type has been added', () => {
    const twice = <T extends string>(text: string, change: (text: string, name: string) => string, names: T[]) =>
      names.reduce((edited, name) => change(edited, name), text);
    const list = twice(readFileSync(path.join(root, 'domain/questionTypes.ts'), 'utf8'), addTrialType, ['yesno', 'trial']);
    expect(list).toMatch(/export type AnswerKind = [^;]*'yesno' \| 'trial';/);
    expect(list).toMatch(/ {2}yesno: \{[^}]*\},\n {2}trial: \{[^}]*\},\n\} as const satisfies/);
    expect(list).toMatch(/\| \{ answer: 'yesno'[^}]*\}\n {2}\| \{ answer: 'trial'[^}]*\};/);
    const feedback = twice(readFileSync(path.join(root, 'domain/feedback.ts'), 'utf8'), addTrialFeedback, ['yesno', 'trial']);
    const figures = twice(readFileSync(path.join(root, 'src/features/insights/questionFigures.tsx'), 'utf8'), addTrialInsight, [
      'yesno',
      'trial',
    ]);
    expect([list, feedback, figures].flatMap((text, index) => syntaxErrors(text, EDITED[index] ?? ''))).toEqual([]);
    expect(feedback).toMatch(/answer: 'yesno'[^;]*answer: 'trial'/);
    expect(figures).toMatch(/summary: 'yesnoTally'[^;]*summary: 'trialTally'/);
  });
});
