// `npm run dataset:load -- --project <id> [--file <dataset.json>] [--force]`: writes a data set's
// documents (the format of backend/demo/demoData.json, by default that file) into a real
// Firestore project with firebase-admin, to rehearse a deployment on a staging project with the
// demo event (docs/deploying.md). Timestamps such as "now+15m" are taken from the moment it runs.
// It refuses a project that already holds events unless --force, and creates no Auth accounts:
// the data set's demo admin has a published password, so staging gets its own admin
// (`npm run admin:grant -- <email> --production --project <id>`).

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { datasetDocuments, readDataset } from '../backend/src/dataset.js';
import type { Value } from '../backend/src/firestore/types.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEMO_DATASET = path.join(root, 'backend', 'demo', 'demoData.json');

/** A data set's value (Firestore's REST form) as firebase-admin writes it. */
function fromValue(value: Value): unknown {
  if ('nullValue' in value) return null;
  if ('booleanValue' in value) return value.booleanValue;
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('stringValue' in value) return value.stringValue;
  if ('timestampValue' in value) return Timestamp.fromDate(new Date(value.timestampValue));
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(fromValue);
  if ('mapValue' in value) return fromFields(value.mapValue.fields ?? {});
  throw new Error(`A data set holds no such value: ${JSON.stringify(value)}`);
}

function fromFields(fields: Record<string, Value>): DocumentData {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, fromValue(value)]));
}

export interface LoadOptions {
  projectId: string;
  file?: string;
  /** Write even when the project already holds events. */
  force?: boolean;
}

/** Writes the data set's documents; returns how many. Auth users in the data set are skipped. */
export async function loadDataset({
  projectId,
  file = DEMO_DATASET,
  force = false,
}: LoadOptions): Promise<{ documents: number; skippedUsers: number }> {
  const dataset = await readDataset(file);
  const documents = datasetDocuments(dataset, projectId);
  const app = initializeApp({ projectId }, `dataset-${projectId}-${Date.now()}`);
  try {
    const firestore = getFirestore(app);
    if (!force && !(await firestore.collection('events').limit(1).get()).empty) {
      throw new Error(`${projectId} already holds events: load a data set into an empty (staging) project, or pass --force.`);
    }
    const prefix = `projects/${projectId}/databases/(default)/documents/`;
    // At most 500 writes per batch.
    for (let i = 0; i < documents.length; i += 500) {
      const batch = firestore.batch();
      for (const document of documents.slice(i, i + 500)) {
        batch.set(firestore.doc(document.name.slice(prefix.length)), fromFields(document.fields ?? {}));
      }
      await batch.commit();
    }
    return { documents: documents.length, skippedUsers: dataset.auth?.users?.length ?? 0 };
  } finally {
    await deleteApp(app);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { project: { type: 'string' }, file: { type: 'string' }, force: { type: 'boolean', default: false } },
  });
  if (!values.project) throw new Error('Usage: npm run dataset:load -- --project <id> [--file <dataset.json>] [--force]');
  const file = values.file ? path.resolve(values.file) : DEMO_DATASET;
  const { documents, skippedUsers } = await loadDataset({ projectId: values.project, file, force: values.force });
  console.log(`${documents} documents from ${path.relative(process.cwd(), file)} written to ${values.project}.`);
  if (skippedUsers > 0)
    console.log(`${skippedUsers} Auth account(s) in the data set were not created: make an admin with npm run admin:grant.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
