// `npm run preflight`'s command line: --help, a wrong option told in one line (no stack trace),
// the project taken as an alias or an id, the mode following the alias, and a bare run that
// checks the one real alias of .firebaserc or says why it cannot choose.

import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../scripts/preflight';
import { PROJECT, preflightProjects, rebuild } from '../support/preflightProject';

const repo = path.resolve(import.meta.dirname, '../..');
const projects = preflightProjects();
beforeAll(projects.setUp);
afterAll(projects.tearDown);

function run(args: string[], root = projects.copy()): { code: number; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const code = cli(args, root, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err };
}

/** A copy whose app settings are in .env.live.local and whose build is of mode live, as the guide has it. */
function liveCopy(): string {
  const dir = projects.copy();
  renameSync(path.join(dir, '.env.production.local'), path.join(dir, '.env.live.local'));
  rebuild(dir, { mode: 'live' });
  return dir;
}

describe('npm run preflight on the command line', () => {
  it.each([['--help'], ['-h']])('%s prints the help and exits 0', (flag) => {
    const { code, out, err } = run([flag]);
    expect(code).toBe(0);
    expect(out.join('\n')).toMatch(/^Usage: npm run preflight -- --project <alias or id>/);
    expect(out.join('\n')).toContain('--domain');
    expect(err).toEqual([]);
  });

  it.each([
    [['--projcet', 'live'], "preflight: Unknown option '--projcet'. See npm run preflight -- --help"],
    [['--project'], "preflight: Option '-P, --project <value>' argument missing. See npm run preflight -- --help"],
    [['live'], "preflight: Unexpected argument 'live'. See npm run preflight -- --help"],
  ])('%j is told in one line, exit 2', (args, message) => {
    const { code, out, err } = run(args);
    expect({ code, out, err }).toEqual({ code: 2, out: [], err: [message] });
  });

  it('checks an alias in the mode of the same name, naming the alias and the id', () => {
    const { code, out } = run(['--project', 'live'], liveCopy());
    expect(out[0]).toBe(`Checking live (${PROJECT}), built in mode live:`);
    expect(out).toContain(`\nReady to deploy to live (${PROJECT}).`);
    expect(code).toBe(0);
  });

  it('checks a project id as its alias', () => {
    const { code, out } = run(['-P', PROJECT], liveCopy());
    expect(out[0]).toBe(`Checking live (${PROJECT}), built in mode live:`);
    expect(code).toBe(0);
  });

  it('prints each finding with its label and the section that fixes it, and exits 1 while any must be fixed', () => {
    const dir = liveCopy();
    writeFileSync(path.join(dir, 'functions', '.env.live'), 'SMTP_PORT=587\n');
    appendFileSync(path.join(dir, 'functions', `.env.${PROJECT}`), 'SMTP_USER=\n');
    const { code, out } = run(['--project', 'live'], dir);
    expect(code).toBe(1);
    const text = out.join('\n');
    expect(text).toContain(`  FAIL Both functions/.env.live and functions/.env.${PROJECT} exist`);
    expect(text).toContain('       see docs/deploying.md#mail-and-matching-settings');
    expect(text).toContain('  note SMTP_USER is empty');
    expect(text).toContain('  ok   firestore.rules parses');
    expect(text).toContain(`finding(s) to fix: not ready to deploy to live (${PROJECT}).`);
  });

  describe('with no --project', () => {
    it('checks the one alias of .firebaserc that names no demo project', () => {
      const { code, out } = run([], liveCopy());
      expect(out.slice(0, 2)).toEqual([
        'No --project given: checking live, the one alias of .firebaserc that names no demo project.',
        `Checking live (${PROJECT}), built in mode live:`,
      ]);
      expect(code).toBe(0);
    });

    it('prints the usage and why, exit 2, when there is no such alias or several', () => {
      const none = projects.copy();
      writeFileSync(path.join(none, '.firebaserc'), JSON.stringify({ projects: { default: 'demo-pitch-live' } }));
      expect(run([], none)).toEqual({
        code: 2,
        out: [],
        err: [
          'Usage: npm run preflight -- --project <alias or id> [--mode <mode>] [--domain <domain>]',
          '.firebaserc has no alias of a real project yet (docs/deploying.md#point-this-repository-at-the-project).',
        ],
      });
      const two = projects.copy();
      writeFileSync(
        path.join(two, '.firebaserc'),
        JSON.stringify({ projects: { default: 'demo-pitch-live', live: PROJECT, staging: 'pitch-live-staging' } }),
      );
      expect(run([], two).err[1]).toBe('.firebaserc has several aliases (live, staging): name one with --project.');
    });
  });

  it('runs as npm runs it: --help exits 0, an unknown option exits 2 with no stack trace', () => {
    const tsx = path.join(repo, 'node_modules', '.bin', 'tsx');
    expect(execFileSync(tsx, ['scripts/preflight.ts', '--help'], { cwd: repo, encoding: 'utf8' })).toMatch(/^Usage: /);
    const wrong = spawnSync(tsx, ['scripts/preflight.ts', '--bogus'], { cwd: repo, encoding: 'utf8' });
    expect({ status: wrong.status, stdout: wrong.stdout, stderr: wrong.stderr }).toEqual({
      status: 2,
      stdout: '',
      stderr: "preflight: Unknown option '--bogus'. See npm run preflight -- --help\n",
    });
  });
});
