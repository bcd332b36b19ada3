import { describe, expect, it } from 'vitest';
import type { StorageAccess } from '../../../backend/src/authz/seam.js';
import { loadRules } from '../../../backend/src/rules/loadRules.js';
import { evaluateStorageAccess, storageAuthorizer } from '../../../backend/src/rules/storageRules.js';
import { access as firestoreAccess, anonymous, fakeLookup, user } from './rulesTestKit.js';

const rules = loadRules(
  `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    // Event images: anyone reads; admins upload images under 5 MB.
    match /events/{eventId}/{fileName} {
      allow read: if bucket == 'demo.appspot.com';
      allow create, update: if request.auth != null
        && firestore.exists(/databases/(default)/documents/admins/$(request.auth.uid))
        && request.resource.size < 5 * 1024 * 1024
        && request.resource.contentType.matches('image/.*');
      allow delete: if request.auth.token.admin == true;
    }
    // Each user owns their folder; metadata must name the owner.
    match /users/{uid}/{allPaths=**} {
      allow read: if request.auth.uid == uid;
      allow write: if request.auth.uid == uid
        && request.resource.metadata.owner == uid
        && (resource == null || resource.size < request.resource.size);
    }
  }
}`,
  'storage.rules',
);

function storage(path: string, method: StorageAccess['method'], extra: Partial<StorageAccess> = {}): StorageAccess {
  return {
    service: 'storage',
    method,
    bucket: 'demo.appspot.com',
    path,
    identity: anonymous,
    resource: null,
    time: new Date(0),
    ...extra,
  };
}

const { lookup } = fakeLookup({ 'admins/alice': {} });
const options = { firestore: { project: 'demo', lookup } };
const image = (size: number, contentType = 'image/png') => ({ size, contentType });

describe('storage rules', () => {
  it.each([
    ['anyone reads an event image', storage('events/e1/a.png', 'get'), true],
    ['another bucket is not readable', { ...storage('events/e1/a.png', 'get'), bucket: 'other' }, false],
    [
      'an admin uploads a small image',
      storage('events/e1/a.png', 'create', { identity: user('alice'), requestResource: image(1000) }),
      true,
    ],
    [
      'an admin uploads a 5 MB image',
      storage('events/e1/a.png', 'create', { identity: user('alice'), requestResource: image(5 * 1024 * 1024) }),
      false,
    ],
    [
      'an admin uploads a PDF',
      storage('events/e1/a.pdf', 'create', { identity: user('alice'), requestResource: image(10, 'application/pdf') }),
      false,
    ],
    [
      'a non-admin uploads an image',
      storage('events/e1/a.png', 'create', { identity: user('bob'), requestResource: image(10) }),
      false,
    ],
    ['a signed-out user uploads', storage('events/e1/a.png', 'create', { requestResource: image(10) }), false],
    ['deleting needs the admin claim', storage('events/e1/a.png', 'delete', { identity: user('bob', { admin: true }) }), true],
    ['deleting without the claim', storage('events/e1/a.png', 'delete', { identity: user('bob') }), false],
    ['an owner reads deep in their folder', storage('users/u1/a/b/c.txt', 'get', { identity: user('u1') }), true],
    ['an owner lists their folder', storage('users/u1', 'list', { identity: user('u1') }), true],
    // A rule on the folder's files governs listing the folder (production's semantics): the
    // files of events/e1 are listed under `match /events/{eventId}/{fileName}`.
    ['anyone lists a folder whose files anyone reads', storage('events/e1', 'list'), true],
    ['nobody lists a folder above the files a rule names', storage('events', 'list'), false],
    ['another user reads the folder', storage('users/u1/a.txt', 'get', { identity: user('u2') }), false],
    [
      'an owner writes with owner metadata',
      storage('users/u1/a.txt', 'create', { identity: user('u1'), requestResource: { size: 3, metadata: { owner: 'u1' } } }),
      true,
    ],
    [
      'an owner writes without owner metadata',
      storage('users/u1/a.txt', 'create', { identity: user('u1'), requestResource: { size: 3 } }),
      false,
    ],
    [
      'an owner may only grow a file',
      storage('users/u1/a.txt', 'update', {
        identity: user('u1'),
        resource: { size: 10 },
        requestResource: { size: 3, metadata: { owner: 'u1' } },
      }),
      false,
    ],
  ] as const)('%s', (_name, request, allowed) => {
    expect(evaluateStorageAccess(rules, request, options).allow).toBe(allowed);
  });

  it('exposes the object metadata as resource', () => {
    const meta = loadRules(
      `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o/{path=**} {
    allow get: if resource.name == 'a/b.txt' && resource.bucket == bucket && resource.size == 3
      && resource.contentType == 'text/plain' && resource.metadata.k == 'v'
      && resource.timeCreated < resource.updated && resource.md5Hash == 'abc';
  }
}`,
      'storage.rules',
    );
    const resource = {
      size: 3,
      contentType: 'text/plain',
      metadata: { k: 'v' },
      timeCreated: '2024-01-01T00:00:00Z',
      updated: new Date('2024-02-01T00:00:00Z'),
      md5Hash: 'abc',
    };
    expect(evaluateStorageAccess(meta, storage('a/b.txt', 'get', { resource })).allow).toBe(true);
  });

  it('limits cross-service reads and needs a lookup for them', () => {
    const twice = loadRules(
      `service firebase.storage {
  match /b/{bucket}/o/{name} {
    allow get: if !firestore.exists(/databases/(default)/documents/a/1)
      && !firestore.exists(/databases/(default)/documents/a/2)
      && !firestore.exists(/databases/(default)/documents/a/3);
  }
}`,
      'storage.rules',
    );
    expect(evaluateStorageAccess(twice, storage('x', 'get'), { firestore: { project: 'demo', lookup, limit: 3 } }).allow).toBe(
      true,
    );
    expect(evaluateStorageAccess(twice, storage('x', 'get'), { firestore: { project: 'demo', lookup } }).allow).toBe(false);
    expect(evaluateStorageAccess(twice, storage('x', 'get')).allow).toBe(false);
  });

  it('the authorizer decides storage requests only', () => {
    const authorize = storageAuthorizer(rules, options);
    expect(authorize(storage('events/e1/a.png', 'get')).allow).toBe(true);
    expect(authorize(firestoreAccess('events/e1', 'get')).allow).toBe(false);
  });

  it('names the granting rule', () => {
    expect(evaluateStorageAccess(rules, storage('events/e1/a.png', 'get'), options).reason).toBe(
      'storage.rules:6: allow read in match /events/{eventId}/{fileName}',
    );
  });
});
