import { describe, expect, it } from 'vitest';
import { DocumentAccessBudget, MULTI_DOCUMENT_LIMIT } from '../../../backend/src/rules/documentReads.js';
import {
  evaluateFirestoreAccess,
  firestoreAuthorizer,
  type FirestoreRulesAccess,
} from '../../../backend/src/rules/firestoreRules.js';
import { access, DOCS, evalExpr, fakeLookup, firestoreRules, user } from './rulesTestKit.js';

const stored = {
  'admins/alice': { role: { stringValue: 'owner' } },
  'invites/i1': { email: { stringValue: 'p@example.com' } },
};
const afterBatch = {
  'admins/alice': { role: { stringValue: 'owner' } },
  'presenters/u1': { email: { stringValue: 'p@example.com' } },
};

describe('get, exists, getAfter, existsAfter', () => {
  const { lookup } = fakeLookup(stored, afterBatch);
  it.each([
    ['exists(/databases/$(database)/documents/admins/alice)', 'true'],
    ['exists(/databases/$(database)/documents/admins/bob)', 'false'],
    ["get(/databases/$(database)/documents/admins/alice).data.role == 'owner'", 'true'],
    ["get(/databases/$(database)/documents/admins/alice).id == 'alice'", 'true'],
    ['get(/databases/$(database)/documents/admins/alice).__name__ == /databases/(default)/documents/admins/alice', 'true'],
    ['get(/databases/$(database)/documents/admins/bob) == null', 'true'],
    ["get(/databases/$(database)/documents/admins/bob).data.role == 'owner'", 'error'],
    ['existsAfter(/databases/$(database)/documents/presenters/u1)', 'true'],
    ['existsAfter(/databases/$(database)/documents/invites/i1)', 'false'],
    [
      'getAfter(/databases/$(database)/documents/presenters/u1).data.email == get(/databases/$(database)/documents/invites/i1).data.email',
      'true',
    ],
    ['exists(/databases/$(database)/documents/admins)', 'error'],
    ['exists(/other/admins/alice)', 'error'],
    ["exists('admins/alice')", 'error'],
  ] as const)('%s → %s', (expr, expected) => {
    expect(evalExpr(expr, { lookup })).toBe(expected);
  });

  it('reads through the lookup with full resource names', () => {
    const { lookup: recorded, reads } = fakeLookup(stored, afterBatch);
    evalExpr(
      'exists(/databases/$(database)/documents/admins/alice) && existsAfter(/databases/$(database)/documents/presenters/u1)',
      {
        lookup: recorded,
      },
    );
    expect(reads).toEqual([`get ${DOCS}/admins/alice`, `getAfter ${DOCS}/presenters/u1`]);
  });

  it('without a lookup, document functions are errors', () => {
    expect(evalExpr('exists(/databases/$(database)/documents/admins/alice)')).toBe('error');
  });
});

describe('document access limits', () => {
  const chain = (n: number) =>
    Array.from({ length: n }, (_, i) => `!exists(/databases/$(database)/documents/missing/d${i})`).join(' && ');

  it('allows 10 distinct documents in a single-document request', () => {
    const { lookup } = fakeLookup({});
    expect(evalExpr(chain(10), { lookup })).toBe('true');
  });

  it('an 11th distinct document is an error', () => {
    const { lookup } = fakeLookup({});
    expect(evalExpr(chain(11), { lookup })).toBe('error');
  });

  it('repeated reads of one document count once and are cached', () => {
    const { lookup, reads } = fakeLookup(stored);
    const same = Array.from({ length: 15 }, () => 'exists(/databases/$(database)/documents/admins/alice)').join(' && ');
    expect(evalExpr(same, { lookup })).toBe('true');
    expect(reads).toHaveLength(1);
  });

  it('a batch shares one budget of 20 across its writes', () => {
    const rules = firestoreRules(`
      match /w/{id} {
        allow create: if ${Array.from({ length: 8 }, (_, i) => `!exists(/databases/$(database)/documents/missing/$(id)-${i})`).join(' && ')};
      }`);
    const { lookup } = fakeLookup({});
    const budget = new DocumentAccessBudget(MULTI_DOCUMENT_LIMIT);
    const authorize = firestoreAuthorizer(rules);
    const write = (id: string): FirestoreRulesAccess => ({
      ...access(`w/${id}`, 'create', { requestResource: { data: {} } }),
      lookup,
      budget,
    });
    expect(authorize(write('a')).allow).toBe(true); // 8 reads
    expect(authorize(write('b')).allow).toBe(true); // 16 reads
    const third = authorize(write('c')); // would need 24
    expect(third.allow).toBe(false);
    expect(third.reason).toContain('more than 20 document access calls');
  });

  it('the authorizer falls back to the lookup given at construction', () => {
    const rules = firestoreRules(
      'match /t/{id} { allow get: if exists(/databases/$(database)/documents/admins/$(request.auth.uid)); }',
    );
    const { lookup } = fakeLookup(stored);
    const authorize = firestoreAuthorizer(rules, { lookup });
    expect(authorize(access('t/x', 'get', { identity: user('alice') })).allow).toBe(true);
    expect(authorize(access('t/x', 'get', { identity: user('bob') })).allow).toBe(false);
    expect(evaluateFirestoreAccess(rules, access('t/x', 'get', { identity: user('alice') })).allow).toBe(false);
  });
});
