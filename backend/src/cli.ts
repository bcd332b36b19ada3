// `npm run emulators`: the local backend (Firestore, Storage) and the Auth emulator on the ports
// of firebase.json, enforcing the rules files it names (reloaded on every edit), with data kept in
// .data/ between runs; with `--require-indexes`, queries need the indexes of its indexes file as
// in production, and with `--bucket-cors <file>`, a browser's downloads need their bucket's CORS
// configuration as in production. Also the start function that `npm start` reuses.

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startAuthEmulator, type RunningAuthEmulator } from './auth/authEmulator.js';
import type { RulesSource } from './rules/authorizer.js';
import { readRulesFile, watchRulesFile } from './rules/rulesFiles.js';
import { loadConfig, type LocalConfig, type ServiceAddress } from './config.js';
import { datasetDocuments, readDataset } from './dataset.js';
import { indexesDisplayName, requiredIndexes, watchIndexesFile } from './firestore/indexes/indexesFile.js';
import { startBackend, type RunningBackend } from './server.js';
import { readCorsFile } from './storage/bucketCors.js';

export interface EmulatorsOptions {
  config?: LocalConfig;
  /** Durable data folder; null keeps everything in memory. Defaults to the config's (.data/). */
  dataDir?: string | null;
  /** Opens a damaged data folder by salvaging every intact record (`--salvage`). */
  salvage?: boolean;
  /** A data set loaded into the project when it holds no documents yet. */
  importFile?: string;
  /** The only folder the export/import endpoints may use (default: exports/ in the data folder). */
  exportsDir?: string;
  /**
   * Queries need the indexes of firebase.json's indexes file, as in production (`--require-indexes`;
   * on in `npm start`). Off: every query runs, as in the official emulator.
   */
  requireIndexes?: boolean;
  /**
   * A CORS file in gcloud's format (storage.cors.json): every bucket starts with it and a browser's
   * downloads follow their bucket's configuration, as in production (`--bucket-cors`; on in
   * `npm start`). Absent: every origin may download, as with the official emulator.
   */
  bucketCorsFile?: string;
  /**
   * Where the changes that registered Firestore triggers match are delivered: firebase-tools'
   * Functions emulator (host:port; `--functions-emulator`), which registers them when it loads.
   */
  functionsEmulator?: string;
  /** Overrides firebase.json's ports (0 picks free ports), for tests. */
  ports?: Partial<Record<'auth' | 'firestore' | 'storage', number>>;
  log?: (line: string) => void;
}

export interface RunningEmulators {
  projectId: string;
  firestore: ServiceAddress;
  storage: ServiceAddress;
  auth: ServiceAddress;
  backend: RunningBackend;
  authEmulator: RunningAuthEmulator;
  /** Environment variables that point the Admin SDK and the firebase CLI at these services. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startEmulators(options: EmulatorsOptions = {}): Promise<RunningEmulators> {
  const config = options.config ?? loadConfig();
  const log = options.log ?? (() => {});
  const dataDir = options.dataDir === undefined ? config.dataDir : options.dataDir;
  // Nothing here runs on Google Cloud: Google's client libraries must not probe its metadata
  // server (a request off this machine) looking for credentials.
  process.env.METADATA_SERVER_DETECTION ??= 'none';

  // A broken rules file stops start-up here with `file:line:column: message`, a broken indexes
  // file with `file: entry: what is wrong`.
  const indexes = options.requireIndexes ? requiredIndexes(config.firestoreIndexes) : undefined;
  const bucketCors = options.bucketCorsFile ? readCorsFile(options.bucketCorsFile) : undefined;
  const backend = await startBackend({
    host: config.firestore.host,
    firestorePort: options.ports?.firestore ?? config.firestore.port,
    storagePort: options.ports?.storage ?? config.storage.port,
    dataDir: dataDir ?? undefined,
    salvage: options.salvage,
    exportsDir: options.exportsDir,
    rules: { firestore: readRulesFile(config.firestoreRules), storage: readRulesFile(config.storageRules) },
    indexes,
    bucketCors,
    functionsEmulator: options.functionsEmulator,
    log,
  });
  const reload = (apply: (rules: RulesSource) => void) => (rules: RulesSource) => {
    apply(rules);
    log(`Reloaded ${rules.file}`);
  };
  const keepRules = (error: Error): void => log(`${error.message} (the previous rules stay in force)`);
  const stopWatching = [
    watchRulesFile(
      config.firestoreRules,
      reload((rules) => backend.rules.setFirestoreRules(rules)),
      keepRules,
    ),
    watchRulesFile(
      config.storageRules,
      reload((rules) => backend.rules.setStorageRules(rules)),
      keepRules,
    ),
  ];
  const indexesFile = config.firestoreIndexes;
  if (indexes && indexesFile) {
    stopWatching.push(
      watchIndexesFile(
        indexesFile,
        (definitions) => {
          backend.indexes.setDefaults({ definitions });
          log(`Reloaded ${indexesDisplayName(indexesFile)}`);
        },
        (error) => log(`${error.message} (the previous indexes stay in force)`),
      ),
    );
  }
  const closeBackend = async (): Promise<void> => {
    for (const stop of stopWatching) stop();
    await backend.close();
  };
  let authEmulator: RunningAuthEmulator;
  try {
    authEmulator = await startAuthEmulator({
      host: config.auth.host,
      port: options.ports?.auth ?? config.auth.port,
      projectId: config.projectId,
      accountsFile: dataDir ? path.join(dataDir, 'auth', 'accounts.json') : undefined,
      log,
    });
  } catch (error) {
    await closeBackend();
    throw error;
  }

  const running: RunningEmulators = {
    projectId: config.projectId,
    firestore: { host: backend.host, port: backend.firestorePort },
    storage: { host: backend.host, port: backend.storagePort },
    auth: { host: authEmulator.host, port: authEmulator.port },
    backend,
    authEmulator,
    env: {
      GCLOUD_PROJECT: config.projectId,
      FIRESTORE_EMULATOR_HOST: `${backend.host}:${backend.firestorePort}`,
      FIREBASE_STORAGE_EMULATOR_HOST: `${backend.host}:${backend.storagePort}`,
      FIREBASE_AUTH_EMULATOR_HOST: `${authEmulator.host}:${authEmulator.port}`,
    },
    async close() {
      await Promise.allSettled([authEmulator.close(), closeBackend()]);
    },
  };

  if (options.importFile) {
    try {
      await importDataset(running, options.importFile, log);
    } catch (error) {
      await running.close();
      throw error;
    }
  }
  return running;
}

/** Loads a data set's documents when the project has none, and (re)creates its Auth users. */
export async function importDataset(
  running: RunningEmulators,
  file: string,
  log: (line: string) => void = () => {},
): Promise<{ documents: number; users: number }> {
  const dataset = await readDataset(file);
  const prefix = `projects/${running.projectId}/databases/`;
  const isEmpty = !running.backend.engine.exportDocuments().some((doc) => doc.name.startsWith(prefix));
  const documents = isEmpty ? datasetDocuments(dataset, running.projectId) : [];
  if (documents.length > 0) await running.backend.engine.importDocuments(documents);
  const users = dataset.auth?.users ?? [];
  if (users.length > 0) await running.authEmulator.addUsers(running.projectId, users);
  const name = path.relative(process.cwd(), file) || file;
  log(
    isEmpty
      ? `Loaded ${documents.length} documents and ${users.length} users from ${name}`
      : `Kept the existing data (the store is not empty); ${users.length} users from ${name}`,
  );
  return { documents: documents.length, users: users.length };
}

export function describeEmulators(running: RunningEmulators): string[] {
  return [
    `Project     ${running.projectId}`,
    `Firestore   http://${running.firestore.host}:${running.firestore.port}  (REST, WebChannel, gRPC)`,
    `Storage     http://${running.storage.host}:${running.storage.port}`,
    `Auth        http://${running.auth.host}:${running.auth.port}`,
  ];
}

/** Closes `stop` once on SIGINT/SIGTERM; a second signal exits at once. */
export function closeOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) process.exit(130);
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

const USAGE = `Usage: npm run emulators -- [--data <dir>] [--import <dataset.json>] [--in-memory] [--salvage] [--exports <dir>]
                             [--require-indexes] [--bucket-cors <file>] [--functions-emulator <host:port>]

  --data <dir>       keep data in <dir> (default: .data/ at the repository root)
  --import <file>    load a data set (see backend/demo/) into an empty store
  --in-memory        keep nothing on disk
  --exports <dir>    the only folder the export/import endpoints may write and read
                     (default: exports/ in the data folder)
  --salvage          open a damaged data folder: keep each damaged file aside
                     (<name>.damaged-<time>), recover every intact record before and
                     after the damage, and report what was skipped
  --require-indexes  a query its indexes cannot serve fails as in production
                     (FAILED_PRECONDITION, "The query requires an index…"): automatic
                     single-field indexes plus firebase.json's indexes file, reloaded
                     when edited. Without it every query runs, as in the official emulator.
  --bucket-cors <file>  a browser's downloads (getBytes, getBlob, fetch of a download URL)
                     need their bucket's CORS configuration, as in production: every bucket
                     starts with this file's (gcloud's format, such as storage.cors.json),
                     and PATCH /storage/v1/b/{bucket} {"cors": [...]} replaces one bucket's.
                     Without it every origin may download, as in the official emulator.
  --functions-emulator <host:port>  where firebase-tools' Functions emulator listens: the
                     Firestore triggers it registers receive each matching write there
                     as a CloudEvent, as the official emulator's --functions_emulator does.

The rules files of firebase.json are enforced for client requests and reloaded when edited.
RULES_DEBUG=1 logs every rules decision and the rule that made it.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string' },
      import: { type: 'string' },
      'in-memory': { type: 'boolean', default: false },
      exports: { type: 'string' },
      salvage: { type: 'boolean', default: false },
      'require-indexes': { type: 'boolean', default: false },
      'bucket-cors': { type: 'string' },
      'functions-emulator': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const dataDir = values['in-memory'] ? null : path.resolve(values.data ?? config.dataDir);
  const running = await startEmulators({
    config,
    dataDir,
    salvage: values.salvage,
    requireIndexes: values['require-indexes'],
    bucketCorsFile: values['bucket-cors'] ? path.resolve(values['bucket-cors']) : undefined,
    exportsDir: values.exports ? path.resolve(values.exports) : undefined,
    functionsEmulator: values['functions-emulator'],
    importFile: values.import ? path.resolve(values.import) : undefined,
    log: (line) => console.log(line),
  });
  for (const line of describeEmulators(running)) console.log(line);
  console.log(`Data        ${dataDir ?? 'in memory only'}`);
  console.log('Press Ctrl-C to stop.');
  closeOnSignals(() => running.close());
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
