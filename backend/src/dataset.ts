// Data sets for the local backend: a readable JSON file (documents by path, plus Auth users)
// turned into Firestore documents and Auth accounts. Used by `npm start` (the demo data) and by
// `npm run emulators -- --import <file>`.

import fs from 'node:fs/promises';
import type { Document, Value } from './firestore/types.js';

/**
 * The file format. Document values are plain JSON, except timestamps:
 * `{ "$timestamp": "2030-01-01T09:00:00Z" }`, or relative to loading time: `"now"`,
 * `"now+15m"`, `"now-2h"`, `"now+1d"`.
 */
export interface Dataset {
  /** Keyed by document path, e.g. "events/demo-event". */
  firestore?: Record<string, Record<string, unknown>>;
  auth?: { users?: DatasetUser[] };
}

export interface DatasetUser {
  uid?: string;
  email: string;
  password: string;
  displayName?: string;
  customClaims?: Record<string, unknown>;
}

export async function readDataset(file: string): Promise<Dataset> {
  const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as unknown;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${file}: a data set is a JSON object with "firestore" and/or "auth".`);
  }
  return parsed as Dataset;
}

export function datasetDocuments(dataset: Dataset, projectId: string, now: Date = new Date()): Document[] {
  const root = `projects/${projectId}/databases/(default)/documents`;
  return Object.entries(dataset.firestore ?? {}).map(([docPath, data]) => {
    const segments = docPath.split('/').filter(Boolean);
    if (segments.length === 0 || segments.length % 2 !== 0) {
      throw new Error(`Data set path "${docPath}" does not name a document (collection/id[/collection/id…]).`);
    }
    return { name: `${root}/${segments.join('/')}`, fields: toFields(data, now) };
  });
}

function toFields(data: Record<string, unknown>, now: Date): Record<string, Value> {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, toValue(value, now)]));
}

export function toValue(value: unknown, now: Date = new Date()): Value {
  if (value === null || value === undefined) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') {
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  }
  if (typeof value === 'string') return { stringValue: value };
  if (Array.isArray(value)) return { arrayValue: { values: value.map((item) => toValue(item, now)) } };
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 1 && keys[0] === '$timestamp' && typeof record.$timestamp === 'string') {
      return { timestampValue: parseTime(record.$timestamp, now).toISOString() };
    }
    return { mapValue: { fields: toFields(record, now) } };
  }
  throw new Error(`Unsupported value in data set: ${String(value)}`);
}

const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

function parseTime(text: string, now: Date): Date {
  const relative = /^now(?:([+-])(\d+)([smhd]))?$/.exec(text.trim());
  if (relative) {
    const [, sign, amount, unit] = relative;
    // The pattern takes amount and unit whenever it takes a sign.
    if (!sign || !unit) return new Date(now);
    const delta = Number(amount) * (UNIT_MS[unit] ?? 0) * (sign === '-' ? -1 : 1);
    return new Date(now.getTime() + delta);
  }
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new Error(`Invalid $timestamp in data set: "${text}"`);
  return date;
}
