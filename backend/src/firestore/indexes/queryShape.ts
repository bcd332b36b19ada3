// What an index sees of a query: its scope, and for each conjunction of its filters (an `or`
// is served one branch at a time) the fields held equal, the array fields searched, and the
// fields the index must be ordered by. Values do not matter; `__name__` is the key every
// index ends with, so filters on it need nothing.

import type { Filter, StructuredQuery } from '../types.js';
import { NAME_FIELD, canonicalFieldPath, compareStrings, parseFieldPath } from '../engine/paths.js';
import type { PreparedQuery } from '../engine/query.js';
import type { FieldMode, IndexField, QueryScope } from './definitions.js';

/** One conjunction of the query's filters (disjunctive normal form). */
export interface Branch {
  /** `==`, `in`, `IS_NULL`, `IS_NAN`: "in and == clauses use the same index". */
  equal: Set<string>;
  /** `array-contains`, `array-contains-any`: "array-contains-any and array-contains use the same indexes". */
  contains: Set<string>;
  /** Range and inequality fields (`<`, `<=`, `>`, `>=`, `!=`, `not-in`, `IS_NOT_NULL`, `IS_NOT_NAN`). */
  inequal: Set<string>;
}

export interface QueryShape {
  collectionGroup: string;
  scope: QueryScope;
  branches: Branch[];
  /** The query's order after the implicit terms (inequality fields), `__name__` left out. */
  order: IndexField[];
  /** The direction of the final `__name__` order; null for aggregations, whose result has no order. */
  nameMode: FieldMode | null;
  /** Fields summed or averaged: their values come from an index too. */
  aggregated: string[];
}

/** `aggregated`: for an aggregation, the fields it sums or averages (none for a count). */
export function queryShape(query: StructuredQuery, prepared: PreparedQuery, aggregated?: string[][]): QueryShape {
  const terms = prepared.orderBy;
  const nameTerm = terms.at(-1);
  return {
    collectionGroup: prepared.collectionId,
    scope: prepared.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION',
    branches: query.where ? branches(query.where) : [emptyBranch()],
    order: terms.flatMap((t) => (t.path === null ? [] : [{ path: t.canonical, mode: direction(t.descending) }])),
    nameMode: aggregated ? null : direction(nameTerm?.descending ?? false),
    aggregated: [...new Set((aggregated ?? []).map(canonicalFieldPath))],
  };
}

function direction(descending: boolean): FieldMode {
  return descending ? 'DESCENDING' : 'ASCENDING';
}

function emptyBranch(): Branch {
  return { equal: new Set(), contains: new Set(), inequal: new Set() };
}

function branches(filter: Filter): Branch[] {
  const composite = filter.compositeFilter;
  if (composite) {
    const parts = (composite.filters ?? []).map(branches);
    if (composite.op === 'OR') return parts.length === 0 ? [emptyBranch()] : parts.flat();
    return parts.reduce<Branch[]>((acc, part) => acc.flatMap((a) => part.map((b) => merge(a, b))), [emptyBranch()]);
  }
  const branch = emptyBranch();
  const leaf = filter.fieldFilter ?? filter.unaryFilter;
  if (!leaf) return [branch];
  const segments = parseFieldPath(leaf.field.fieldPath);
  if (segments.length === 1 && segments[0] === NAME_FIELD) return [branch];
  const path = canonicalFieldPath(segments);
  switch (leaf.op) {
    case 'EQUAL':
    case 'IN':
    case 'IS_NULL':
    case 'IS_NAN':
      branch.equal.add(path);
      break;
    case 'ARRAY_CONTAINS':
    case 'ARRAY_CONTAINS_ANY':
      branch.contains.add(path);
      break;
    default:
      branch.inequal.add(path);
  }
  return [branch];
}

function merge(a: Branch, b: Branch): Branch {
  return {
    equal: new Set([...a.equal, ...b.equal]),
    contains: new Set([...a.contains, ...b.contains]),
    inequal: new Set([...a.inequal, ...b.inequal]),
  };
}

/** Field paths in the order production lists them in a suggested index. */
export function sortPaths(paths: Iterable<string>): string[] {
  return [...paths].sort(compareStrings);
}
