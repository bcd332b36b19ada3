// Rules are not filters: a list is decided from what the query's filters fix of every document it
// could return, never from the documents stored. First what a list rule sees of its resource,
// then queries, aggregations, listeners and listDocuments through the engine with real rules.

import { describe, expect, it } from 'vitest';
import type { Identity } from '../../../backend/src/authz/identity.js';
import type { CallContext } from '../../../backend/src/firestore/engine/api.js';
import { createEngine } from '../../../backend/src/firestore/engine/engine.js';
import type { Filter, RunQueryRequest, StructuredQuery } from '../../../backend/src/firestore/types.js';
import { evaluateFirestoreAccess, firestoreAuthorizer } from '../../../backend/src/rules/firestoreRules.js';
import { DB, ROOT, doc, f, put, v } from '../engine/helpers.js';
import { access, firestoreRules, outcomeOf, user, type Outcome } from './rulesTestKit.js';

describe('what a list rule knows of the documents', () => {
  const fixed = f({ owner: 'u1', meta: { team: 't1' } });

  /** `expr` as the list condition on /cards, with `fixed` as what the query's filters fix. */
  const listExpr = (expr: string, path = 'cards'): Outcome =>
    outcomeOf(
      evaluateFirestoreAccess(
        firestoreRules(`match /cards/{id} { allow list: if ${expr}; }`),
        access(path, 'list', { identity: user('u1'), resource: { data: fixed } }),
      ),
    );

  it.each([
    ["resource.data.owner == 'u1' && resource.data.owner is string", 'true'],
    ["resource.data.owner == 'u2'", 'false'],
    ["resource.data.get('owner', '') == 'u1'", 'true'],
    ["'owner' in resource.data", 'true'],
    ["resource.data.meta.team == 't1'", 'true'],
    ['resource != null && resource.data is map', 'true'],
    ['request.path == /databases/(default)/documents/cards', 'true'],
  ] as const)('a field the filters fix holds their value: %s → %s', (expr, expected) => {
    expect(listExpr(expr)).toBe(expected);
  });

  it.each([
    ['resource.data.published == true', 'error'],
    ["resource.data.get('published', false) == false", 'error'],
    ["'published' in resource.data", 'error'],
    ["resource.data.keys().hasAll(['owner'])", 'error'],
    ['resource.data.size() > 0', 'error'],
    ['resource.data.values().size() > 0', 'error'],
    ["resource.data.diff({'owner': 'u1'}).affectedKeys().size() == 0", 'error'],
    // A filter on meta.team fixes nothing else of meta.
    ['resource.data.meta.size() == 1', 'error'],
    ["resource.data.meta == {'team': 't1'}", 'error'],
    ["resource.id == 'c1'", 'error'],
    ["id == 'c1'", 'error'],
  ] as const)('any other field, the whole map and the id are unknown: %s → %s', (expr, expected) => {
    expect(listExpr(expr)).toBe(expected);
  });

  it.each([
    ["resource.data.published == true || resource.data.owner == 'u1'", 'true'],
    ["resource.data.owner == 'u1' || resource.data.published == true", 'true'],
    ["resource.data.published == true && resource.data.owner == 'u2'", 'false'],
    ["resource.data.published == true && resource.data.owner == 'u1'", 'error'],
  ] as const)('an unknown field matters only where the condition depends on it: %s → %s', (expr, expected) => {
    expect(listExpr(expr)).toBe(expected);
  });

  it('a query that names its document by __name__ knows its id, not more of its data', () => {
    expect(listExpr("resource.id == 'c1' && id == 'c1'", 'cards/c1')).toBe('true');
    expect(listExpr('resource.__name__ == /databases/(default)/documents/cards/c1', 'cards/c1')).toBe('true');
    expect(listExpr('resource.data.published == true', 'cards/c1')).toBe('error');
  });
});

const RULES = firestoreRules(`
    match /cards/{id} {
      allow get: if resource.data.owner == request.auth.uid;
      allow list: if request.auth != null && resource.data.owner == request.auth.uid;
    }
    match /pages/{id} {
      allow list: if request.query.limit <= 10;
    }
    match /ranked/{id} {
      allow list: if resource.data.rank > 5;
    }
    match /private/{uid} {
      allow list: if uid == request.auth.uid;
    }
    match /teams/{teamId} {
      allow get: if true;
    }
    match /boards/{id} {
      allow list: if get(/databases/$(database)/documents/teams/$(resource.data.team)).data.open == true;
    }
    match /{path=**}/notes/{noteId} {
      allow list: if resource.data.owner == request.auth.uid;
    }`);

const u1: Identity = user('u1');
const asU1: CallContext = { identity: u1 };

async function engine() {
  const e = await createEngine({ authorizer: firestoreAuthorizer(RULES) });
  await put(e, { 'cards/a': { owner: 'u1', color: 'red' }, 'teams/t1': { open: true }, 'teams/t2': { open: false } });
  return e;
}

const eq = (field: string, value: unknown): Filter => ({
  fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: v(value) },
});
const op = (field: string, operator: 'IN' | 'GREATER_THAN' | 'NOT_IN', value: unknown): Filter => ({
  fieldFilter: { field: { fieldPath: field }, op: operator, value: v(value) },
});
const and = (...filters: Filter[]): Filter => ({ compositeFilter: { op: 'AND', filters } });
const or = (...filters: Filter[]): Filter => ({ compositeFilter: { op: 'OR', filters } });

const structured = (collectionId: string, where?: Filter, extra: Partial<StructuredQuery> = {}): StructuredQuery => ({
  from: [{ collectionId }],
  ...(where ? { where } : {}),
  ...extra,
});
const request = (collectionId: string, where?: Filter, extra: Partial<StructuredQuery> = {}): RunQueryRequest => ({
  parent: ROOT,
  structuredQuery: structured(collectionId, where, extra),
});

const denial = (promise: Promise<unknown>, collection = 'cards'): Promise<unknown> =>
  expect(promise).rejects.toMatchObject({
    status: 'PERMISSION_DENIED',
    message: `Missing or insufficient permissions: list on ${ROOT}/${collection}`,
  });

describe('queries are decided from their filters', () => {
  describe('the owner', () => {
    it('queries their cards with the owner filter, alone or with others', async () => {
      const e = await engine();
      expect(await e.runQuery(DB, request('cards', eq('owner', 'u1')), asU1)).toHaveLength(1);
      expect(await e.runQuery(DB, request('cards', and(eq('owner', 'u1'), eq('color', 'blue'))), asU1)).toHaveLength(1);
    });

    it('cannot query without the owner filter, even when every stored card is theirs', async () => {
      const e = await engine();
      await denial(e.runQuery(DB, request('cards'), asU1));
      await denial(e.runQuery(DB, request('cards', eq('color', 'red')), asU1));
      await denial(e.runQuery(DB, request('cards', op('owner', 'NOT_IN', ['u2'])), asU1));
    });

    it("cannot query someone else's cards, even when there are none", async () => {
      const e = await engine();
      await denial(e.runQuery(DB, request('cards', eq('owner', 'u2')), asU1));
    });

    it('each value of an in and each branch of an or must be allowed', async () => {
      const e = await engine();
      expect(await e.runQuery(DB, request('cards', op('owner', 'IN', ['u1'])), asU1)).toHaveLength(1);
      await denial(e.runQuery(DB, request('cards', op('owner', 'IN', ['u1', 'u2'])), asU1));
      await denial(e.runQuery(DB, request('cards', or(eq('owner', 'u1'), eq('color', 'red'))), asU1));
      const ownRedOrBlue = or(and(eq('owner', 'u1'), eq('color', 'red')), and(eq('owner', 'u1'), eq('color', 'blue')));
      expect(await e.runQuery(DB, request('cards', ownRedOrBlue), asU1)).toHaveLength(1);
    });

    it('gets their own card one by one, and not a card that is not theirs', async () => {
      const e = await engine();
      await put(e, { 'cards/b': { owner: 'u2' } });
      await expect(e.getDocument(doc('cards/a'), asU1)).resolves.toMatchObject({ name: doc('cards/a') });
      await expect(e.getDocument(doc('cards/b'), asU1)).rejects.toMatchObject({ status: 'PERMISSION_DENIED' });
    });

    it('counts their cards with an aggregation only with the owner filter', async () => {
      const e = await engine();
      const count = (where?: Filter) =>
        e.runAggregationQuery(
          DB,
          {
            parent: ROOT,
            structuredAggregationQuery: {
              structuredQuery: structured('cards', where),
              aggregations: [{ alias: 'n', count: {} }],
            },
          },
          asU1,
        );
      await expect(count(eq('owner', 'u1'))).resolves.toHaveLength(1);
      await denial(count());
    });

    it('listens to their cards with the owner filter; a listener without it is refused whatever it would deliver', async () => {
      const e = await engine();
      expect(await e.runQuery(DB, request('cards', eq('owner', 'u1')), asU1)).not.toHaveLength(0);
      const listen = (where?: Filter) =>
        e.authorizeListen(u1, { kind: 'query', parent: ROOT, query: structured('cards', where) }, new Date());
      expect(() => listen(eq('owner', 'u1'))).not.toThrow();
      expect(() => listen()).toThrow(`Missing or insufficient permissions: list on ${ROOT}/cards`);
    });

    it('cannot list the documents of the collection (listDocuments fixes nothing)', async () => {
      const e = await engine();
      await expect(e.listDocuments({ parent: ROOT, collectionId: 'cards' }, asU1)).rejects.toMatchObject({
        status: 'PERMISSION_DENIED',
      });
    });
  });

  it('request.query.limit is the query limit', async () => {
    const e = await engine();
    await expect(e.runQuery(DB, request('pages', undefined, { limit: 10 }), asU1)).resolves.toHaveLength(1);
    await denial(e.runQuery(DB, request('pages', undefined, { limit: 11 }), asU1), 'pages');
    await denial(e.runQuery(DB, request('pages'), asU1), 'pages');
  });

  it('a range filter proves nothing of its field: the query is denied (stricter than production)', async () => {
    const e = await engine();
    await put(e, { 'ranked/r': { rank: 9 } });
    await denial(e.runQuery(DB, request('ranked', op('rank', 'GREATER_THAN', 5)), asU1), 'ranked');
    expect(await e.runQuery(DB, request('ranked', eq('rank', 9)), asU1)).toHaveLength(1);
  });

  it('a query naming its documents by __name__ binds the id wildcard to each of them', async () => {
    const e = await engine();
    const name = (id: string) => ({ referenceValue: doc(`private/${id}`) });
    const byName = (ids: string[]): Filter =>
      ids.length === 1
        ? { fieldFilter: { field: { fieldPath: '__name__' }, op: 'EQUAL', value: name(ids[0] ?? '') } }
        : { fieldFilter: { field: { fieldPath: '__name__' }, op: 'IN', value: { arrayValue: { values: ids.map(name) } } } };
    await expect(e.runQuery(DB, request('private', byName(['u1'])), asU1)).resolves.toHaveLength(1);
    await denial(e.runQuery(DB, request('private', byName(['u2'])), asU1), 'private');
    await denial(e.runQuery(DB, request('private', byName(['u1', 'u2'])), asU1), 'private');
    await denial(e.runQuery(DB, request('private'), asU1), 'private');
  });

  it('get() in a list rule reads the stored document the fixed fields point at', async () => {
    const e = await engine();
    await expect(e.runQuery(DB, request('boards', eq('team', 't1')), asU1)).resolves.toHaveLength(1);
    await denial(e.runQuery(DB, request('boards', eq('team', 't2')), asU1), 'boards');
    await denial(e.runQuery(DB, request('boards'), asU1), 'boards');
  });

  it('a collection group query is decided by the rule for every path, its wildcards unknown', async () => {
    const e = await engine();
    await put(e, { 'cards/a/notes/n': { owner: 'u1' } });
    const group = (where?: Filter): RunQueryRequest => ({
      parent: ROOT,
      structuredQuery: { from: [{ collectionId: 'notes', allDescendants: true }], ...(where ? { where } : {}) },
    });
    expect(await e.runQuery(DB, group(eq('owner', 'u1')), asU1)).toHaveLength(1);
    await denial(e.runQuery(DB, group(), asU1), 'notes');
  });
});
