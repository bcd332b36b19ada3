// Whether a project's indexes serve a query, by production's documented rules
// (https://firebase.google.com/docs/firestore/query-data/index-overview):
// - automatic single-field indexes, in collection scope only: ascending, descending and
//   array-contains for every field and map subfield, unless a field override says otherwise
//   (an override of a map field holds for its subfields; `*` for every field of the group);
// - an index is its fields, then `__name__` in the direction of its last ordered field
//   ("To sort results by the non-default __name__ direction, you need to create that index");
// - an index serves a query when its fields are the query's equality and array-contains fields
//   (in any order, equality in either direction), then exactly the query's order (explicit
//   orders, then inequality fields), then the fields it sums or averages;
// - index merging: several such indexes that share that tail serve the query together when
//   their equality fields cover the query's ("Firestore can merge the indexes for simple
//   equality filters to build the composite indexes needed for larger equality queries");
// - each branch of an `or` is served on its own.
// Otherwise the query needs an index: the one named is its array field, its equality fields by
// path, its order and aggregated fields, then `__name__`, as production's console links list them.

import type { CompositeIndex, FieldMode, IndexDefinitions, IndexField, QueryScope } from './definitions.js';
import { NAME_FIELD, parseFieldPath } from '../engine/paths.js';
import { sortPaths, type Branch, type QueryShape } from './queryShape.js';

export interface MissingIndex {
  /** `single`: a single-field index turned off (an exemption, or collection-group scope). */
  kind: 'single' | 'composite';
  collectionGroup: string;
  scope: QueryScope;
  /** For `single`, the one field; for `composite`, every field, `__name__` last. */
  fields: IndexField[];
  /** Range or inequality filters on more than one field: production adds a pointer to its guide. */
  multipleInequality: boolean;
}

/** What one branch needs of an index. */
interface Need {
  equal: Set<string>;
  contains: Set<string>;
  order: IndexField[];
  aggregated: string[];
  nameMode: FieldMode | null;
}

/** The first index the query lacks, or null when its indexes serve it. */
export function missingIndex(shape: QueryShape, definitions: IndexDefinitions): MissingIndex | null {
  // A kindless query (every collection) can filter and order on `__name__` only.
  if (shape.collectionGroup === '') return null;
  const available = new AvailableIndexes(definitions, shape.collectionGroup, shape.scope);
  for (const branch of shape.branches) {
    const missing = branchNeeds(shape, branch, available);
    if (missing) return missing;
  }
  return null;
}

function branchNeeds(shape: QueryShape, branch: Branch, available: AvailableIndexes): MissingIndex | null {
  const { equal, contains } = branch;
  // A field held equal is one value here: ordering by it changes nothing.
  const order = shape.order.filter((f) => !equal.has(f.path));
  const ordered = new Set(order.map((f) => f.path));
  const aggregated = shape.aggregated.filter((p) => !equal.has(p) && !ordered.has(p));
  const need: Need = { equal, contains, order, aggregated, nameMode: shape.nameMode };
  const used = new Set([...equal, ...contains, ...ordered, ...aggregated]);
  if (used.size === 0 || served(need, available, used)) return null;

  const fields: IndexField[] = [
    ...sortPaths(contains).map((path): IndexField => ({ path, mode: 'CONTAINS' })),
    ...sortPaths(equal).map((path): IndexField => ({ path, mode: 'ASCENDING' })),
    ...order,
    ...aggregated.map((path): IndexField => ({ path, mode: 'ASCENDING' })),
  ];
  const nameMode = shape.nameMode ?? fields.findLast((f) => f.mode !== 'CONTAINS')?.mode ?? 'ASCENDING';
  const multipleInequality = [...branch.inequal].filter((p) => !equal.has(p)).length > 1;
  const base = { collectionGroup: shape.collectionGroup, scope: shape.scope, multipleInequality };
  const [only] = fields;
  if (fields.length === 1 && only && impliedNameMode(only.mode) === nameMode) return { ...base, kind: 'single', fields: [only] };
  return { ...base, kind: 'composite', fields: [...fields, { path: NAME_FIELD, mode: nameMode }] };
}

/** Served by one index, or by merging indexes that share the query's order and cover its equalities. */
function served(need: Need, available: AvailableIndexes, used: Set<string>): boolean {
  const prefixFields = new Set([...need.equal, ...need.contains]);
  const covered = new Set<string>();
  for (const index of available.candidates(used)) {
    const prefix = prefixServed(index, need);
    if (prefix === null) continue;
    if (prefixFields.size === 0) return prefix.length === 0;
    for (const path of prefix) covered.add(path);
  }
  return prefixFields.size > 0 && [...prefixFields].every((p) => covered.has(p));
}

/**
 * When the index ends as the query needs (its order, aggregated fields and `__name__`), the
 * equality and array-contains fields before that tail; null when it does not fit the query.
 */
function prefixServed(fields: IndexField[], need: Need): string[] | null {
  const name = fields.at(-1);
  if (!name || name.path !== NAME_FIELD) return null;
  if (need.nameMode !== null && name.mode !== need.nameMode) return null;
  const body = fields.slice(0, -1);
  const tailLength = need.order.length + need.aggregated.length;
  if (body.length < tailLength) return null;
  const prefix = body.slice(0, body.length - tailLength);
  const tail = body.slice(body.length - tailLength);
  const orderFits = need.order.every((f, i) => tail[i]?.path === f.path && tail[i]?.mode === f.mode);
  const rest = tail.slice(need.order.length);
  const aggregatedFit =
    new Set(rest.map((f) => f.path)).size === rest.length &&
    rest.every((f) => f.mode !== 'CONTAINS' && need.aggregated.includes(f.path));
  if (!orderFits || !aggregatedFit) return null;
  const seen = new Set<string>();
  for (const f of prefix) {
    const fits = f.mode === 'CONTAINS' ? need.contains.has(f.path) : need.equal.has(f.path);
    if (!fits || seen.has(f.path)) return null;
    seen.add(f.path);
  }
  return [...seen];
}

/** A single-field index sorts equal values by `__name__` in its own direction; array-contains ascending. */
function impliedNameMode(mode: FieldMode): FieldMode {
  return mode === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING';
}

const MODES: FieldMode[] = ['ASCENDING', 'DESCENDING', 'CONTAINS'];

/** The indexes of one collection group in one scope: the composites, and each field's single-field indexes. */
class AvailableIndexes {
  private readonly composites: CompositeIndex[];

  constructor(
    private readonly definitions: IndexDefinitions,
    private readonly collectionGroup: string,
    private readonly scope: QueryScope,
  ) {
    this.composites = definitions.composites.filter((c) => c.collectionGroup === collectionGroup && c.queryScope === scope);
  }

  /** Every index that could take part, as field lists ending with `__name__`. */
  *candidates(paths: Iterable<string>): Iterable<IndexField[]> {
    for (const c of this.composites) yield c.fields;
    for (const path of paths) {
      for (const mode of MODES) {
        if (this.singleFieldEnabled(path, mode))
          yield [
            { path, mode },
            { path: NAME_FIELD, mode: impliedNameMode(mode) },
          ];
      }
    }
  }

  /** The closest override of the field or of a map holding it (then `*`) decides; otherwise the defaults. */
  singleFieldEnabled(path: string, mode: FieldMode): boolean {
    const segments = parseFieldPath(path);
    let closest: { depth: number; on: boolean } | null = null;
    for (const o of this.definitions.overrides) {
      if (o.collectionGroup !== this.collectionGroup) continue;
      const wildcard = o.segments.length === 1 && o.segments[0] === '*';
      const holds = wildcard || (o.segments.length <= segments.length && o.segments.every((s, i) => s === segments[i]));
      const depth = wildcard ? 0 : o.segments.length;
      if (!holds || (closest && closest.depth >= depth)) continue;
      closest = { depth, on: o.indexes.some((i) => i.mode === mode && i.queryScope === this.scope) };
    }
    // "Single-field indexes with collection group scope are not maintained by default."
    return closest ? closest.on : this.scope === 'COLLECTION';
  }
}
