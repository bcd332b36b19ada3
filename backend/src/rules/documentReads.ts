// get()/exists()/getAfter()/existsAfter() for rules: reads through a lookup the caller provides,
// counts distinct documents against the documented per-request limits, and caches results.

import type { Fields } from '../firestore/types.js';
import { fail } from './errors.js';
import type { DocumentReader } from './evaluator.js';
import { fromFields, mapOf, NULL, path, str, type RValue } from './values.js';

/** Documented limits on document access calls in one request. */
export const SINGLE_DOCUMENT_LIMIT = 10;
export const MULTI_DOCUMENT_LIMIT = 20;

/**
 * What the rules read documents through. Names are full resource names,
 * `projects/{p}/databases/{d}/documents/{path}`. `getAfter` sees the state as if the request's
 * writes (the whole batch or transaction) had been applied.
 */
export interface DocumentLookup {
  get(name: string): Fields | null;
  getAfter(name: string): Fields | null;
}

/**
 * The document access budget of one request. Share one instance across every write of a batch or
 * transaction (limit MULTI_DOCUMENT_LIMIT) so that the limit covers the whole request.
 */
export class DocumentAccessBudget {
  private readonly cache = new Map<string, Fields | null>();

  constructor(readonly limit: number = SINGLE_DOCUMENT_LIMIT) {}

  read(name: string, after: boolean, load: () => Fields | null): Fields | null {
    const key = `${after ? 'after' : 'before'}:${name}`;
    if (this.cache.has(key)) return this.cache.get(key) ?? null;
    if (this.cache.size >= this.limit) fail(`more than ${this.limit} document access calls in this request`);
    const fields = load();
    this.cache.set(key, fields);
    return fields;
  }
}

/** The resource value rules see for a stored document. */
export function documentResource(segments: string[], fields: Fields): RValue {
  return mapOf({ data: fromFields(fields), id: str(segments[segments.length - 1]), __name__: path(segments) });
}

export function documentReader(project: string, lookup: DocumentLookup | undefined, budget: DocumentAccessBudget): DocumentReader {
  return {
    get(segments, after) {
      const [databases, database, documents, ...rest] = segments;
      if (databases !== 'databases' || !database || documents !== 'documents' || rest.length === 0 || rest.length % 2 !== 0)
        fail(`'/${segments.join('/')}' is not a document path (/databases/{database}/documents/{collection}/{id})`);
      if (!lookup) fail('no document lookup is available for this request');
      const name = `projects/${project}/databases/${database}/documents/${rest.join('/')}`;
      const fields = budget.read(name, after, () => (after ? lookup.getAfter(name) : lookup.get(name)));
      return fields ? documentResource(segments, fields) : NULL;
    },
  };
}
