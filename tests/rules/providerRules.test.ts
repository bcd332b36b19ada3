// firestore.rules, the provider's part: what a provider (an anonymous user), another provider, a
// visitor without a sign-in and an admin may read and write. Every denial is tried, not only
// the allows. Each test gets fresh clients and an empty database.

import fs from 'node:fs';
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
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { firestoreEmulator, uniqueProjectId } from '../support/emulators';

const ALICE = 'alice-uid';
const BOB = 'bob-uid';
const ADMIN = 'admin-uid';

let env: RulesTestEnvironment;

beforeAll(async () => {
  const { host, port } = firestoreEmulator();
  env = await initializeTestEnvironment({
    projectId: uniqueProjectId('rules-provider'),
    firestore: { host, port, rules: fs.readFileSync('firestore.rules', 'utf8') },
  });
});

afterAll(async () => {
  await env?.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
});

const alice = (): Firestore => env.authenticatedContext(ALICE, { firebase: { sign_in_provider: 'anonymous' } }).firestore() as unknown as Firestore;
const bob = (): Firestore => env.authenticatedContext(BOB, { firebase: { sign_in_provider: 'anonymous' } }).firestore() as unknown as Firestore;
const visitor = (): Firestore => env.unauthenticatedContext().firestore() as unknown as Firestore;
const admin = (): Firestore => env.authenticatedContext(ADMIN, { admin: true }).firestore() as unknown as Firestore;

/** Stores documents as the server would, bypassing the rules. */
async function seed(documents: Record<string, Record<string, unknown>>): Promise<void> {
  await env.withSecurityRulesDisabled(async (context: RulesTestContext) => {
    const db = context.firestore() as unknown as Firestore;
    for (const [path, data] of Object.entries(documents)) await setDoc(doc(db, path), data);
  });
}

const profile = (changes: Record<string, unknown> = {}) => ({
  first_name: 'Alice',
  last_name: 'Ng',
  email: 'alice@example.com',
  company: 'Acme Health',
  phone: '(555) 123-4567',
  terms_accepted: true,
  ...changes,
});

const answerId = (provider: string, question = 'q1', presenter = 'p-ada', event = 'ev1') =>
  `${provider}_${event}_${presenter}_${question}`;

const answer = (provider: string, changes: Record<string, unknown> = {}) => ({
  event_id: 'ev1',
  presenter_id: 'p-ada',
  question_id: 'q1',
  provider_id: provider,
  type: 'stars',
  rating: 4,
  comment: 'Strong team',
  response: null,
  updated_at: serverTimestamp(),
  ...changes,
});

/** An answer as stored (a fixed time instead of the server's). */
const storedAnswer = (provider: string) => ({ ...answer(provider), updated_at: Timestamp.fromDate(new Date('2030-01-01T10:00:00Z')) });

describe('providers', () => {
  describe('the provider themself', () => {
    it('creates their profile under their uid', async () => {
      await assertSucceeds(setDoc(doc(alice(), 'providers', ALICE), profile()));
    });

    it('creates a profile without a phone number', async () => {
      const { phone: _phone, ...withoutPhone } = profile();
      await assertSucceeds(setDoc(doc(alice(), 'providers', ALICE), withoutPhone));
      await assertSucceeds(setDoc(doc(alice(), 'providers', ALICE), profile({ phone: '' })));
    });

    it('reads and updates their profile', async () => {
      await seed({ [`providers/${ALICE}`]: profile() });
      await assertSucceeds(getDoc(doc(alice(), 'providers', ALICE)));
      await assertSucceeds(updateDoc(doc(alice(), 'providers', ALICE), { company: 'New Co' }));
    });

    it('cannot leave out a required field', async () => {
      for (const field of ['first_name', 'last_name', 'email', 'company', 'terms_accepted']) {
        const incomplete: Record<string, unknown> = profile();
        delete incomplete[field];
        await assertFails(setDoc(doc(alice(), 'providers', ALICE), incomplete));
      }
      await assertFails(setDoc(doc(alice(), 'providers', ALICE), profile({ first_name: '' })));
    });

    it('cannot store an invalid e-mail, a long phone, unaccepted terms or extra fields', async () => {
      await assertFails(setDoc(doc(alice(), 'providers', ALICE), profile({ email: 'alice@example' })));
      await assertFails(setDoc(doc(alice(), 'providers', ALICE), profile({ email: 42 })));
      await assertFails(setDoc(doc(alice(), 'providers', ALICE), profile({ phone: '1'.repeat(21) })));
      await assertFails(setDoc(doc(alice(), 'providers', ALICE), profile({ terms_accepted: false })));
      await assertFails(setDoc(doc(alice(), 'providers', ALICE), profile({ admin: true })));
    });

    it('cannot list the providers', async () => {
      await seed({ [`providers/${ALICE}`]: profile() });
      await assertFails(getDocs(collection(alice(), 'providers')));
    });
  });

  describe('another provider', () => {
    beforeEach(async () => {
      await seed({ [`providers/${ALICE}`]: profile() });
    });

    it("cannot read someone else's profile (phone and e-mail)", async () => {
      await assertFails(getDoc(doc(bob(), 'providers', ALICE)));
    });

    it("cannot create, update or delete someone else's profile", async () => {
      await assertFails(setDoc(doc(bob(), 'providers', 'carol-uid'), profile()));
      await assertFails(updateDoc(doc(bob(), 'providers', ALICE), { company: 'Hijacked' }));
      await assertFails(deleteDoc(doc(bob(), 'providers', ALICE)));
    });
  });

  describe('a visitor without a sign-in', () => {
    it('can neither read nor write profiles', async () => {
      await seed({ [`providers/${ALICE}`]: profile() });
      await assertFails(getDoc(doc(visitor(), 'providers', ALICE)));
      await assertFails(setDoc(doc(visitor(), 'providers', 'anyone'), profile()));
    });
  });

  describe('an admin', () => {
    it('reads and lists every profile', async () => {
      await seed({ [`providers/${ALICE}`]: profile() });
      await assertSucceeds(getDoc(doc(admin(), 'providers', ALICE)));
      await assertSucceeds(getDocs(collection(admin(), 'providers')));
    });
  });
});

describe('responses', () => {
  describe('the provider who answers', () => {
    it('creates an answer under its deterministic id', async () => {
      await assertSucceeds(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE)));
    });

    it('creates a text answer and an answer without rating or comment', async () => {
      await assertSucceeds(
        setDoc(doc(alice(), 'responses', answerId(ALICE, 'q5')), answer(ALICE, { question_id: 'q5', type: 'text', rating: null, comment: null, response: 'Call me' })),
      );
      await assertSucceeds(setDoc(doc(alice(), 'responses', answerId(ALICE, 'q2')), answer(ALICE, { question_id: 'q2', type: 'rating', rating: null, comment: null })));
    });

    it('reads, lists and revises their own answers', async () => {
      await seed({ [`responses/${answerId(ALICE)}`]: storedAnswer(ALICE), [`responses/${answerId(BOB)}`]: storedAnswer(BOB) });
      await assertSucceeds(getDoc(doc(alice(), 'responses', answerId(ALICE))));
      await assertSucceeds(getDocs(query(collection(alice(), 'responses'), where('provider_id', '==', ALICE), where('event_id', '==', 'ev1'))));
      await assertSucceeds(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { rating: 5, comment: null })));
    });

    it('cannot give a rating that is not a whole number from 1 to 5', async () => {
      for (const rating of [0, 6, 2.5, '3', true]) {
        await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { rating })));
      }
    });

    it('cannot store a comment or text answer over 1000 characters, or a non-text one', async () => {
      await assertSucceeds(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { comment: 'x'.repeat(1000) })));
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { comment: 'x'.repeat(1001) })));
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { response: 'y'.repeat(1001) })));
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { comment: 7 })));
    });

    it('cannot use another question type', async () => {
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { type: 'essay' })));
    });

    it('cannot answer in the name of another provider', async () => {
      await assertFails(setDoc(doc(alice(), 'responses', answerId(BOB)), answer(BOB)));
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(BOB)));
    });

    it('cannot store an answer under an id that does not match its fields', async () => {
      await assertFails(setDoc(doc(alice(), 'responses', 'random-id'), answer(ALICE)));
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE, 'q2')), answer(ALICE)));
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE, 'q1', 'p-lin')), answer(ALICE)));
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE, 'q1', 'p-ada', 'ev2')), answer(ALICE)));
    });

    it('cannot leave out a field, add one, or set its own time', async () => {
      const { event_id: _event, ...withoutEvent } = answer(ALICE);
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE)), withoutEvent));
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { score: 99 })));
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { updated_at: Timestamp.fromDate(new Date('2020-01-01')) })));
    });

    it('cannot move an answer to another presenter or question', async () => {
      await seed({ [`responses/${answerId(ALICE)}`]: storedAnswer(ALICE) });
      await assertFails(updateDoc(doc(alice(), 'responses', answerId(ALICE)), { presenter_id: 'p-lin', updated_at: serverTimestamp() }));
      await assertFails(updateDoc(doc(alice(), 'responses', answerId(ALICE)), { question_id: 'q2', updated_at: serverTimestamp() }));
    });

    it('cannot delete an answer', async () => {
      await seed({ [`responses/${answerId(ALICE)}`]: storedAnswer(ALICE) });
      await assertFails(deleteDoc(doc(alice(), 'responses', answerId(ALICE))));
    });
  });

  describe('another provider', () => {
    beforeEach(async () => {
      await seed({ [`responses/${answerId(ALICE)}`]: storedAnswer(ALICE) });
    });

    it("cannot read someone else's answers, alone or in a list", async () => {
      await assertFails(getDoc(doc(bob(), 'responses', answerId(ALICE))));
      await assertFails(getDocs(query(collection(bob(), 'responses'), where('provider_id', '==', ALICE))));
      await assertFails(getDocs(collection(bob(), 'responses')));
    });

    it("cannot overwrite someone else's answer", async () => {
      await assertFails(setDoc(doc(bob(), 'responses', answerId(ALICE)), answer(ALICE, { rating: 1 })));
      await assertFails(updateDoc(doc(bob(), 'responses', answerId(ALICE)), { rating: 1, updated_at: serverTimestamp() }));
    });
  });

  describe('a visitor without a sign-in', () => {
    it('can neither read nor write answers', async () => {
      await seed({ [`responses/${answerId(ALICE)}`]: storedAnswer(ALICE) });
      await assertFails(getDoc(doc(visitor(), 'responses', answerId(ALICE))));
      await assertFails(getDocs(collection(visitor(), 'responses')));
      await assertFails(setDoc(doc(visitor(), 'responses', answerId(ALICE, 'q2')), answer(ALICE, { question_id: 'q2' })));
    });
  });

  describe('an admin', () => {
    it('reads every answer', async () => {
      await seed({ [`responses/${answerId(ALICE)}`]: storedAnswer(ALICE), [`responses/${answerId(BOB)}`]: storedAnswer(BOB) });
      await assertSucceeds(getDocs(collection(admin(), 'responses')));
    });
  });
});

describe('what everyone reads and only admins write', () => {
  beforeEach(async () => {
    await seed({
      'events/ev1': { title: 'Med-Tech', is_event_open: true, presenter_index: 0, round_number: 1 },
      'questions/q1': { question_number: 1, type: 'stars', title: 'Funding', questions: 'Funding?', question: 'Funding' },
      'final_matches/m1': { event_id: 'ev1', presenter_id: 'p-ada', presenter_details: {}, matched_providers: [] },
    });
  });

  for (const [name, path, change] of [
    ['events', 'events/ev1', { presenter_index: 5 }],
    ['questions', 'questions/q1', { title: 'Changed' }],
    ['final_matches', 'final_matches/m1', { matched_providers: [] }],
  ] as const) {
    describe(name, () => {
      describe('a visitor without a sign-in', () => {
        it('reads one and lists them', async () => {
          await assertSucceeds(getDoc(doc(visitor(), path)));
          await assertSucceeds(getDocs(collection(visitor(), name)));
        });

        it('cannot write', async () => {
          await assertFails(updateDoc(doc(visitor(), path), change));
        });
      });

      describe('a provider', () => {
        it('reads them', async () => {
          await assertSucceeds(getDoc(doc(alice(), path)));
        });

        it('cannot create, update or delete them', async () => {
          await assertFails(setDoc(doc(alice(), name, 'new-doc'), { title: 'Mine' }));
          await assertFails(updateDoc(doc(alice(), path), change));
          await assertFails(deleteDoc(doc(alice(), path)));
        });
      });

      describe('an admin', () => {
        it('updates them', async () => {
          await assertSucceeds(updateDoc(doc(admin(), path), change));
        });
      });
    });
  }
});

describe('presenters and invites', () => {
  beforeEach(async () => {
    await seed({
      'presenters/p-ada': { first_name: 'Ada', last_name: 'Okafor', email: 'ada@example.com', phone: '(555) 010-0001', verified: true },
      'invites/inv-1': { email: 'new@example.com' },
    });
  });

  describe('a provider', () => {
    it("cannot read a presenter's document (phone and e-mail) or list them", async () => {
      await assertFails(getDoc(doc(alice(), 'presenters', 'p-ada')));
      await assertFails(getDocs(collection(alice(), 'presenters')));
    });

    it('cannot create or change presenters without an invite', async () => {
      await assertFails(setDoc(doc(alice(), 'presenters', ALICE), { first_name: 'Alice', email: 'alice@example.com', terms_accepted: true }));
      await assertFails(updateDoc(doc(alice(), 'presenters', 'p-ada'), { verified: false }));
    });

    it('cannot list invites', async () => {
      await assertFails(getDocs(collection(alice(), 'invites')));
    });
  });

  describe('a visitor without a sign-in', () => {
    it("cannot read a presenter's document", async () => {
      await assertFails(getDoc(doc(visitor(), 'presenters', 'p-ada')));
    });
  });

  describe('the presenter themself', () => {
    it('reads their own document', async () => {
      const presenter = env.authenticatedContext('p-ada').firestore() as unknown as Firestore;
      await assertSucceeds(getDoc(doc(presenter, 'presenters', 'p-ada')));
    });
  });

  describe('an admin', () => {
    it('reads every presenter', async () => {
      await assertSucceeds(getDocs(collection(admin(), 'presenters')));
    });
  });
});
