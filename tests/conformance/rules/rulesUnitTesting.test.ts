// Security rules through @firebase/rules-unit-testing, used exactly as a Firebase project uses it
// against the official emulators: rules set per test environment, a fresh context per actor,
// every allow and every denial checked. Runs against the emulators the environment names.

import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  runTransaction,
  setDoc,
  updateDoc,
  where,
  writeBatch,
  arrayUnion,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { firestoreEmulator, storageEmulator, uniqueProjectId } from '../../support/emulators.js';
import { STORAGE_TEST_RULES } from './storageTestRules.js';

const FIRESTORE_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    // Profiles: signed-in users read one; lists only of visible profiles; each user writes their
    // own and may not rename it; admins (custom claim) delete.
    match /profiles/{uid} {
      allow get: if request.auth != null;
      allow list: if request.auth != null && resource.data.visible == true;
      allow create: if request.auth != null && request.auth.uid == uid && request.resource.data.name is string;
      allow update: if request.auth != null && request.auth.uid == uid
        && request.resource.data.name == resource.data.name;
      allow delete: if request.auth.token.admin == true;
    }

    // Rooms: open to read; a member joins only in the batch that adds them to the room's list.
    match /rooms/{roomId} {
      allow read: if true;
      allow update: if request.auth != null
        && request.resource.data.memberIds.removeAll(resource.data.memberIds).hasOnly([request.auth.uid]);

      match /members/{uid} {
        allow read: if true;
        allow create: if request.auth != null && request.auth.uid == uid
          && uid in getAfter(/databases/$(database)/documents/rooms/$(roomId)).data.memberIds;
      }
    }

    // Notes: only the owner reads; queries must be limited to the caller's notes.
    match /notes/{noteId} {
      allow read: if request.auth != null && resource.data.owner == request.auth.uid;
    }

    // Feed: anyone reads one item; a query reads at most ten.
    match /feed/{itemId} {
      allow get: if true;
      allow list: if request.query.limit <= 10;
    }
  }
}
`;

let env: RulesTestEnvironment;
const projectId = uniqueProjectId('rules-rut');

const db = (context: RulesTestContext): Firestore => context.firestore() as unknown as Firestore;

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId,
    firestore: { ...firestoreEmulator(), rules: FIRESTORE_RULES },
    storage: { ...storageEmulator(), rules: STORAGE_TEST_RULES },
  });
});

afterAll(async () => {
  await env?.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await env.clearStorage();
  await env.withSecurityRulesDisabled(async (context) => {
    const admin = db(context);
    await setDoc(doc(admin, 'profiles/alice'), { name: 'Alice', visible: true, uploader: true });
    await setDoc(doc(admin, 'profiles/bob'), { name: 'Bob', visible: false });
    await setDoc(doc(admin, 'rooms/r1'), { memberIds: ['bob'] });
    await setDoc(doc(admin, 'notes/n1'), { owner: 'alice', text: 'mine' });
    await setDoc(doc(admin, 'notes/n2'), { owner: 'bob', text: 'not yours' });
  });
});

describe('profiles', () => {
  describe('a signed-in user', () => {
    it('gets a profile', async () => {
      await assertSucceeds(getDoc(doc(db(env.authenticatedContext('carol')), 'profiles/bob')));
    });

    it('lists the visible profiles', async () => {
      const alice = db(env.authenticatedContext('alice'));
      await assertSucceeds(getDocs(query(collection(alice, 'profiles'), where('visible', '==', true))));
    });

    it('cannot list every profile: the query does not keep to the visible ones (rules are not filters)', async () => {
      await assertFails(getDocs(collection(db(env.authenticatedContext('alice')), 'profiles')));
    });

    it('creates their own profile', async () => {
      await assertSucceeds(
        setDoc(doc(db(env.authenticatedContext('carol')), 'profiles/carol'), { name: 'Carol', visible: true }),
      );
    });

    it("cannot create someone else's profile", async () => {
      await assertFails(setDoc(doc(db(env.authenticatedContext('carol')), 'profiles/dave'), { name: 'Dave', visible: true }));
    });

    it('updates their own profile without renaming it', async () => {
      await assertSucceeds(updateDoc(doc(db(env.authenticatedContext('alice')), 'profiles/alice'), { visible: false }));
    });

    it('cannot rename their profile', async () => {
      await assertFails(updateDoc(doc(db(env.authenticatedContext('alice')), 'profiles/alice'), { name: 'Mallory' }));
    });

    it('cannot delete a profile without the admin claim', async () => {
      await assertFails(deleteDoc(doc(db(env.authenticatedContext('alice')), 'profiles/alice')));
    });
  });

  describe('an admin (custom claim admin: true)', () => {
    it('deletes a profile', async () => {
      await assertSucceeds(deleteDoc(doc(db(env.authenticatedContext('root', { admin: true })), 'profiles/bob')));
    });
  });

  describe('an unauthenticated caller', () => {
    it('cannot get a profile', async () => {
      await assertFails(getDoc(doc(db(env.unauthenticatedContext()), 'profiles/alice')));
    });

    it('cannot list profiles', async () => {
      await assertFails(getDocs(query(collection(db(env.unauthenticatedContext()), 'profiles'), where('visible', '==', true))));
    });
  });
});

describe('rooms', () => {
  describe('a signed-in user', () => {
    it('joins in one batch that adds them to the room and creates their member document (getAfter)', async () => {
      const alice = db(env.authenticatedContext('alice'));
      const batch = writeBatch(alice);
      batch.update(doc(alice, 'rooms/r1'), { memberIds: arrayUnion('alice') });
      batch.set(doc(alice, 'rooms/r1/members/alice'), { joined: true });
      await assertSucceeds(batch.commit());
    });

    it('joins in a transaction that reads the room, then lists them and creates their member document', async () => {
      const alice = db(env.authenticatedContext('alice'));
      const room = doc(alice, 'rooms/r1');
      await assertSucceeds(
        runTransaction(alice, async (tx) => {
          const memberIds = ((await tx.get(room)).data()?.memberIds ?? []) as string[];
          tx.update(room, { memberIds: [...memberIds, 'alice'] });
          tx.set(doc(alice, 'rooms/r1/members/alice'), { joined: true });
        }),
      );
    });

    it('cannot create their member document alone: the room does not list them after the write', async () => {
      const alice = db(env.authenticatedContext('alice'));
      await assertFails(setDoc(doc(alice, 'rooms/r1/members/alice'), { joined: true }));
    });

    it('cannot join as someone else in a batch', async () => {
      const alice = db(env.authenticatedContext('alice'));
      const batch = writeBatch(alice);
      batch.update(doc(alice, 'rooms/r1'), { memberIds: arrayUnion('carol') });
      batch.set(doc(alice, 'rooms/r1/members/carol'), { joined: true });
      await assertFails(batch.commit());
    });
  });
});

describe('notes', () => {
  describe('their owner', () => {
    it('queries their own notes', async () => {
      const alice = db(env.authenticatedContext('alice'));
      await assertSucceeds(getDocs(query(collection(alice, 'notes'), where('owner', '==', 'alice'))));
    });

    it('queries their own notes when they have none', async () => {
      const carol = db(env.authenticatedContext('carol'));
      await assertSucceeds(getDocs(query(collection(carol, 'notes'), where('owner', '==', 'carol'))));
    });

    it("cannot query someone else's notes, even when there are none", async () => {
      const carol = db(env.authenticatedContext('carol'));
      await assertFails(getDocs(query(collection(carol, 'notes'), where('owner', '==', 'dave'))));
    });

    it('cannot query every note: the query does not keep to theirs', async () => {
      await assertFails(getDocs(collection(db(env.authenticatedContext('alice')), 'notes')));
    });

    it('cannot query every note even when every stored note is theirs (rules are not filters)', async () => {
      await env.withSecurityRulesDisabled(async (context) => {
        await deleteDoc(doc(db(context), 'notes/n2'));
      });
      const alice = db(env.authenticatedContext('alice'));
      await assertFails(getDocs(collection(alice, 'notes')));
      await assertFails(getDocs(query(collection(alice, 'notes'), where('text', '==', 'mine'))));
    });

    it('queries with an in filter only when every value is their own', async () => {
      const alice = db(env.authenticatedContext('alice'));
      await assertSucceeds(getDocs(query(collection(alice, 'notes'), where('owner', 'in', ['alice']))));
      await assertFails(getDocs(query(collection(alice, 'notes'), where('owner', 'in', ['alice', 'bob']))));
    });

    it("cannot get someone else's note", async () => {
      await assertFails(getDoc(doc(db(env.authenticatedContext('alice')), 'notes/n2')));
    });
  });
});

describe('feed', () => {
  describe('an unauthenticated caller', () => {
    it('queries ten items at a time (request.query.limit)', async () => {
      await assertSucceeds(getDocs(query(collection(db(env.unauthenticatedContext()), 'feed'), limit(10))));
    });

    it('cannot query more than ten items, or without a limit', async () => {
      const feed = collection(db(env.unauthenticatedContext()), 'feed');
      await assertFails(getDocs(query(feed, limit(11))));
      await assertFails(getDocs(feed));
    });
  });
});

describe('storage uploads', () => {
  const image = new Uint8Array(100).fill(7);
  const large = new Uint8Array(2048).fill(7);
  const storageOf = (context: RulesTestContext) => context.storage();
  /** An upload as a promise: the compat UploadTask is only thenable. */
  const put = (context: RulesTestContext, path: string, data: Uint8Array, contentType: string) =>
    storageOf(context)
      .ref(path)
      .put(data, { contentType })
      .then((snapshot) => snapshot);

  describe('a signed-in user', () => {
    it('uploads a small image into their own folder', async () => {
      await assertSucceeds(put(env.authenticatedContext('alice'), 'uploads/alice/small.png', image, 'image/png'));
    });

    it('cannot upload an image of 1 KiB or more', async () => {
      await assertFails(put(env.authenticatedContext('alice'), 'uploads/alice/large.png', large, 'image/png'));
    });

    it('cannot upload something that is not an image', async () => {
      await assertFails(put(env.authenticatedContext('alice'), 'uploads/alice/notes.txt', image, 'text/plain'));
    });

    it("cannot upload into someone else's folder", async () => {
      await assertFails(put(env.authenticatedContext('alice'), 'uploads/bob/small.png', image, 'image/png'));
    });

    it('uploads a badge when their Firestore profile says uploader (firestore.get in storage rules)', async () => {
      await assertSucceeds(put(env.authenticatedContext('alice'), 'badges/alice.png', image, 'image/png'));
    });

    it('cannot upload a badge without that profile flag', async () => {
      await assertFails(put(env.authenticatedContext('bob'), 'badges/bob.png', image, 'image/png'));
    });
  });

  describe('an unauthenticated caller', () => {
    it('cannot read an upload', async () => {
      await env.withSecurityRulesDisabled(async (context) => {
        await context.storage().ref('uploads/alice/seeded.png').put(image, { contentType: 'image/png' });
      });
      await assertFails(storageOf(env.unauthenticatedContext()).ref('uploads/alice/seeded.png').getMetadata());
      await assertSucceeds(storageOf(env.authenticatedContext('bob')).ref('uploads/alice/seeded.png').getMetadata());
    });
  });
});
