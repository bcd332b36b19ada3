// Aggregations over a query's result: count (with upTo), sum and avg, keyed by alias.

import { invalid } from '../errors.js';
import type { Aggregation, Document, Value } from '../types.js';
import { getField, parseFieldPath } from './paths.js';
import { INT64_MAX, INT64_MIN, NULL_VALUE, doubleValue, intValue, numericOf } from './values.js';

const MAX_AGGREGATIONS = 5;

type Prepared = { alias: string; kind: 'count'; upTo: number | null } | { alias: string; kind: 'sum' | 'avg'; path: string[] };

export type PreparedAggregations = Prepared[];

export function prepareAggregations(list: Aggregation[] | undefined): PreparedAggregations {
  if (!Array.isArray(list) || list.length === 0) throw invalid('An aggregation query needs at least one aggregation.');
  // Production's words: the SDKs' own tests match "maximum number of aggregations".
  if (list.length > MAX_AGGREGATIONS) {
    throw invalid(
      `The maximum number of aggregations allowed in an aggregation query is ${MAX_AGGREGATIONS}. Received: ${list.length}`,
    );
  }
  const aliases = new Set<string>();
  return list.map((a, i) => {
    if (typeof a !== 'object' || a === null) throw invalid('Invalid aggregation.');
    const alias = a.alias ?? `field_${i + 1}`;
    if (typeof alias !== 'string' || alias === '') throw invalid('An aggregation alias must be a non-empty string.');
    if (aliases.has(alias)) throw invalid(`The aggregation alias "${alias}" is used twice.`);
    aliases.add(alias);
    const kinds = (['count', 'sum', 'avg'] as const).filter((k) => a[k] !== undefined && a[k] !== null);
    const [kind] = kinds;
    if (kinds.length !== 1 || kind === undefined)
      throw invalid(`Aggregation "${alias}" must have exactly one of count, sum or avg.`);
    if (kind === 'count') {
      const raw = a.count!.upTo;
      if (raw === undefined || raw === null) return { alias, kind: 'count', upTo: null };
      const upTo =
        typeof raw === 'string' ? Number(raw) : typeof raw === 'object' ? Number((raw as { value?: unknown }).value) : raw;
      if (!Number.isInteger(upTo) || upTo <= 0) throw invalid('count.upTo must be a positive integer.');
      return { alias, kind: 'count', upTo };
    }
    const field = a[kind]!.field;
    if (typeof field !== 'object' || field === null) throw invalid(`Aggregation "${alias}" needs a field.`);
    return { alias, kind, path: parseFieldPath(field.fieldPath) };
  });
}

/** The fields summed or averaged: an index must hold them too. */
export function aggregatedFields(aggs: PreparedAggregations): string[][] {
  return aggs.flatMap((a) => (a.kind === 'count' ? [] : [a.path]));
}

export function aggregate(aggs: PreparedAggregations, docs: Document[]): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const a of aggs) {
    if (a.kind === 'count') {
      out[a.alias] = intValue(BigInt(a.upTo === null ? docs.length : Math.min(docs.length, a.upTo)));
      continue;
    }
    let intSum = 0n;
    let doubleSum = 0;
    let sawDouble = false;
    let count = 0;
    for (const doc of docs) {
      const v = getField(doc.fields, a.path);
      const n = v === undefined ? null : numericOf(v);
      if (n === null) continue;
      count++;
      if (typeof n === 'bigint') intSum += n;
      else {
        doubleSum += n;
        sawDouble = true;
      }
    }
    if (a.kind === 'avg') {
      out[a.alias] = count === 0 ? NULL_VALUE : doubleValue((Number(intSum) + doubleSum) / count);
      continue;
    }
    // Integers stay integers unless a double is involved or the sum leaves 64 bits.
    const overflow = intSum > INT64_MAX || intSum < INT64_MIN;
    out[a.alias] = sawDouble || overflow ? doubleValue(Number(intSum) + doubleSum) : intValue(intSum);
  }
  return out;
}
