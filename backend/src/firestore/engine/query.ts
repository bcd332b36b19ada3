// StructuredQuery: validation into a prepared form, matching (collection + filters), and
// evaluation (order, cursors, offset, limit, projection) against the document store.

import { invalid, unimplemented } from '../errors.js';
import type { Cursor, Document, Filter, StructuredQuery, Value } from '../types.js';
import {
  NAME_FIELD,
  canonicalFieldPath,
  compareStrings,
  getField,
  parseFieldPath,
  parseParent,
  projectFields,
  type ParentKey,
} from './paths.js';
import type { DocumentStore } from './store.js';
import { arrayValues, compareValues, isNaNValue, isNullValue, normalizeValue, typeOrder, valuesEqual } from './values.js';

const MAX_DISJUNCTIONS = 30;
const MAX_NOT_IN = 10;
/** Firestore's limit on the fields a query's range and inequality filters may span. */
const MAX_INEQUALITY_FIELDS = 10;

type Predicate = (doc: Document) => boolean;

/** What compiling the filters learns for the checks that span the whole query. */
interface FilterFacts {
  /** Fields with a range or inequality filter, `__name__` aside, by canonical path. */
  inequalities: Map<string, string[]>;
  /** Whether `__name__` itself has a range or inequality filter. */
  keyInequality: boolean;
  /** `!=`, `not-in`, `IS_NOT_NULL` and `IS_NOT_NAN` filters. */
  negations: number;
  notIn: boolean;
  /** An `in`, an `array-contains-any` or an `or` of several filters. */
  disjunctive: boolean;
}

export interface OrderTerm {
  /** Null for `__name__`. */
  path: string[] | null;
  canonical: string;
  descending: boolean;
}

export interface PreparedQuery {
  parent: ParentKey;
  collectionId: string;
  allDescendants: boolean;
  /** The full name of the one collection queried (not for collection groups). */
  collection: string | null;
  filter: Predicate | null;
  /** Explicit orderBy, then implicit inequality fields and `__name__`. */
  orderBy: OrderTerm[];
  /** Fields that must exist for a document to appear (explicit orderBy fields). */
  requiredPaths: string[][];
  startAt: { values: Value[]; before: boolean } | null;
  endAt: { values: Value[]; before: boolean } | null;
  offset: number;
  limit: number | null;
  select: string[][] | null;
  /** For rules: `orderBy` as field path strings. */
  orderByPaths: string[];
}

const cache = new WeakMap<object, Map<string, PreparedQuery>>();

/** Validates and prepares a query (cached per query object and parent). Throws INVALID_ARGUMENT. */
export function prepareQuery(parent: string, query: StructuredQuery, database?: string): PreparedQuery {
  if (typeof query !== 'object' || query === null) throw invalid('structuredQuery must be an object.');
  let byParent = cache.get(query);
  const hit = byParent?.get(parent);
  if (hit) {
    if (database !== undefined && hit.parent.database !== database) parseParent(parent, database);
    return hit;
  }
  const prepared = prepare(parent, query, database);
  if (!byParent) cache.set(query, (byParent = new Map()));
  byParent.set(parent, prepared);
  return prepared;
}

function prepare(parentName: string, q: StructuredQuery, database?: string): PreparedQuery {
  const parent = parseParent(parentName, database);
  if (q.findNearest !== undefined && q.findNearest !== null) throw unimplemented('Vector search (findNearest)');
  const from = q.from ?? [];
  if (!Array.isArray(from) || from.length !== 1) throw invalid('A query must select exactly one collection (from).');
  const { collectionId = '', allDescendants = false } = from[0] ?? {};
  if (typeof collectionId !== 'string' || typeof allDescendants !== 'boolean')
    throw invalid('Invalid collection selector in from.');
  if (!allDescendants && (collectionId === '' || collectionId.includes('/')))
    throw invalid(`Invalid collection id "${collectionId}".`);

  const facts: FilterFacts = { inequalities: new Map(), keyInequality: false, negations: 0, notIn: false, disjunctive: false };
  const filter = q.where ? compileFilter(q.where, facts, 0) : null;
  if (q.where && disjunctions(q.where) > MAX_DISJUNCTIONS) {
    throw invalid(`A query may have at most ${MAX_DISJUNCTIONS} disjunctions after expanding IN, ARRAY_CONTAINS_ANY and OR.`);
  }
  if (q.where) {
    checkFilterCombination(q.where, facts);
  }

  const { orderBy, requiredPaths } = normalizeOrder(q.orderBy, facts);
  const explicitCount = q.orderBy?.length ?? 0;
  const startAt = cursor(q.startAt, orderBy, explicitCount, 'startAt');
  const endAt = cursor(q.endAt, orderBy, explicitCount, 'endAt');
  const offset = q.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0) throw invalid('offset must be a non-negative integer.');
  const rawLimit = typeof q.limit === 'object' && q.limit !== null ? q.limit.value : q.limit;
  if (rawLimit !== undefined && rawLimit !== null && (!Number.isInteger(rawLimit) || rawLimit < 0)) {
    throw invalid('limit must be a non-negative integer.');
  }
  let select: string[][] | null = null;
  if (q.select) {
    const fields = q.select.fields ?? [];
    if (!Array.isArray(fields)) throw invalid('select.fields must be a list.');
    select = fields
      .map((f) => {
        if (typeof f !== 'object' || f === null) throw invalid('Invalid select field.');
        return parseFieldPath(f.fieldPath);
      })
      .filter((p) => !(p.length === 1 && p[0] === NAME_FIELD));
  }
  return {
    parent,
    collectionId,
    allDescendants,
    collection: allDescendants ? null : `${parent.name}/${collectionId}`,
    filter,
    orderBy,
    requiredPaths,
    startAt,
    endAt,
    offset,
    limit: rawLimit ?? null,
    select,
    orderByPaths: (q.orderBy ?? []).map((o) => o.field.fieldPath),
  };
}

/** The explicit orders, then the implicit ones; and the fields the explicit ones require. */
function normalizeOrder(
  explicit: StructuredQuery['orderBy'],
  facts: FilterFacts,
): { orderBy: OrderTerm[]; requiredPaths: string[][] } {
  const orderBy: OrderTerm[] = [];
  const seen = new Set<string>();
  if (explicit !== undefined && explicit !== null && !Array.isArray(explicit)) throw invalid('orderBy must be a list.');
  for (const o of explicit ?? []) {
    if (typeof o !== 'object' || o === null || typeof o.field !== 'object' || o.field === null) throw invalid('Invalid orderBy.');
    const dir = o.direction ?? 'ASCENDING';
    if (dir !== 'ASCENDING' && dir !== 'DESCENDING' && dir !== 'DIRECTION_UNSPECIFIED')
      throw invalid(`Invalid orderBy direction "${String(dir)}".`);
    const term = orderTerm(o.field.fieldPath, dir === 'DESCENDING');
    if (seen.has(term.canonical)) continue;
    seen.add(term.canonical);
    orderBy.push(term);
  }
  const requiredPaths = orderBy.flatMap((t) => (t.path ? [t.path] : []));
  const lastDescending = orderBy.at(-1)?.descending ?? false;
  // Firestore appends the inequality fields missing from the order (by field path), then the
  // name, in the direction of the last explicit order.
  const missing = [...facts.inequalities].filter(([canonical]) => !seen.has(canonical));
  for (const [canonical, path] of missing.sort(([, a], [, b]) => compareFieldPaths(a, b))) {
    orderBy.push({ path, canonical, descending: lastDescending });
  }
  if (!seen.has(NAME_FIELD)) orderBy.push({ path: null, canonical: NAME_FIELD, descending: lastDescending });
  // The name is unique, so nothing may follow it (production's words).
  if (orderBy.at(-1)?.path !== null) throw invalid('order by clause cannot contain more fields after the key');
  return { orderBy, requiredPaths };
}

function orderTerm(fieldPath: unknown, descending: boolean): OrderTerm {
  const path = parseFieldPath(fieldPath);
  if (path.length === 1 && path[0] === NAME_FIELD) return { path: null, canonical: NAME_FIELD, descending };
  return { path, canonical: canonicalFieldPath(path), descending };
}

/** Orders field paths segment by segment, as Firestore sorts the implicit order fields. */
function compareFieldPaths(a: string[], b: string[]): number {
  for (const [i, segment] of a.entries()) {
    const other = b[i];
    if (other === undefined) return 1;
    const c = compareStrings(segment, other);
    if (c !== 0) return c;
  }
  return a.length < b.length ? -1 : 0;
}

function cursor(c: Cursor | undefined, orderBy: OrderTerm[], explicitCount: number, what: string): PreparedQuery['startAt'] {
  if (c === undefined || c === null) return null;
  if (typeof c !== 'object') throw invalid(`${what} must be an object.`);
  if (c.values !== undefined && c.values !== null && !Array.isArray(c.values)) throw invalid(`${what}.values must be a list.`);
  const values = (c.values ?? []).map((v, i) => normalizeValue(v, `${what}.values[${i}]`));
  // Production counts the orders the request spells out, not the implicit ones (the SDKs'
  // aggregations send a cursor with the implicit orders left out); its words.
  if (values.length > explicitCount) throw invalid('Cursor has too many values.');
  values.forEach((v, i) => {
    if (orderBy[i]?.path === null && !('referenceValue' in v))
      throw invalid(`${what}: a cursor value for __name__ must be a reference.`);
  });
  return { values, before: c.before === true };
}

/** The value a filter or order sees at a path: the document's name for `__name__`. */
export function fieldValue(doc: Document, path: string[] | null): Value | undefined {
  if (path === null) return { referenceValue: doc.name };
  return getField(doc.fields, path);
}

function filterPath(fieldPath: unknown): string[] | null {
  const path = parseFieldPath(fieldPath);
  return path.length === 1 && path[0] === NAME_FIELD ? null : path;
}

function compileFilter(f: Filter, facts: FilterFacts, depth: number): Predicate {
  if (depth > 50) throw invalid('Filters are nested too deeply.');
  if (typeof f !== 'object' || f === null) throw invalid('Invalid filter.');
  const kinds = (['compositeFilter', 'fieldFilter', 'unaryFilter'] as const).filter((k) => f[k] !== undefined && f[k] !== null);
  if (kinds.length !== 1) throw invalid('A filter must have exactly one of compositeFilter, fieldFilter or unaryFilter.');
  if (f.compositeFilter) {
    const { op, filters = [] } = f.compositeFilter;
    if (!Array.isArray(filters)) throw invalid('compositeFilter.filters must be a list.');
    const parts = filters.map((x) => compileFilter(x, facts, depth + 1));
    if (op === 'AND') return (doc) => parts.every((p) => p(doc));
    if (op !== 'OR') throw invalid(`Invalid composite filter operator "${String(op)}".`);
    if (parts.length > 1) facts.disjunctive = true;
    return parts.length === 0 ? () => true : (doc) => parts.some((p) => p(doc));
  }
  if (f.unaryFilter) return compileUnary(f.unaryFilter, facts);
  return compileField(f.fieldFilter!, facts);
}

function compileUnary(unary: NonNullable<Filter['unaryFilter']>, facts: FilterFacts): Predicate {
  const { op, field } = unary;
  if (typeof field !== 'object' || field === null) throw invalid('unaryFilter.field is required.');
  const path = filterPath(field.fieldPath);
  const test =
    (accept: (v: Value) => boolean): Predicate =>
    (doc) => {
      const v = fieldValue(doc, path);
      return v !== undefined && accept(v);
    };
  switch (op) {
    case 'IS_NULL':
      return test(isNullValue);
    case 'IS_NAN':
      return test(isNaNValue);
    case 'IS_NOT_NULL':
      noteNegation(facts, path);
      return test((v) => !isNullValue(v));
    case 'IS_NOT_NAN':
      // Like `!=`, it never matches null.
      noteNegation(facts, path);
      return test((v) => !isNullValue(v) && !isNaNValue(v));
    default:
      throw invalid(`Invalid unary filter operator "${String(op)}".`);
  }
}

/** Null and NaN only ever match `IS_NULL` / `IS_NAN` (and `==`): no list or range filter finds them. */
const findable = (v: Value): boolean => !isNullValue(v) && !isNaNValue(v);

function compileField(fieldFilter: NonNullable<Filter['fieldFilter']>, facts: FilterFacts): Predicate {
  const { field, op, value: rawValue } = fieldFilter;
  if (typeof field !== 'object' || field === null) throw invalid('fieldFilter.field is required.');
  const path = filterPath(field.fieldPath);
  const value = normalizeValue(rawValue, 'fieldFilter.value');
  const isName = path === null;
  const list = (): Value[] => {
    const values = arrayValues(value);
    if (values === null || values.length === 0) throw invalid(`The ${op} filter needs a non-empty array value.`);
    if (isName && values.some((v) => !('referenceValue' in v))) throw invalid(`A ${op} filter on __name__ needs references.`);
    return values;
  };
  const needReference = (): void => {
    if (isName && !('referenceValue' in value)) throw invalid('A filter on __name__ needs a reference value.');
  };
  const test =
    (accept: (v: Value) => boolean): Predicate =>
    (doc) => {
      const v = fieldValue(doc, path);
      return v !== undefined && accept(v);
    };
  const never: Predicate = () => false;
  switch (op) {
    case 'EQUAL':
      needReference();
      return test((v) => valuesEqual(v, value));
    case 'LESS_THAN':
    case 'LESS_THAN_OR_EQUAL':
    case 'GREATER_THAN':
    case 'GREATER_THAN_OR_EQUAL': {
      needReference();
      noteInequality(facts, path);
      const order = typeOrder(value);
      const accept = comparison(op);
      // A range holds values of its bound's type only (integers and doubles are one type), in
      // Firestore's order for that type (vectors by dimension first); never null or NaN.
      if (!findable(value)) return never;
      return test((v) => findable(v) && typeOrder(v) === order && accept(compareValues(v, value)));
    }
    case 'NOT_EQUAL':
      needReference();
      noteNegation(facts, path);
      return test((v) => !isNullValue(v) && !valuesEqual(v, value));
    case 'IN': {
      facts.disjunctive = true;
      const values = list().filter(findable);
      return test((v) => values.some((x) => valuesEqual(v, x)));
    }
    case 'NOT_IN': {
      const values = list();
      if (values.length > MAX_NOT_IN) throw invalid(`A NOT_IN filter supports at most ${MAX_NOT_IN} values.`);
      noteNegation(facts, path);
      facts.notIn = true;
      // not-in [.., null, ..] matches nothing, as in Firestore.
      if (values.some(isNullValue)) return never;
      return test((v) => !isNullValue(v) && !values.some((x) => valuesEqual(v, x)));
    }
    case 'ARRAY_CONTAINS':
      if (isName) throw invalid('ARRAY_CONTAINS cannot filter on __name__.');
      if (!findable(value)) return never;
      return test((v) => arrayValues(v)?.some((x) => valuesEqual(x, value)) ?? false);
    case 'ARRAY_CONTAINS_ANY': {
      if (isName) throw invalid('ARRAY_CONTAINS_ANY cannot filter on __name__.');
      facts.disjunctive = true;
      const values = list().filter(findable);
      return test((v) => arrayValues(v)?.some((x) => values.some((y) => valuesEqual(x, y))) ?? false);
    }
    default:
      throw invalid(`Invalid field filter operator "${String(op)}".`);
  }
}

function comparison(op: string): (c: number) => boolean {
  switch (op) {
    case 'LESS_THAN':
      return (c) => c < 0;
    case 'LESS_THAN_OR_EQUAL':
      return (c) => c <= 0;
    case 'GREATER_THAN':
      return (c) => c > 0;
    default:
      return (c) => c >= 0;
  }
}

function noteInequality(facts: FilterFacts, path: string[] | null): void {
  if (path === null) facts.keyInequality = true;
  else facts.inequalities.set(canonicalFieldPath(path), path);
}

function noteNegation(facts: FilterFacts, path: string[] | null): void {
  noteInequality(facts, path);
  facts.negations++;
}

/** The rules on combining filters that production enforces whatever the SDK checked, in its words. */
function checkFilterCombination(where: Filter, facts: FilterFacts): void {
  if (facts.negations > 1) {
    throw invalid("Only a single 'NOT_EQUAL', 'NOT_IN', 'IS_NOT_NAN', or 'IS_NOT_NULL' filter allowed per query.");
  }
  if (facts.notIn && facts.disjunctive) {
    throw invalid("'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'.");
  }
  if (facts.inequalities.size > MAX_INEQUALITY_FIELDS) {
    throw invalid(
      `A query may have range or inequality filters on at most ${MAX_INEQUALITY_FIELDS} fields; this one has ${facts.inequalities.size}.`,
    );
  }
  if (facts.inequalities.size > 0 && !facts.keyInequality && hasKeyEquality(where)) {
    throw invalid('Equality on key is not allowed if there are other inequality fields and key does not appear in inequalities.');
  }
}

/** Whether the top-level conjunction holds a `__name__ ==` filter. */
function hasKeyEquality(f: Filter): boolean {
  if (f.compositeFilter?.op === 'AND') return (f.compositeFilter.filters ?? []).some(hasKeyEquality);
  return f.fieldFilter?.op === 'EQUAL' && filterPath(f.fieldFilter.field.fieldPath) === null;
}

/** How many conjunctions the filter becomes in disjunctive normal form. */
function disjunctions(f: Filter): number {
  if (f.compositeFilter) {
    const parts = (f.compositeFilter.filters ?? []).map(disjunctions);
    if (f.compositeFilter.op === 'OR')
      return Math.max(
        1,
        parts.reduce((a, b) => a + b, 0),
      );
    return parts.reduce((a, b) => a * b, 1);
  }
  if (f.fieldFilter && (f.fieldFilter.op === 'IN' || f.fieldFilter.op === 'ARRAY_CONTAINS_ANY')) {
    return arrayValues(f.fieldFilter.value)?.length ?? 1;
  }
  return 1;
}

// ---- evaluation ----

/** Whether a document sits in the queried collection (or collection group). */
export function inCollection(q: PreparedQuery, doc: Document): boolean {
  const collection = doc.name.slice(0, doc.name.lastIndexOf('/'));
  if (q.collection !== null) return collection === q.collection;
  if (!doc.name.startsWith(q.parent.name + '/')) return false;
  return q.collectionId === '' || collection.slice(collection.lastIndexOf('/') + 1) === q.collectionId;
}

/** Collection and filters, plus the presence of explicit order fields (ignores cursors/limits). */
export function matchesQuery(q: PreparedQuery, doc: Document): boolean {
  if (!inCollection(q, doc)) return false;
  for (const p of q.requiredPaths) if (getField(doc.fields, p) === undefined) return false;
  return q.filter === null || q.filter(doc);
}

export function compareByOrder(q: PreparedQuery, a: Document, b: Document): number {
  for (const term of q.orderBy) {
    const x = fieldValue(a, term.path);
    const y = fieldValue(b, term.path);
    // Documents lacking an implicit order field still sort (missing first) rather than crash.
    const c = x === undefined ? (y === undefined ? 0 : -1) : y === undefined ? 1 : compareValues(x, y);
    if (c !== 0) return term.descending ? -c : c;
  }
  return 0;
}

function compareToCursor(q: PreparedQuery, doc: Document, values: Value[]): number {
  // Values past the query's order (a repeated explicit order) decide nothing.
  for (const [i, value] of values.entries()) {
    const term = q.orderBy[i];
    if (!term) break;
    const v = fieldValue(doc, term.path);
    const c = v === undefined ? -1 : compareValues(v, value);
    if (c !== 0) return term.descending ? -c : c;
  }
  return 0;
}

function withinCursors(q: PreparedQuery, doc: Document): boolean {
  if (q.startAt) {
    const c = compareToCursor(q, doc, q.startAt.values);
    if (q.startAt.before ? c < 0 : c <= 0) return false;
  }
  if (q.endAt) {
    const c = compareToCursor(q, doc, q.endAt.values);
    if (q.endAt.before ? c >= 0 : c > 0) return false;
  }
  return true;
}

function candidates(store: DocumentStore, q: PreparedQuery): Iterable<Document> {
  return q.collection !== null ? store.collection(q.collection) : store.group(q.parent.name, q.collectionId);
}

/** The matching documents in query order with cursors, offset and limit applied (not projected). */
export function runPrepared(store: DocumentStore, q: PreparedQuery): Document[] {
  const hits: Document[] = [];
  for (const doc of candidates(store, q)) if (matchesQuery(q, doc)) hits.push(doc);
  hits.sort((a, b) => compareByOrder(q, a, b));
  const inRange = q.startAt || q.endAt ? hits.filter((d) => withinCursors(q, d)) : hits;
  const end = q.limit === null ? undefined : q.offset + q.limit;
  return inRange.slice(q.offset, end);
}

/** Applies the query's projection, if any. */
export function project(q: PreparedQuery, doc: Document): Document {
  if (!q.select) return doc;
  return { ...doc, fields: projectFields(doc.fields, q.select) };
}
