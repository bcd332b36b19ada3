// The emulator-only endpoints, at the paths the official Firestore emulator uses: reset a
// database, export/import a project's documents as a JSON data set in a folder, and set a
// project's security rules (what @firebase/rules-unit-testing sends).

import fs from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RulesAuthorizer } from '../../rules/authorizer.js';
import { RulesSyntaxError } from '../../rules/errors.js';
import type { FirestoreEngine } from '../engine/api.js';
import { ApiError } from '../errors.js';
import type { Document } from '../types.js';
import { readJson, sendJson } from './io.js';

const DATA_SET_FILE = 'firestore_documents.json';
const DATA_SET_VERSION = 1;

interface DataSet {
  version: number;
  documents: Document[];
}

/** Where a project's rules go; absent = rules cannot be set (404). */
export type ProjectRules = Pick<RulesAuthorizer, 'setProjectFirestoreRules'>;

/** Serves /emulator/v1/...; returns false when the path is not one of these endpoints. */
export async function handleEmulator(
  engine: FirestoreEngine,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  rules?: ProjectRules,
): Promise<boolean> {
  const pathname = decodeURIComponent(url.pathname);
  const securityRules = /^\/emulator\/v1\/projects\/([^/:]+):securityRules$/.exec(pathname);
  if (securityRules && req.method === 'PUT' && rules) {
    const { file, source } = rulesFileOf(await readJson(req));
    try {
      rules.setProjectFirestoreRules(securityRules[1], { file, source });
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
    const folder = folderOf(await readJson(req));
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
  return path.resolve(folder);
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
