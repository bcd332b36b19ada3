// Firestore rules behind the authorization seam: maps a FirestoreAccess onto the rules'
// `/databases/{database}/documents/...` paths and their request/resource variables.

import type { Authorizer, Decision, DocumentReadBudget, FirestoreAccess } from '../authz/seam.js';
import type { Fields } from '../shared/values.js';
import type { RulesObserver } from './coverage.js';
import { decide, UNBOUND_SEGMENT } from './decide.js';
import { DocumentAccessBudget, documentReader, documentResource, type DocumentLookup } from './documentReads.js';
import type { CompiledRules } from './loadRules.js';
import { authValue, timeValue } from './requestValues.js';
import { int, list, mapOf, NULL, parsePathString, partialFromFields, path, str, type RValue } from './values.js';

/** A FirestoreAccess: `lookup` and `budget` are official fields of the seam now. */
export type FirestoreRulesAccess = FirestoreAccess;

export interface FirestoreRulesOptions {
  /** Used when an access carries no lookup of its own. */
  lookup?: DocumentLookup;
}

export function firestoreAuthorizer(rules: CompiledRules, options: FirestoreRulesOptions = {}): Authorizer {
  return (access) => {
    if (access.service !== 'firestore')
      return { allow: false, reason: `${rules.fileName} does not decide ${access.service} requests` };
    return evaluateFirestoreAccess(rules, access, access.lookup ?? options.lookup, access.budget);
  };
}

export function evaluateFirestoreAccess(
  rules: CompiledRules,
  access: FirestoreAccess,
  lookup?: DocumentLookup,
  budget: DocumentReadBudget = new DocumentAccessBudget(),
  coverage?: RulesObserver,
): Decision {
  const parsed = parseDocumentName(access.path);
  if (!parsed) return { allow: false, reason: `not a Firestore document path: ${access.path}` };
  const { project, segments } = parsed;
  const documentDepth = segments.length - 3;
  const isList = access.method === 'list';
  // A list on a collection is matched as a document of it whose id wildcard is unbound.
  const onCollection = isList && documentDepth % 2 === 1;
  const matchSegments = onCollection ? [...segments, UNBOUND_SEGMENT] : segments;
  if (!onCollection && (documentDepth === 0 || documentDepth % 2 !== 0))
    return { allow: false, reason: `not a document path: ${access.path}` };

  const resourceOf = (doc: { data: Fields } | null | undefined): RValue | undefined => {
    if (doc === undefined) return undefined;
    if (doc === null) return NULL;
    return isList ? queryResource(onCollection ? null : segments, doc.data) : documentResource(segments, doc.data);
  };
  const request = mapOf({
    auth: authValue(access.identity),
    method: str(access.method),
    path: path(segments),
    time: timeValue(access.time, access.commitTime),
    resource: resourceOf(access.requestResource),
    query: access.method === 'list' ? queryValue(access.query) : undefined,
  });
  const globals = new Map<string, RValue>([
    ['request', request],
    ['resource', resourceOf(access.resource) ?? NULL],
  ]);
  return decide(rules, {
    service: 'firestore',
    segments: matchSegments,
    method: access.method,
    globals,
    documents: documentReader(project, lookup, budget),
    displayPath: '/' + segments.join('/'),
    coverage,
  });
}

/**
 * The resource of a list: what the query fixes of every document it could return (rules are
 * not filters). `data` holds the fields its filters fix, anything else is unknown; the id and
 * name are known only when the query names its document (`segments`).
 */
function queryResource(segments: string[] | null, data: Fields): RValue {
  const known = new Map<string, RValue>([['data', partialFromFields(data, 'resource.data')]]);
  if (segments) {
    known.set('id', str(segments.at(-1) ?? ''));
    known.set('__name__', path(segments));
  }
  return { t: 'map', v: known, partial: 'resource' };
}

function queryValue(query: FirestoreAccess['query']): RValue {
  return mapOf({
    limit: query?.limit === undefined ? NULL : int(query.limit),
    offset: query?.offset === undefined ? NULL : int(query.offset),
    orderBy: list((query?.orderBy ?? []).map(str)),
  });
}

/** `projects/p/databases/d/documents/a/b` → project p and ['databases', 'd', 'documents', 'a', 'b']. */
export function parseDocumentName(name: string): { project: string; segments: string[] } | null {
  const parts = parsePathString(name);
  const [root, project, databases, , documents] = parts;
  if (root !== 'projects' || project === undefined || databases !== 'databases' || documents !== 'documents') return null;
  return { project, segments: parts.slice(2) };
}
