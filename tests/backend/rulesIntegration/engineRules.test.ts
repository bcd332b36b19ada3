// The engine deciding with real rules: get() sees the stored state and getAfter() the whole
// commit's, document reads are counted per request (10 for one document, 20 shared by the writes
// of a batch), and a query is allowed only when its filters prove the rule for any document.

import { describe, expect, it } from 'vitest';
import type { Identity } from '../../../backend/src/authz/identity.js';
import type { CallContext } from '../../../backend/src/firestore/engine/api.js';
import type { RunQueryRequest } from '../../../backend/src/firestore/types.js';
import { createEngine } from '../../../backend/src/firestore/engine/engine.js';
import { firestoreAuthorizer } from '../../../backend/src/rules/firestoreRules.js';
import { loadRules } from '../../../backend/src/rules/loadRules.js';
import { DB, ROOT, doc, f, put, set } from '../engine/helpers.js';

const user: Identity = { admin: false, auth: { uid: 'u1', token: { sub: 'u1' }, signInProvider: 'custom' } };
const asUser: CallContext = { identity: user };

/** `count` exists() calls on distinct documents x/{prefix}{i}, none of which exist. */
const noneExist = (count: number): string =>
  Array.from({ length: count }, (_, i) => `!exists(/databases/$(database)/documents/x/$(request.resource.data.p + '${i}'))`).join(
    ' && ',
  );

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /ten/{id} { allow create: if ${noneExist(10)}; }
    match /eleven/{id} { allow create: if ${noneExist(11)}; }
    match /counters/{id} {
      allow read: if true;
      allow update: if getAfter(/databases/$(database)/documents/counters/$(id)).data.n
        == get(/databases/$(database)/documents/counters/$(id)).data.n + 1;
    }
    match /logs/{id} {
      allow create: if getAfter(/databases/$(database)/documents/counters/$(request.resource.data.counter)).data.n
        == request.resource.data.n;
    }
    match /cards/{id} {
      allow list: if resource.data.owner == request.auth.uid;
    }
  }
}
`;

function engine() {
  return createEngine({ authorizer: firestoreAuthorizer(loadRules(RULES, 'engine.rules')) });
}

const denial = (promise: Promise<unknown>): Promise<unknown> =>
  expect(promise).rejects.toMatchObject({ status: 'PERMISSION_DENIED' });

describe('document reads in rules', () => {
  it('allows 10 distinct reads for a single write and denies the 11th', async () => {
    const e = await engine();
    await e.commit(DB, { writes: [set('ten/a', { p: 'a' })] }, asUser);
    await denial(e.commit(DB, { writes: [set('eleven/a', { p: 'a' })] }, asUser));
  });

  it('shares 20 reads across the writes of a batch', async () => {
    const e = await engine();
    await e.commit(DB, { writes: [set('ten/a', { p: 'a' }), set('ten/b', { p: 'b' })] }, asUser);
    await denial(
      e.commit(DB, { writes: [set('ten/c', { p: 'c' }), set('ten/d', { p: 'd' }), set('ten/e', { p: 'e' })] }, asUser),
    );
  });

  it('get() sees the stored state and getAfter() the state after the whole commit', async () => {
    const e = await engine();
    await put(e, { 'counters/c': { n: 1 } });
    const bump = (n: number) => ({ update: { name: doc('counters/c'), fields: f({ n }) } });
    await e.commit(DB, { writes: [bump(2)] }, asUser);
    await denial(e.commit(DB, { writes: [bump(4)] }, asUser));
    // The log entry is checked against the counter as the batch leaves it, written after it.
    await e.commit(DB, { writes: [set('logs/l1', { counter: 'c', n: 3 }), bump(3)] }, asUser);
    await denial(e.commit(DB, { writes: [set('logs/l2', { counter: 'c', n: 4 })] }, asUser));
  });
});

describe('queries', () => {
  const byOwner = (owner: string): RunQueryRequest => ({
    parent: ROOT,
    structuredQuery: {
      from: [{ collectionId: 'cards' }],
      where: { fieldFilter: { field: { fieldPath: 'owner' }, op: 'EQUAL', value: { stringValue: owner } } },
    },
  });

  it('are denied without the owner filter, allowed with it', async () => {
    const e = await engine();
    await put(e, { 'cards/a': { owner: 'u1' }, 'cards/b': { owner: 'u2' } });
    await denial(e.runQuery(DB, { parent: ROOT, structuredQuery: { from: [{ collectionId: 'cards' }] } }, asUser));
    expect(await e.runQuery(DB, byOwner('u1'), asUser)).toHaveLength(1);
  });

  it("are decided from their filters when they return nothing: another owner's are denied", async () => {
    const e = await engine();
    expect(await e.runQuery(DB, byOwner('u1'), asUser)).toHaveLength(1); // only a readTime
    await denial(e.runQuery(DB, byOwner('u2'), asUser));
  });
});
