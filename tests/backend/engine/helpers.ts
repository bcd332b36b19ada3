// Shared fixtures for the engine tests: a memory engine, names and value shorthands.

import { ADMIN } from '../../../backend/src/authz/identity.js';
import type { CallContext, FirestoreEngine } from '../../../backend/src/firestore/engine/api.js';
import { createEngine } from '../../../backend/src/firestore/engine/engine.js';
import type { Document, Fields, Value, Write } from '../../../backend/src/firestore/types.js';

export const DB = 'projects/demo/databases/(default)';
export const ROOT = `${DB}/documents`;
export const admin: CallContext = { identity: ADMIN };

export const doc = (path: string): string => `${ROOT}/${path}`;

export function memoryEngine(): Promise<FirestoreEngine> {
  return createEngine({});
}

/** A plain JS value as a Firestore value (ints stay integers; non-integers are doubles). */
export function v(x: unknown): Value {
  if (x === null) return { nullValue: 'NULL_VALUE' };
  if (typeof x === 'boolean') return { booleanValue: x };
  if (typeof x === 'bigint') return { integerValue: x.toString() };
  if (typeof x === 'number')
    return Number.isInteger(x) && !Object.is(x, -0) ? { integerValue: String(x) } : { doubleValue: Number.isNaN(x) ? 'NaN' : x };
  if (typeof x === 'string') return { stringValue: x };
  if (Array.isArray(x)) return { arrayValue: { values: x.map(v) } };
  if (typeof x === 'object') return { mapValue: { fields: f(x as Record<string, unknown>) } };
  throw new Error(`no value for ${String(x)}`);
}

export function f(obj: Record<string, unknown>): Fields {
  return Object.fromEntries(Object.entries(obj).map(([k, x]) => [k, v(x)]));
}

export const set = (path: string, data: Record<string, unknown>): Write => ({ update: { name: doc(path), fields: f(data) } });

export async function put(engine: FirestoreEngine, docs: Record<string, Record<string, unknown>>): Promise<void> {
  await engine.commit(DB, { writes: Object.entries(docs).map(([p, d]) => set(p, d)) }, admin);
}

export const ids = (docs: (Document | undefined)[]): string[] => docs.map((d) => d!.name.slice(d!.name.lastIndexOf('/') + 1));
