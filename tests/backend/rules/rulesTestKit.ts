// Shared helpers for the rules tests: rules around one expression, accesses and a fake lookup.

import type { Identity } from '../../../backend/src/authz/identity.js';
import type { Decision, FirestoreAccess } from '../../../backend/src/authz/seam.js';
import type { Fields } from '../../../backend/src/firestore/types.js';
import { DocumentAccessBudget, type DocumentLookup } from '../../../backend/src/rules/documentReads.js';
import { evaluateFirestoreAccess } from '../../../backend/src/rules/firestoreRules.js';
import { loadRules, type CompiledRules } from '../../../backend/src/rules/loadRules.js';

export const DOCS = 'projects/demo/databases/(default)/documents';

export function firestoreRules(body: string, version = '2'): CompiledRules {
  return loadRules(
    `rules_version = '${version}';
service cloud.firestore {
  match /databases/{database}/documents {
${body}
  }
}
`,
    'firestore.rules',
  );
}

export const anonymous: Identity = { admin: false, auth: null };

export function user(uid: string, claims: Record<string, unknown> = {}, provider = 'password'): Identity {
  return {
    admin: false,
    auth: {
      uid,
      token: { sub: uid, user_id: uid, firebase: { sign_in_provider: provider }, ...claims },
      signInProvider: provider,
    },
  };
}

export function access(path: string, method: FirestoreAccess['method'], extra: Partial<FirestoreAccess> = {}): FirestoreAccess {
  return {
    service: 'firestore',
    method,
    path: `${DOCS}/${path}`,
    identity: anonymous,
    resource: null,
    time: new Date('2024-05-06T07:08:09.123Z'),
    ...extra,
  };
}

export type Outcome = 'true' | 'false' | 'error';

export function outcomeOf(decision: Decision): Outcome {
  if (decision.allow) return 'true';
  return decision.reason?.includes('(errors:') ? 'error' : 'false';
}

export interface ExprOptions extends Partial<FirestoreAccess> {
  lookup?: DocumentLookup;
  functions?: string;
}

/** Evaluates `expr` as the condition of `allow get` on /t/doc. */
export function evalExpr(expr: string, options: ExprOptions = {}): Outcome {
  const { lookup, functions = '', ...extra } = options;
  const rules = firestoreRules(`${functions}\n    match /t/{id} { allow get: if ${expr}; }`);
  return outcomeOf(evaluateFirestoreAccess(rules, access('t/doc', 'get', extra), lookup));
}

/** A lookup over before/after snapshots that records what was read. */
export function fakeLookup(before: Record<string, Fields>, after: Record<string, Fields> = before) {
  const reads: string[] = [];
  const lookup: DocumentLookup = {
    get(name) {
      reads.push(`get ${name}`);
      return before[name.slice(DOCS.length + 1)] ?? null;
    },
    getAfter(name) {
      reads.push(`getAfter ${name}`);
      return after[name.slice(DOCS.length + 1)] ?? null;
    },
  };
  return { lookup, reads };
}

export { DocumentAccessBudget };
