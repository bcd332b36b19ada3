// The emulator-only endpoints, at the paths the official Firestore emulator uses: reset a
// database, export/import a project's documents as a JSON data set in a folder, set a project's
// security rules (what @firebase/rules-unit-testing sends) and report their coverage. Exports and
// imports stay inside one folder chosen at start-up: the official emulator writes wherever it is asked.

import fs from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RulesAuthorizer } from '../../rules/authorizer.js';
import { RulesSyntaxError } from '../../rules/errors.js';
import type { FirestoreEngine } from '../engine/api.js';
import { ApiError } from '../errors.js';
import type { Document } from '../types.js';
import { sendJson } from '../../shared/http.js';
import { readJson } from './io.js';
import { serveRuleCoverage, type CoverageSource } from '../../shared/ruleCoverageEndpoint.js';

const DATA_SET_FILE = 'firestore_documents.json';
const DATA_SET_VERSION = 1;

interface DataSet {
  version: number;
  documents: Document[];
}

/** Where a project's rules go, and their coverage; absent = rules cannot be set (404). */
export type ProjectRules = Pick<RulesAuthorizer, 'setProjectFirestoreRules'> & CoverageSource;

export interface EmulatorDeps {
  rules?: ProjectRules;
  /** The folder exports and imports stay inside; absent = they are refused. */
  exportsDir?: string;
}

/** Serves /emulator/v1/...; returns false when the path is not one of these endpoints. */
export async function handleEmulator(
  engine: FirestoreEngine,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  { rules, exportsDir }: EmulatorDeps,
): Promise<boolean> {
  const pathname = decodeURIComponent(url.pathname);
  if (rules && serveRuleCoverage(rules, 'firestore', req, res, pathname)) return true;
  const securityRulesProject = /^\/emulator\/v1\/projects\/([^/:]+):securityRules$/.exec(pathname)?.[1];
  if (securityRulesProject && req.method === 'PUT' && rules) {
    const { file, source } = rulesFileOf(await readJson(req));
    try {
      rules.setProjectFirestoreRules(securityRulesProject, { file, source });
    } catch (err) {
      if (err instanceof RulesSyntaxError) throw new ApiError('INVALID_ARGUMENT', err.message);
      throw err;
    }
    sendJson(res, 200, { rules: { files: [{ name: file, content: source }] } });
    return true;
  }
  const reset = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents\/?$/.exec(pathname);
  if (reset && req.method === 'DELETE') {
    await engine.reset(`projects/${reset[1]}/databases/${reset[2]}`);
    sendJson(res, 200, {});
    return true;
  }
  const transfer = /^\/emulator\/v1\/projects\/([^/:]+):(export|import)$/.exec(pathname);
  if (transfer && req.method === 'POST') {
    const [, project, action] = transfer;
    const folder = await folderInside(exportsDir, folderOf(await readJson(req)));
    const file = path.join(folder, DATA_SET_FILE);
    if (action === 'export') {
      const documents = engine.exportDocuments().filter((doc) => doc.name.startsWith(`projects/${project}/`));
      await fs.mkdir(folder, { recursive: true });
      const dataSet: DataSet = { version: DATA_SET_VERSION, documents };
      await fs.writeFile(file, JSON.stringify(dataSet, null, 1));
      sendJson(res, 200, { path: folder, file, documents: documents.length });
    } else {
      const documents = (await readDataSet(file)).filter((doc) => doc.name.startsWith(`projects/${project}/`));
      await engine.importDocuments(documents);
      sendJson(res, 200, { path: folder, file, documents: documents.length });
    }
    return true;
  }
  return false;
}

/** `{"rules":{"files":[{"name"?, "content"}]}}`: one file, as the official emulator takes it. */
function rulesFileOf(body: unknown): { file: string; source: string } {
  const files = (body as { rules?: { files?: unknown } } | null)?.rules?.files;
  const first = Array.isArray(files) && files.length === 1 ? (files[0] as { name?: unknown; content?: unknown }) : null;
  if (!first || typeof first.content !== 'string') {
    throw new ApiError('INVALID_ARGUMENT', 'The body must be {"rules": {"files": [{"content": "<rules>"}]}} with one file.');
  }
  return { file: typeof first.name === 'string' && first.name !== '' ? first.name : 'firestore.rules', source: first.content };
}

function folderOf(body: unknown): string {
  const folder = (body as { path?: unknown } | null)?.path;
  if (typeof folder !== 'string' || folder.trim() === '') {
    throw new ApiError('INVALID_ARGUMENT', 'The body must be {"path": "<folder>"}.');
  }
  return folder;
}

/**
 * The requested folder, resolved inside `root` (a relative path is taken from there), or
 * INVALID_ARGUMENT when it lies outside: by `..`, by an absolute path elsewhere, or through a
 * symbolic link out of it.
 */
async function folderInside(root: string | undefined, requested: string): Promise<string> {
  if (!root) {
    throw new ApiError(
      'INVALID_ARGUMENT',
      'Exports and imports are off: the backend was started without a data folder or an exports folder (--exports <dir>).',
    );
  }
  const base = path.resolve(root);
  const outside = (): ApiError =>
    new ApiError(
      'INVALID_ARGUMENT',
      `The folder "${requested}" is outside ${base}, the only folder exports and imports may use: give a path inside it, or relative to it without "..".`,
    );
  const folder = path.resolve(base, requested);
  if (!isInside(base, folder)) throw outside();
  await fs.mkdir(base, { recursive: true });
  const realRoot = await fs.realpath(base);
  if (!isInside(realRoot, await realpathOfNearest(folder))) throw outside();
  return folder;
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}

/** The real path of a folder, or of its nearest existing ancestor when it does not exist yet. */
async function realpathOfNearest(folder: string): Promise<string> {
  let missing = '';
  let current = folder;
  for (;;) {
    try {
      return path.join(await fs.realpath(current), missing);
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return folder;
      missing = path.join(path.basename(current), missing);
      current = parent;
    }
  }
}

async function readDataSet(file: string): Promise<Document[]> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    throw new ApiError('NOT_FOUND', `No data set at ${file}.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError('INVALID_ARGUMENT', `${file} is not valid JSON.`);
  }
  const dataSet = parsed as Partial<DataSet> | null;
  if (!dataSet || dataSet.version !== DATA_SET_VERSION || !Array.isArray(dataSet.documents)) {
    throw new ApiError('INVALID_ARGUMENT', `${file} is not a version ${DATA_SET_VERSION} data set ({version, documents}).`);
  }
  for (const doc of dataSet.documents) {
    if (!doc || typeof doc.name !== 'string') throw new ApiError('INVALID_ARGUMENT', `${file} holds a document without a name.`);
  }
  return dataSet.documents;
}
