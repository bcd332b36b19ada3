// The child process that runs firebase-tools' Functions emulator on the local backend (started by
// scripts/functions/emulator.ts). firebase-tools starts its Functions emulator only beside its own
// Firestore emulator (a Java program that cannot run here), so this process starts it as
// `firebase emulators:start` does, after registering the local backend, the Auth emulator and
// Storage in the emulator registry in their place: the Functions emulator then loads the codebase
// as a deploy does (manifest discovery, params from the .env files, secrets from .secret.local),
// registers each Firestore trigger with the backend over HTTP and runs the functions it delivers.
// Its log lines go to stdout; one line says whether the codebase loaded:
// `@@loaded {"functions": [...]}` or `@@failed {"message": "..."}`. A scheduled function is run on
// its schedule the way Cloud Scheduler runs a 2nd-gen one: a POST to its trigger's address.

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const require = createRequire(import.meta.url);

interface ChildSettings {
  projectId: string;
  projectDir: string;
  functionsDir: string;
  /** Where the .env files of this run are (params); the codebase's own folder when absent. */
  configDir?: string;
  /** Paths ignored when watching the codebase for changes (firebase.json's functions ignore). */
  ignore: string[];
  host: string;
  port: number;
  /** host:port of each local service the functions reach. */
  firestore: string;
  auth?: string;
  storage?: string;
  /** Runs the scheduled functions on their schedules (off: only when asked). */
  schedules: boolean;
}

/** The emulator registry's view of a service that runs elsewhere (this process neither starts nor stops it). */
interface EmulatorInstance {
  start(): Promise<void>;
  connect(): Promise<void>;
  stop(): Promise<void>;
  getInfo(): { name: string; host: string; port: number };
  getName(): string;
}

interface TriggerDefinition {
  id: string;
  name: string;
  region?: string;
  schedule?: { schedule?: string };
  /** The secrets the function declares (`secrets: [...]`), by the environment name it reads them under. */
  secretEnvironmentVariables?: { key: string }[];
}

interface FunctionsEmulatorInstance extends EmulatorInstance {
  getTriggerDefinitions(): TriggerDefinition[];
  /** The id its hub serves a trigger under (the function's id and the triggers' generation). */
  getTriggerKey(definition: TriggerDefinition): string;
}

const tools = (module: string) => require(`firebase-tools/lib/${module}`) as Record<string, unknown>;
const { EmulatorRegistry } = tools('emulator/registry.js') as {
  EmulatorRegistry: { start(i: EmulatorInstance): Promise<void>; stopAll(): Promise<void> };
};
const { FunctionsEmulator } = tools('emulator/functionsEmulator.js') as {
  FunctionsEmulator: new (args: Record<string, unknown>) => FunctionsEmulatorInstance;
};
const { logger } = tools('logger.js') as { logger: { add(transport: unknown): void } };
/**
 * What `firebase deploy` checks of the discovered functions before it uploads them and the
 * emulator does not: timeouts within their trigger's limit, memory and CPU, concurrency
 * (lib/deploy/functions/validate.js, as lib/deploy/functions/prepare.js calls it). The emulator
 * resolves the codebase with build.resolveBackend, as a deploy does; the same checks run on what
 * it resolves, and their error fails the loading with the deploy's own message.
 */
function checkAsDeployWould(): void {
  const build = tools('deploy/functions/build.js') as { resolveBackend: (...args: unknown[]) => Promise<{ backend: unknown }> };
  const { endpointsAreValid } = tools('deploy/functions/validate.js') as {
    endpointsAreValid(want: unknown, have: unknown): void;
  };
  const { empty } = tools('deploy/functions/backend.js') as { empty(): unknown };
  const resolve = build.resolveBackend;
  build.resolveBackend = async (...args: unknown[]) => {
    const resolution = await resolve(...args);
    endpointsAreValid(resolution.backend, empty());
    return resolution;
  };
}

/** firebase-tools' reader of .env and .secret.local files (lib/functions/env.js). */
const { parseStrict } = tools('functions/env.js') as { parseStrict(text: string): Record<string, string> };

/**
 * The declared secrets that functions/.secret.local gives no value: for those the Functions
 * emulator would ask Google's Secret Manager when the function runs, a request off this machine.
 */
function secretsWithoutValue(functionsDir: string, definitions: TriggerDefinition[]): string[] {
  const file = path.join(functionsDir, '.secret.local');
  const values = fs.existsSync(file) ? parseStrict(fs.readFileSync(file, 'utf8')) : {};
  const declared = definitions.flatMap((definition) =>
    (definition.secretEnvironmentVariables ?? []).map(({ key }) => `${key} (${definition.name})`),
  );
  return [...new Set(declared)].filter((entry) => !values[entry.slice(0, entry.indexOf(' '))]);
}

/** A running service of this machine, as the registry sees one. */
function elsewhere(name: string, address: string): EmulatorInstance {
  const at = address.lastIndexOf(':');
  const info = { name, host: address.slice(0, at), port: Number(address.slice(at + 1)) };
  return {
    start: async () => undefined,
    connect: async () => undefined,
    stop: async () => undefined,
    getInfo: () => info,
    getName: () => name,
  };
}

/** firebase-tools' log lines (its `info` level and above, as `firebase emulators:start` prints them) to stdout. */
function printLogs(errors: string[]): void {
  const winston = createRequire(require.resolve('firebase-tools/package.json'))('winston') as {
    transports: { Console: new (options: Record<string, unknown>) => unknown };
    format: { printf(render: (info: Record<string | symbol, unknown>) => string): unknown };
  };
  logger.add(
    new winston.transports.Console({
      // FUNCTIONS_DEBUG=1 prints the emulator's debug lines too (each request, each process it starts).
      level: process.env.FUNCTIONS_DEBUG ? 'debug' : 'info',
      format: winston.format.printf((info) => {
        const splat = (info[Symbol.for('splat')] as unknown[] | undefined) ?? [];
        const text = stripVTControlCharacters([info.message, ...splat].filter((part) => typeof part === 'string').join(' '));
        if (info.level === 'error') errors.push(text);
        return text;
      }),
    }),
  );
}

/** The period of a Cloud Scheduler schedule in its `every N minutes|hours` form (ms), or null. */
function schedulePeriodMs(schedule: string): number | null {
  const every = /^every (\d+) (minutes?|mins?|hours?)$/.exec(schedule.trim());
  if (!every) return null;
  return Number(every[1]) * (every[2]?.startsWith('h') ? 3_600_000 : 60_000);
}

/** Runs a scheduled function every period, as Cloud Scheduler would (a POST to the function). */
function runOnSchedule(settings: ChildSettings, name: string, key: string, schedule: string): void {
  const period = schedulePeriodMs(schedule);
  if (period === null) {
    console.log(
      `i  functions: ${name} runs "${schedule}" in production; here only when asked (a schedule of the form "every N minutes" runs here too).`,
    );
    return;
  }
  const url = `http://${settings.host}:${settings.port}/functions/projects/${settings.projectId}/triggers/${key}`;
  setInterval(() => {
    fetch(url, {
      method: 'POST',
      headers: {
        'x-cloudscheduler-jobname': `firebase-schedule-${name}`,
        'x-cloudscheduler-scheduletime': new Date().toISOString(),
      },
    })
      .then(async (reply) => {
        if (!reply.ok)
          console.log(`⚠  functions: the scheduled run of ${name} failed: ${reply.status} ${(await reply.text()).slice(0, 500)}`);
      })
      .catch((error: unknown) => console.log(`⚠  functions: the scheduled run of ${name} failed: ${String(error)}`));
  }, period).unref();
  console.log(`i  functions: ${name} runs ${schedule}.`);
}

async function main(): Promise<void> {
  const settings = JSON.parse(process.argv[2] ?? '') as ChildSettings;
  const errors: string[] = [];
  printLogs(errors);
  checkAsDeployWould();
  await EmulatorRegistry.start(elsewhere('firestore', settings.firestore));
  // The backend keeps registrations across its restarts: those of an earlier run of this project
  // (a function since removed, say) go, and the codebase's own are registered below.
  const cleared = await fetch(`http://${settings.firestore}/emulator/v1/projects/${settings.projectId}/eventarcTrigger`, {
    method: 'DELETE',
  });
  if (!cleared.ok)
    throw new Error(
      `The local backend at ${settings.firestore} did not clear the old triggers: ${cleared.status} ${await cleared.text()}`,
    );
  if (settings.auth) await EmulatorRegistry.start(elsewhere('auth', settings.auth));
  if (settings.storage) await EmulatorRegistry.start(elsewhere('storage', settings.storage));

  const emulator = new FunctionsEmulator({
    projectId: settings.projectId,
    projectDir: settings.projectDir,
    host: settings.host,
    port: settings.port,
    verbosity: process.env.FUNCTIONS_DEBUG ? 'DEBUG' : 'INFO',
    // Given, so the emulator does not ask Google for the project's settings.
    adminSdkConfig: { projectId: settings.projectId, storageBucket: `${settings.projectId}.firebasestorage.app` },
    emulatableBackends: [
      {
        functionsDir: settings.functionsDir,
        codebase: 'default',
        configDir: settings.configDir,
        env: {},
        secretEnv: [],
        ignore: settings.ignore,
      },
    ],
  });
  await EmulatorRegistry.start(emulator);
  await emulator.connect();

  const loaded = emulator.getTriggerDefinitions();
  if (loaded.length === 0) {
    const message =
      errors.join('\n') || `No function was loaded from ${path.relative(settings.projectDir, settings.functionsDir)}.`;
    console.log(`@@failed ${JSON.stringify({ message })}`);
    await EmulatorRegistry.stopAll();
    process.exit(1);
  }
  const missing = secretsWithoutValue(settings.functionsDir, loaded);
  if (missing.length > 0) {
    const message = `functions/.secret.local has no value for the secrets ${missing.join(', ')}: give each a local value there (a dummy when the local services need none), as production's Secret Manager holds them.`;
    console.log(`@@failed ${JSON.stringify({ message })}`);
    await EmulatorRegistry.stopAll();
    process.exit(1);
  }
  const functions = loaded.map((definition) => ({
    name: definition.name,
    region: definition.region,
    key: emulator.getTriggerKey(definition),
    schedule: definition.schedule?.schedule,
  }));
  console.log(`@@loaded ${JSON.stringify({ functions })}`);
  if (settings.schedules) {
    for (const fn of functions) if (fn.schedule) runOnSchedule(settings, fn.name, fn.key, fn.schedule);
  }

  const stop = (): void => {
    void EmulatorRegistry.stopAll().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Its own process group keeps it out of a terminal's Ctrl-C: if the process that started it
  // dies without stopping it, it stops by itself rather than linger.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 2_000).unref();
}

main().catch((error: unknown) => {
  console.log(`@@failed ${JSON.stringify({ message: error instanceof Error ? error.message : String(error) })}`);
  process.exit(1);
});
