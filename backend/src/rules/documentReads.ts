// get()/exists()/getAfter()/existsAfter() for rules: reads through a lookup the caller provides,
// counts distinct documents against the documented per-request limits, and caches results.

import { SINGLE_DOCUMENT_LIMIT, type DocumentLookup, type DocumentReadBudget } from '../authz/seam.js';
import type { Fields } from '../shared/values.js';
import { fail } from './errors.js';
import type { DocumentReader } from './evaluator.js';
import { fromFields, mapOf, NULL, path, str, type RValue } from './values.js';

export { MULTI_DOCUMENT_LIMIT, SINGLE_DOCUMENT_LIMIT } from '../authz/seam.js';
export type { DocumentLookup };

/**
 * The document access budget of one request. Share one instance across every write of a batch or
 * transaction (limit MULTI_DOCUMENT_LIMIT) so that the limit covers the whole request.
 */
export class DocumentAccessBudget implements DocumentReadBudget {
  readonly reads = new Map<string, Fields | null>();

  constructor(readonly limit: number = SINGLE_DOCUMENT_LIMIT) {}

  read(name: string, after: boolean, load: () => Fields | null): Fields | null {
    return readWithin(this, name, after, load);
  }
}

/** Reads through the budget: a cached read is free; a new one past the limit is an error. */
export function readWithin(budget: DocumentReadBudget, name: string, after: boolean, load: () => Fields | null): Fields | null {
  const key = `${after ? 'after' : 'before'}:${name}`;
  if (budget.reads.has(key)) return budget.reads.get(key) ?? null;
  if (budget.reads.size >= budget.limit) fail(`more than ${budget.limit} document access calls in this request`);
  const fields = load();
  budget.reads.set(key, fields);
  return fields;
}

/** The resource value rules see for a stored document. */
export function documentResource(segments: string[], fields: Fields): RValue {
  return mapOf({ data: fromFields(fields), id: str(segments.at(-1) ?? ''), __name__: path(segments) });
}

export function documentReader(project: string, lookup: DocumentLookup | undefined, budget: DocumentReadBudget): DocumentReader {
  return {
    get(segments, after) {
      const [databases, database, documents, ...rest] = segments;
      if (databases !== 'databases' || !database || documents !== 'documents' || rest.length === 0 || rest.length % 2 !== 0)
        fail(`'/${segments.join('/')}' is not a document path (/databases/{database}/documents/{collection}/{id})`);
      if (!lookup) fail('no document lookup is available for this request');
      const name = `projects/${project}/databases/${database}/documents/${rest.join('/')}`;
      const fields = readWithin(budget, name, after, () => (after ? lookup.getAfter(name) : lookup.get(name)));
      return fields ? documentResource(segments, fields) : NULL;
    },
  };
}
