// A project whose rules leave out the `;` after its allows and lets, as production accepts: the
// backend starts with those files, @firebase/rules-unit-testing loads them as the developers'
// own tests would, and each rule allows and denies what it would in production.

import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { PNG_1X1 } from '../../support/fixtures';
import { firestoreOf, upload, useRulesBackend } from '../../support/rulesBackend';

const FIRESTORE_RULES = `rules_version = '2'
service cloud.firestore {
  match /databases/{database}/documents {
    function signedIn() {
      let auth = request.auth
      return auth != null
    }
    match /notes/{noteId} {
      allow read: if signedIn()
      allow create: if signedIn() && request.resource.data.owner == request.auth.uid
      allow update, delete: if false
    }
    match /public/{id} {
      allow read
    }
  }
}
`;

const STORAGE_RULES = `rules_version = '2'
service firebase.storage {
  match /b/{bucket}/o {
    match /images/{name} {
      allow read
      allow write: if request.auth != null
        && request.resource.contentType == 'image/png'
    }
  }
}
`;

// The project's rules files: the backend starts with them as `npm start` would.
const { testEnv } = useRulesBackend('semicolon-free', {
  firestore: FIRESTORE_RULES,
  storage: STORAGE_RULES,
  files: {
    firestore: { file: 'firestore.rules', source: FIRESTORE_RULES },
    storage: { file: 'storage.rules', source: STORAGE_RULES },
  },
});

const alice = () => testEnv().authenticatedContext('alice');
const visitor = () => testEnv().unauthenticatedContext();

describe('Firestore rules without semicolons', () => {
  it('allows a signed-in user to create their own note and read it', async () => {
    const db = firestoreOf(alice());
    await assertSucceeds(setDoc(doc(db, 'notes/n1'), { owner: 'alice' }));
    await assertSucceeds(getDoc(doc(db, 'notes/n1')));
  });

  it("denies a note in someone else's name, any update, and a visitor's read", async () => {
    await testEnv().withSecurityRulesDisabled((context) => setDoc(doc(firestoreOf(context), 'notes/n1'), { owner: 'alice' }));
    await assertFails(setDoc(doc(firestoreOf(alice()), 'notes/n2'), { owner: 'bob' }));
    await assertFails(setDoc(doc(firestoreOf(alice()), 'notes/n1'), { owner: 'alice', text: 'changed' }));
    await assertFails(getDoc(doc(firestoreOf(visitor()), 'notes/n1')));
  });

  it('lets anyone read under an allow with neither condition nor semicolon, and write nothing there', async () => {
    await assertSucceeds(getDoc(doc(firestoreOf(visitor()), 'public/p1')));
    await assertFails(setDoc(doc(firestoreOf(alice()), 'public/p1'), { a: 1 }));
  });
});

describe('Storage rules without semicolons', () => {
  it('allows a signed-in PNG upload, and anyone to read it', async () => {
    await assertSucceeds(upload(alice(), 'images/a.png', PNG_1X1, 'image/png'));
    await assertSucceeds(visitor().storage().ref('images/a.png').getMetadata());
  });

  it("denies another type, a visitor's upload, and anything outside images/", async () => {
    await assertFails(upload(alice(), 'images/b.gif', PNG_1X1, 'image/gif'));
    await assertFails(upload(visitor(), 'images/c.png', PNG_1X1, 'image/png'));
    await assertFails(upload(alice(), 'other/d.png', PNG_1X1, 'image/png'));
  });
});
