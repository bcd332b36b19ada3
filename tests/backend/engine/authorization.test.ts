import { describe, expect, it } from 'vitest';
import type { Identity } from '../../../backend/src/authz/identity.js';
import type { Access, Authorizer, FirestoreAccess } from '../../../backend/src/authz/seam.js';
import { createEngine } from '../../../backend/src/firestore/engine/engine.js';
import { DB, ROOT, admin, doc, f, put, set } from './helpers.js';

const user: Identity = { admin: false, auth: { uid: 'u1', token: { sub: 'u1' }, signInProvider: 'custom' } };
const asUser = { identity: user };

function recording(deny: (a: FirestoreAccess) => boolean = () => false) {
  const seen: FirestoreAccess[] = [];
  const authorizer: Authorizer = (access: Access) => {
    const a = access as FirestoreAccess;
    seen.push(a);
    return { allow: !deny(a) };
  };
  return { seen, authorizer };
}

describe('authorization seam', () => {
  it('asks for get on each document read, with the stored data as resource', async () => {
    const { seen, authorizer } = recording();
    const e = await createEngine({ authorizer });
    await put(e, { 'c/a': { x: 1 } });
    await e.batchGet(DB, { documents: [doc('c/a'), doc('c/b')] }, asUser);
    await e.getDocument(doc('c/a'), asUser);
    expect(seen.map((a) => [a.method, a.path, a.resource])).toEqual([
      ['get', doc('c/a'), { data: f({ x: 1 }) }],
      ['get', doc('c/b'), null],
      ['get', doc('c/a'), { data: f({ x: 1 }) }],
    ]);
    expect(seen[0]?.identity).toBe(user);
  });

  it('asks for list once on the collection path, whatever the query returns, with its limit, offset and orderBy', async () => {
    const { seen, authorizer } = recording();
    const e = await createEngine({ authorizer });
    await put(e, { 'c/a': { x: 1 }, 'c/b': { x: 2 } });
    await e.runQuery(
      DB,
      {
        parent: ROOT,
        structuredQuery: { from: [{ collectionId: 'c' }], orderBy: [{ field: { fieldPath: 'x' } }], limit: 5, offset: 1 },
      },
      asUser,
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'list',
      path: `${ROOT}/c`,
      resource: { data: {} },
      query: { limit: 5, offset: 1, orderBy: ['x'] },
    });
  });

  it("gives list what the query's equality filters fix as the resource", async () => {
    const { seen, authorizer } = recording();
    const e = await createEngine({ authorizer });
    await e.runQuery(
      DB,
      {
        parent: ROOT,
        structuredQuery: {
          from: [{ collectionId: 'c' }],
          where: { fieldFilter: { field: { fieldPath: 'owner' }, op: 'EQUAL', value: { stringValue: 'u1' } } },
        },
      },
      asUser,
    );
    expect(seen[0]).toMatchObject({ method: 'list', resource: { data: f({ owner: 'u1' }) } });
  });

  it('asks create, update and delete with resource (before) and requestResource (after)', async () => {
    const { seen, authorizer } = recording();
    const e = await createEngine({ authorizer });
    await e.commit(DB, { writes: [set('c/a', { x: 1 })] }, asUser);
    await e.commit(DB, { writes: [set('c/a', { x: 2 })] }, asUser);
    await e.commit(DB, { writes: [{ delete: doc('c/a') }] }, asUser);
    expect(seen.map((a) => [a.method, a.path, a.resource, a.requestResource])).toEqual([
      ['create', doc('c/a'), null, { data: f({ x: 1 }) }],
      ['update', doc('c/a'), { data: f({ x: 1 }) }, { data: f({ x: 2 }) }],
      ['delete', doc('c/a'), { data: f({ x: 2 }) }, null],
    ]);
  });

  it('denies the whole batch when one write is denied', async () => {
    const { authorizer } = recording((a) => a.path === doc('c/secret'));
    const e = await createEngine({ authorizer });
    await expect(e.commit(DB, { writes: [set('c/ok', {}), set('c/secret', {})] }, asUser)).rejects.toMatchObject({
      status: 'PERMISSION_DENIED',
      message: `Missing or insufficient permissions: create on ${doc('c/secret')}`,
    });
    expect(e.lookup(doc('c/ok'))).toBeNull();
  });

  it('denies reads with PERMISSION_DENIED naming the method and path', async () => {
    const { authorizer } = recording(() => true);
    const e = await createEngine({ authorizer });
    await expect(e.batchGet(DB, { documents: [doc('c/a')] }, asUser)).rejects.toMatchObject({
      status: 'PERMISSION_DENIED',
      message: `Missing or insufficient permissions: get on ${doc('c/a')}`,
    });
    await expect(
      e.runQuery(DB, { parent: ROOT, structuredQuery: { from: [{ collectionId: 'c' }] } }, asUser),
    ).rejects.toMatchObject({
      status: 'PERMISSION_DENIED',
      message: `Missing or insufficient permissions: list on ${ROOT}/c`,
    });
  });

  it('never asks for admin callers, and follows a swapped authorizer', async () => {
    const { seen, authorizer } = recording(() => true);
    const e = await createEngine({ authorizer });
    await e.commit(DB, { writes: [set('c/a', {})] }, admin);
    await e.batchGet(DB, { documents: [doc('c/a')] }, admin);
    expect(seen).toHaveLength(0);
    e.authorizer = () => ({ allow: true });
    await expect(e.batchGet(DB, { documents: [doc('c/a')] }, asUser)).resolves.toHaveLength(1);
  });
});
