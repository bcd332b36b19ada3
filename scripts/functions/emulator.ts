// The Cloud Functions as they are deployed, on this machine: firebase-tools' Functions emulator
// runs the codebase as `firebase deploy` uploads it (its deploy archive, unpacked with the
// dependencies its own lockfile gives: scripts/functions/deployArchive.ts) against the local
// backend, which delivers each write a Firestore trigger matches as a CloudEvent (DECISIONS.md,
// "Where the server reactions run"). `npm start`, `npm run serve`, the rehearsal, the benchmarks
// and the tests start it here: the codebase is built first when its sources are newer than the
// build, the run's params are written as the emulator reads them (an .env.local of the run's
// own), and a codebase the deploy would refuse (an archive that lacks a file its entry point
// reaches, options the deploy's checks refuse) stops the start with the reason.

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { freePort } from '../hosting/emulator.js';
import { functionsConfig, stageFunctions } from './deployArchive.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHILD = path.join(root, 'scripts/functions/emulatorChild.ts');
const run = promisify(execFile);

/** What a deploy uploads is firebase.json's functions source minus its `ignore` list; the emulator watches the same. */
function functionsIgnore(projectDir: string): string[] {
  return functionsConfig(projectDir).ignore ?? ['node_modules', '.git', '*.log', '*.local'];
}

export interface LoadedFunction {
  name: string;
  region?: string;
  /** The id the emulator's hub serves it under. */
  key: string;
  /** A scheduled function's schedule, e.g. "every 10 minutes". */
  schedule?: string;
}

export interface FunctionsEmulatorOptions {
  projectId: string;
  /** host:port of the local backend's Firestore, which the triggers are registered with. */
  firestore: string;
  auth?: string;
  storage?: string;
  /** The run's params (SMTP_HOST, ...), over the codebase's .env and .env.<project> files. */
  params: Record<string, string>;
  /**
   * The codebase folder to load as it is (a scratch copy, say); by default the project's codebase
   * is built when stale and staged from its deploy archive. And the project folder holding its firebase.json.
   */
  functionsDir?: string;
  projectDir?: string;
  port?: number;
  /** Runs the scheduled functions on their schedules (default true; tests run them when they ask). */
  schedules?: boolean;
  /** Each line the emulator prints (the functions' own logs among them). */
  log?: (line: string) => void;
  /** How long loading the codebase may take (ms). */
  timeoutMs?: number;
  /**
   * Tells the backend (over HTTP) to send this project's trigger events here (default true); off
   * when the backend was started with this emulator's address already (then `port` must be given).
   */
  pointBackend?: boolean;
}

export interface RunningFunctionsEmulator {
  /** host:port of the emulator's hub. */
  address: string;
  functions: LoadedFunction[];
  /**
   * Its own temporary folder, which it and its function processes use (each process's socket is
   * there) and which goes when it stops or is killed.
   */
  tmpDir: string;
  /** Runs a scheduled function now, as Cloud Scheduler does (resolves when it finished). */
  runScheduled(name: string): Promise<void>;
  /** Stops the emulator and its function processes, and stops the backend's deliveries to it. */
  stop(): Promise<void>;
  /** Kills it and its function processes at once (SIGKILL), as a crash would; the backend still points at it. */
  kill(): Promise<void>;
}

/** The newest modification time under a folder (its files' and its own), skipping what `skip` names. */
function newestChange(dir: string, skip: (name: string) => boolean): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (skip(entry.name)) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full, skip) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Whether functions/lib is older than the sources it is built from (the functions, the domain code, the settings). */
export function functionsBuildIsStale(functionsDir = path.join(root, 'functions')): boolean {
  const entry = path.join(
    functionsDir,
    (JSON.parse(fs.readFileSync(path.join(functionsDir, 'package.json'), 'utf8')) as { main: string }).main,
  );
  if (!fs.existsSync(entry)) return true;
  const built = newestChange(path.join(functionsDir, 'lib'), () => false);
  const sources = Math.max(
    newestChange(path.join(functionsDir, 'src'), () => false),
    newestChange(path.join(root, 'domain'), () => false),
    ...['tsconfig.json', 'package.json'].map((file) => fs.statSync(path.join(functionsDir, file)).mtimeMs),
    fs.statSync(path.join(root, 'tsconfig.base.json')).mtimeMs,
  );
  return sources > built;
}

/** Builds functions/lib (npm run build:functions) when it is stale; a compile error fails with tsc's output. */
export async function buildFunctionsIfStale(log: (line: string) => void = () => undefined): Promise<void> {
  if (!functionsBuildIsStale()) return;
  log('Building the Cloud Functions (functions/lib is missing or older than its sources)…');
  try {
    await run('npm', ['run', 'build', '--workspace', 'functions'], { cwd: root });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`The Cloud Functions do not build (npm run build:functions):\n${stdout}${stderr}`.trim(), { cause: error });
  }
}

/**
 * The project's codebase as a deploy uploads it: built when stale (the project's own), packed and
 * unpacked with its dependencies installed; an archive a deploy could not run refuses the start.
 */
export async function stagedCodebase(projectDir = root, log: (line: string) => void = () => undefined): Promise<string> {
  if (projectDir === root) await buildFunctionsIfStale(log);
  const staged = await stageFunctions({ projectDir, log });
  log(
    `Running the Cloud Functions from their deploy archive (${staged.files.length} files, packed as firebase deploy packs them), unpacked in ${staged.dir}`,
  );
  return staged.dir;
}

/** Tells the backend where this project's trigger events go (null: back to its default). */
async function pointBackend(firestore: string, projectId: string, address: string | null): Promise<void> {
  const reply = await fetch(`http://${firestore}/emulator/v1/projects/${encodeURIComponent(projectId)}:functionsEmulator`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address }),
  });
  if (!reply.ok)
    throw new Error(
      `The local backend at ${firestore} refused the Functions emulator's address: ${reply.status} ${await reply.text()}`,
    );
}

/** The params as a dotenv file: one KEY=value a line, values quoted so that spaces and # survive. */
function dotenv(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}\n`)
    .join('');
}

/** A folder of the run's own with the codebase's .env files and the run's params as .env.local (read in the emulator only). */
async function configFolder(functionsDir: string, projectId: string, params: Record<string, string>): Promise<string> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'functions-config-'));
  for (const file of ['.env', `.env.${projectId}`]) {
    if (fs.existsSync(path.join(functionsDir, file))) await fsp.copyFile(path.join(functionsDir, file), path.join(dir, file));
  }
  await fsp.writeFile(path.join(dir, '.env.local'), dotenv(params));
  return dir;
}

/** Kills a process group (the child and the function processes it started) and waits for the child's exit. */
async function killGroup(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
  const timer = setTimeout(() => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

/** Starts the Functions emulator on the codebase; resolves once every trigger is registered with the backend. */
export async function startFunctionsEmulator(options: FunctionsEmulatorOptions): Promise<RunningFunctionsEmulator> {
  const projectDir = options.projectDir ?? root;
  const functionsDir = options.functionsDir ?? (await stagedCodebase(projectDir, options.log));
  const port = options.port ?? (await freePort());
  const host = '127.0.0.1';
  const address = `${host}:${port}`;
  const configDir = await configFolder(functionsDir, options.projectId, options.params);
  const pointing = options.pointBackend ?? true;
  if (pointing) await pointBackend(options.firestore, options.projectId, address);
  // The emulator's temporary folder, removed when it stops: each function's process listens on a
  // socket there, which firebase-tools names in the machine's temporary folder and never removes
  // (a run of the test suite left about fifty in /tmp). Short, as a socket's path must be.
  const tmpDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'fn-'));

  const settings = {
    projectId: options.projectId,
    projectDir,
    functionsDir,
    configDir,
    ignore: functionsIgnore(projectDir),
    host,
    port,
    firestore: options.firestore,
    auth: options.auth,
    storage: options.storage,
    schedules: options.schedules ?? true,
  };
  // Its own process group, so that stopping it reaches the function processes it starts too.
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(settings)], {
    cwd: projectDir,
    // A function's first call starts a process for it, which loads the codebase: on a busy
    // machine that takes longer than the emulator's 30 s default, after which it gives the call up.
    env: { FUNCTIONS_DISCOVERY_TIMEOUT: '120', ...process.env, GCLOUD_PROJECT: options.projectId, TMPDIR: tmpDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output: string[] = [];
  let outcome: { loaded?: LoadedFunction[]; failed?: string } | null = null;
  let settle: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  let rest = '';
  let prompting = false;
  const take = (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('@@loaded ')) {
        outcome = { loaded: (JSON.parse(line.slice(9)) as { functions: LoadedFunction[] }).functions };
        settle();
      } else if (line.startsWith('@@failed ')) {
        outcome = { failed: (JSON.parse(line.slice(9)) as { message: string }).message };
        settle();
      } else if (line.trim() !== '') {
        // A param without a value: firebase-tools asks for it on the terminal (as a deploy does),
        // naming it on the line after this one, and waits; nobody answers here, so the start fails.
        const asked = prompting ? /^([A-Z][A-Z0-9_]*): /.exec(line) : null;
        if (asked && !outcome) {
          outcome = {
            failed: `the param ${asked[1]} has no value, and firebase-tools asks for one (as a deploy does; firebase deploy --non-interactive refuses). Give it a value in functions/.env, or in the environment under its own name.`,
          };
          settle();
        }
        prompting = line.startsWith('Prompting for parameters');
        output.push(line);
        if (output.length > 200) output.shift();
        options.log?.(line);
      }
    }
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  child.once('exit', () => settle());

  const removeFolders = () =>
    Promise.all([configDir, tmpDir].map((dir) => fsp.rm(dir, { recursive: true, force: true }))).then(() => undefined);
  const cleanUp = async () => {
    await killGroup(child, 'SIGINT');
    await removeFolders();
  };
  const timeoutMs = options.timeoutMs ?? 120_000;
  const timer = setTimeout(settle, timeoutMs);
  await settled;
  clearTimeout(timer);
  const result = outcome as { loaded?: LoadedFunction[]; failed?: string } | null;
  if (!result?.loaded) {
    await cleanUp();
    if (pointing) await pointBackend(options.firestore, options.projectId, null).catch(() => undefined);
    const why =
      result?.failed ??
      (child.exitCode !== null ? `it stopped (exit ${child.exitCode})` : `it did not load within ${timeoutMs / 1000} s`);
    throw new Error(
      `firebase-tools' Functions emulator could not load ${path.relative(projectDir, functionsDir) || functionsDir}: ${why}\n${output.join('\n')}`.trim(),
    );
  }
  const functions = result.loaded;

  return {
    address,
    functions,
    tmpDir,
    async runScheduled(name) {
      const fn = functions.find((candidate) => candidate.name === name);
      if (!fn?.schedule) throw new Error(`${name} is not a scheduled function of this codebase.`);
      const reply = await fetch(`http://${address}/functions/projects/${options.projectId}/triggers/${fn.key}`, {
        method: 'POST',
        headers: {
          'x-cloudscheduler-jobname': `firebase-schedule-${name}`,
          'x-cloudscheduler-scheduletime': new Date().toISOString(),
        },
      });
      if (!reply.ok) throw new Error(`The run of ${name} failed: ${reply.status} ${await reply.text()}`);
    },
    async stop() {
      if (pointing) await pointBackend(options.firestore, options.projectId, null).catch(() => undefined);
      await cleanUp();
    },
    async kill() {
      await killGroup(child, 'SIGKILL');
      await removeFolders();
    },
  };
}

/**
 * The codebase's params for a run on this machine (docs/deploying.md lists what production
 * reads): SMTP through the run's mail catcher, the demo's sender and contact. Each may be set in
 * the environment under its own name instead; the emulator asks for a param without a value (a
 * deploy does too), so every one has one here. The SMTP password is a secret: functions/.secret.local.
 */
export function localFunctionParams(
  settings: { smtpPort: number; appUrl?: string },
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const setting = (name: string, fallback: string) => env[name] ?? fallback;
  return {
    SMTP_HOST: setting('SMTP_HOST', '127.0.0.1'),
    SMTP_PORT: setting('SMTP_PORT', String(settings.smtpPort)),
    SMTP_SECURE: setting('SMTP_SECURE', 'false'),
    SMTP_USER: setting('SMTP_USER', ''),
    SMTP_FROM: setting('SMTP_FROM', 'innovation@example.edu'),
    ORGANISATION_NAME: setting('ORGANISATION_NAME', 'Polytechnic Innovation Office'),
    APP_URL: setting('APP_URL', settings.appUrl ?? 'http://localhost:5173'),
    CONTACT_EMAIL: setting('CONTACT_EMAIL', 'innovation@example.edu'),
    CONTACT_FIRST_NAME: setting('CONTACT_FIRST_NAME', 'Innovation'),
    CONTACT_LAST_NAME: setting('CONTACT_LAST_NAME', 'Office'),
  };
}
