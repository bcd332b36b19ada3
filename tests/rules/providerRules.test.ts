// firestore.rules, the provider's part: what a provider (an anonymous user), another provider, a
// visitor without a sign-in and an admin may read and write: profiles, answers (which must point
// at a real event, presenter and question), and what everyone reads. Every denial is tried, not
// only the allows. Each test gets fresh clients and an empty database.

import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  onSnapshot,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  writeBatch,
  type Query,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { adaFinalMatch, aliceProfile, answerId, liveEvent, starsAnswer, storedQuestion } from '../support/fixtures';
import { ALICE, BOB, useFirestoreRules } from './firestoreRulesEnv';
import { listWhere, storedTime } from './requests';

const { alice, bob, visitor, admin, seed } = useFirestoreRules('rules-provider');

/** A listener's first snapshot from the server; rejects with the error the listener gets. */
const firstSnapshot = (target: Query): Promise<void> =>
  new Promise((resolve, reject) => {
    const stop = onSnapshot(
      target,
      { includeMetadataChanges: true },
      (snapshot) => {
        if (snapshot.metadata.fromCache) return;
        stop();
        resolve();
      },
      reject,
    );
  });

/** An answer as the rating screen saves it, with a comment and the server's time. */
const answer = (provider: string, changes: Record<string, unknown> = {}) => ({
  ...starsAnswer(provider, { comment: 'Strong team' }),
  updated_at: serverTimestamp(),
  ...changes,
});

/** An answer as stored (a fixed time instead of the server's). */
const storedAnswer = (provider: string) => ({ ...answer(provider), updated_at: storedTime('2030-01-01T10:00:00Z') });

/** What answers point at: event ev1, presenter p-ada, questions q1 (stars), q2 (rating) and q5 (text). */
const answerable = {
  'events/ev1': liveEvent(),
  'presenters/p-ada': { first_name: 'Ada', last_name: 'Okafor', email: 'ada@example.com', verified: true },
  'questions/q1': storedQuestion(1, 'stars'),
  'questions/q2': storedQuestion(2, 'rating'),
  'questions/q5': storedQuestion(5, 'text'),
};

describe('providers', () => {
  describe('the provider themself', () => {
    it('creates their profile under their uid', async () => {
      await assertSucceeds(setDoc(doc(alice(), 'providers', ALICE), aliceProfile()));
    });

    it('creates a profile without a phone number', async () => {
      const { phone: _phone, ...withoutPhone } = aliceProfile();
      await assertSucceeds(setDoc(doc(alice(), 'providers', ALICE), withoutPhone));
      await assertSucceeds(setDoc(doc(alice(), 'providers', ALICE), aliceProfile({ phone: '' })));
    });

    it('reads and updates their profile', async () => {
      await seed({ [`providers/${ALICE}`]: aliceProfile() });
      await assertSucceeds(getDoc(doc(alice(), 'providers', ALICE)));
      await assertSucceeds(updateDoc(doc(alice(), 'providers', ALICE), { company: 'New Co' }));
    });

    it('cannot leave out a required field', async () => {
      for (const field of ['first_name', 'last_name', 'email', 'company', 'terms_accepted']) {
        const incomplete: Record<string, unknown> = aliceProfile();
        delete incomplete[field];
        await assertFails(setDoc(doc(alice(), 'providers', ALICE), incomplete));
      }
      await assertFails(setDoc(doc(alice(), 'providers', ALICE), aliceProfile({ first_name: '' })));
    });

    it('cannot store an invalid e-mail, a long phone, unaccepted terms or extra fields', async () => {
      await assertFails(setDoc(doc(alice(), 'providers', ALICE), aliceProfile({ email: 'alice@example' })));
      await assertFails(setDoc(doc(alice(), 'providers', ALICE), aliceProfile({ email: 42 })));
      await assertFails(setDoc(doc(alice(), 'providers', ALICE), aliceProfile({ phone: '1'.repeat(21) })));
      await assertFails(setDoc(doc(alice(), 'providers', ALICE), aliceProfile({ terms_accepted: false })));
      await assertFails(setDoc(doc(alice(), 'providers', ALICE), aliceProfile({ admin: true })));
    });

    it('cannot list the providers', async () => {
      await seed({ [`providers/${ALICE}`]: aliceProfile() });
      await assertFails(getDocs(collection(alice(), 'providers')));
    });
  });

  describe('another provider', () => {
    beforeEach(async () => {
      await seed({ [`providers/${ALICE}`]: aliceProfile() });
    });

    it("cannot read someone else's profile (phone and e-mail)", async () => {
      await assertFails(getDoc(doc(bob(), 'providers', ALICE)));
    });

    it("cannot create, update or delete someone else's profile", async () => {
      await assertFails(setDoc(doc(bob(), 'providers', 'carol-uid'), aliceProfile()));
      await assertFails(updateDoc(doc(bob(), 'providers', ALICE), { company: 'Hijacked' }));
      await assertFails(deleteDoc(doc(bob(), 'providers', ALICE)));
    });
  });

  describe('a visitor without a sign-in', () => {
    it('can neither read nor write profiles', async () => {
      await seed({ [`providers/${ALICE}`]: aliceProfile() });
      await assertFails(getDoc(doc(visitor(), 'providers', ALICE)));
      await assertFails(setDoc(doc(visitor(), 'providers', 'anyone'), aliceProfile()));
    });
  });

  describe('an admin', () => {
    it('reads and lists every profile', async () => {
      await seed({ [`providers/${ALICE}`]: aliceProfile() });
      await assertSucceeds(getDoc(doc(admin(), 'providers', ALICE)));
      await assertSucceeds(getDocs(collection(admin(), 'providers')));
    });
  });
});

describe('responses', () => {
  beforeEach(async () => {
    await seed(answerable);
  });

  describe('the provider who answers', () => {
    it('creates an answer under its deterministic id', async () => {
      await assertSucceeds(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE)));
    });

    it('creates a text answer and an answer without rating or comment', async () => {
      await assertSucceeds(
        setDoc(
          doc(alice(), 'responses', answerId(ALICE, 'q5')),
          answer(ALICE, { question_id: 'q5', type: 'text', rating: null, comment: null, response: 'Call me' }),
        ),
      );
      await assertSucceeds(
        setDoc(
          doc(alice(), 'responses', answerId(ALICE, 'q2')),
          answer(ALICE, { question_id: 'q2', type: 'rating', rating: null, comment: null }),
        ),
      );
    });

    it('reads, lists and revises their own answers', async () => {
      await seed({ [`responses/${answerId(ALICE)}`]: storedAnswer(ALICE), [`responses/${answerId(BOB)}`]: storedAnswer(BOB) });
      await assertSucceeds(getDoc(doc(alice(), 'responses', answerId(ALICE))));
      await assertSucceeds(
        getDocs(query(collection(alice(), 'responses'), where('provider_id', '==', ALICE), where('event_id', '==', 'ev1'))),
      );
      await assertSucceeds(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { rating: 5, comment: null })));
    });

    it('lists their answers with the owner filter, as the app asks for them', async () => {
      await seed({ [`responses/${answerId(ALICE)}`]: storedAnswer(ALICE) });
      const responses = collection(alice(), 'responses');
      await assertSucceeds(getDocs(query(responses, where('provider_id', '==', ALICE))));
      await assertSucceeds(getDocs(query(responses, where('provider_id', 'in', [ALICE]), where('event_id', '==', 'ev1'))));
      await assertSucceeds(firstSnapshot(query(responses, where('provider_id', '==', ALICE), where('event_id', '==', 'ev1'))));
    });

    it('cannot list answers without the owner filter, even when every stored answer is their own', async () => {
      await seed({ [`responses/${answerId(ALICE)}`]: storedAnswer(ALICE) });
      const responses = collection(alice(), 'responses');
      await assertFails(getDocs(responses));
      await assertFails(getDocs(query(responses, where('event_id', '==', 'ev1'))));
      await assertFails(getDocs(query(responses, where('provider_id', 'in', [ALICE, BOB]))));
      await assertFails(getDocs(query(responses, where('provider_id', '>=', ALICE), where('provider_id', '<=', ALICE))));
      await assertFails(firstSnapshot(query(responses, where('event_id', '==', 'ev1'))));
    });

    it('saves every answer about a presenter in one batch, up to 18 questions (the reads a batch may make)', async () => {
      const ids = Array.from({ length: 18 }, (_, index) => `qb${index + 1}`);
      await seed(Object.fromEntries(ids.map((id, index) => [`questions/${id}`, storedQuestion(index + 1, 'stars')])));
      const db = alice();
      const batch = writeBatch(db);
      for (const id of ids) batch.set(doc(db, 'responses', answerId(ALICE, id)), answer(ALICE, { question_id: id }));
      await assertSucceeds(batch.commit());
    });

    it('cannot give a rating that is not a whole number from 1 to 5', async () => {
      for (const rating of [0, 6, 2.5, '3', true]) {
        await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { rating })));
      }
    });

    it('cannot store a comment or text answer over 1000 characters, or a non-text one', async () => {
      await assertSucceeds(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { comment: 'x'.repeat(1000) })));
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { comment: 'x'.repeat(1001) })));
      await assertFails(
        setDoc(
          doc(alice(), 'responses', answerId(ALICE, 'q5')),
          answer(ALICE, { question_id: 'q5', type: 'text', rating: null, comment: null, response: 'y'.repeat(1001) }),
        ),
      );
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { comment: 7 })));
    });

    it('cannot name the event, presenter or question with an empty, non-text or over-long id', async () => {
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE, 'q1', 'p-ada', '')), answer(ALICE, { event_id: '' })));
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE, 'q1', '42')), answer(ALICE, { presenter_id: 42 })));
      const longId = 'q'.repeat(201);
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE, longId)), answer(ALICE, { question_id: longId })));
    });

    it('cannot use another question type', async () => {
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { type: 'essay' })));
    });

    it('cannot answer for an event that does not exist', async () => {
      await assertFails(
        setDoc(
          doc(alice(), 'responses', answerId(ALICE, 'q1', 'p-ada', 'ev-made-up')),
          answer(ALICE, { event_id: 'ev-made-up' }),
        ),
      );
    });

    it('cannot answer about a presenter who does not exist', async () => {
      await assertFails(
        setDoc(doc(alice(), 'responses', answerId(ALICE, 'q1', 'p-made-up')), answer(ALICE, { presenter_id: 'p-made-up' })),
      );
    });

    it('cannot answer a question that does not exist', async () => {
      await assertFails(
        setDoc(doc(alice(), 'responses', answerId(ALICE, 'q-made-up')), answer(ALICE, { question_id: 'q-made-up' })),
      );
    });

    it("cannot give an answer of another type than its question's", async () => {
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { type: 'rating' })));
      await assertFails(
        setDoc(
          doc(alice(), 'responses', answerId(ALICE, 'q5')),
          answer(ALICE, { question_id: 'q5', type: 'stars', rating: 4, comment: null, response: null }),
        ),
      );
    });

    it('cannot put text in a stars or rating answer', async () => {
      await assertFails(
        setDoc(
          doc(alice(), 'responses', answerId(ALICE)),
          answer(ALICE, { rating: null, comment: null, response: 'x'.repeat(1000) }),
        ),
      );
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { response: 'Call me' })));
      await assertFails(
        setDoc(
          doc(alice(), 'responses', answerId(ALICE, 'q2')),
          answer(ALICE, { question_id: 'q2', type: 'rating', response: 'Call me' }),
        ),
      );
    });

    it('cannot put a rating or a comment in a text answer', async () => {
      const text = (changes: Record<string, unknown>) =>
        answer(ALICE, { question_id: 'q5', type: 'text', rating: null, comment: null, response: 'Call me', ...changes });
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE, 'q5')), text({ rating: 5 })));
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE, 'q5')), text({ comment: 'Great' })));
    });

    it('answers an event the admin has closed, until matching starts (answers given offline arrive late)', async () => {
      await seed({ 'events/ev1': liveEvent({ is_event_open: false, presenter_index: -1 }) });
      await assertSucceeds(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE)));
      const { is_matching: _matching, ...withoutMatchingFlag } = liveEvent({ is_event_open: false });
      await seed({ 'events/ev1': withoutMatchingFlag });
      await assertSucceeds(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { rating: 2 })));
    });

    it('cannot answer, or revise an answer, once matching has started for the event', async () => {
      await seed({
        [`responses/${answerId(ALICE)}`]: storedAnswer(ALICE),
        'events/ev1': liveEvent({ is_event_open: false, is_matching: true }),
      });
      await assertFails(
        setDoc(doc(alice(), 'responses', answerId(ALICE, 'q2')), answer(ALICE, { question_id: 'q2', type: 'rating' })),
      );
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { rating: 1 })));
    });

    it('cannot answer in the name of another provider', async () => {
      await assertFails(setDoc(doc(alice(), 'responses', answerId(BOB)), answer(BOB)));
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(BOB)));
    });

    it('cannot store an answer under an id that does not match its fields', async () => {
      await seed({
        'events/ev2': liveEvent(),
        'presenters/p-lin': { first_name: 'Lin', last_name: 'Chen', email: 'lin@example.com' },
      });
      await assertFails(setDoc(doc(alice(), 'responses', 'random-id'), answer(ALICE)));
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE, 'q2')), answer(ALICE)));
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE, 'q1', 'p-lin')), answer(ALICE)));
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE, 'q1', 'p-ada', 'ev2')), answer(ALICE)));
    });

    it('cannot leave out a field, add one, or set its own time', async () => {
      const { event_id: _event, ...withoutEvent } = answer(ALICE);
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE)), withoutEvent));
      await assertFails(setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { score: 99 })));
      await assertFails(
        setDoc(doc(alice(), 'responses', answerId(ALICE)), answer(ALICE, { updated_at: storedTime('2020-01-01') })),
      );
    });

    it('cannot move an answer to another presenter or question', async () => {
      await seed({ [`responses/${answerId(ALICE)}`]: storedAnswer(ALICE) });
      await assertFails(
        updateDoc(doc(alice(), 'responses', answerId(ALICE)), { presenter_id: 'p-lin', updated_at: serverTimestamp() }),
      );
      await assertFails(
        updateDoc(doc(alice(), 'responses', answerId(ALICE)), { question_id: 'q2', updated_at: serverTimestamp() }),
      );
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
      await assertFails(listWhere(bob(), 'responses', 'provider_id', ALICE));
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
      await assertFails(
        setDoc(doc(visitor(), 'responses', answerId(ALICE, 'q2')), answer(ALICE, { question_id: 'q2', type: 'rating' })),
      );
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
    await seed({ 'events/ev1': liveEvent(), 'questions/q1': storedQuestion(1, 'stars') });
  });

  for (const [name, path, change] of [
    ['events', 'events/ev1', { presenter_index: 1 }],
    ['questions', 'questions/q1', { title: 'Changed' }],
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

describe('final_matches (the session results: names, companies and e-mails of matched people)', () => {
  beforeEach(async () => {
    await seed({
      'final_matches/m1': adaFinalMatch(),
    });
  });

  describe('a visitor without a sign-in', () => {
    it('cannot read one or list them', async () => {
      await assertFails(getDoc(doc(visitor(), 'final_matches', 'm1')));
      await assertFails(getDocs(collection(visitor(), 'final_matches')));
      await assertFails(listWhere(visitor(), 'final_matches', 'event_id', 'ev1'));
    });

    it('cannot write', async () => {
      await assertFails(updateDoc(doc(visitor(), 'final_matches', 'm1'), { matched_providers: [] }));
    });
  });

  describe('an anonymous provider or attendee', () => {
    it("reads one and lists an event's results", async () => {
      await assertSucceeds(getDoc(doc(alice(), 'final_matches', 'm1')));
      await assertSucceeds(listWhere(alice(), 'final_matches', 'event_id', 'ev1'));
    });

    it('cannot create, update or delete them', async () => {
      await assertFails(
        setDoc(doc(alice(), 'final_matches', 'new-doc'), { event_id: 'ev1', presenter_id: 'p-ada', matched_providers: [] }),
      );
      await assertFails(updateDoc(doc(alice(), 'final_matches', 'm1'), { matched_providers: [] }));
      await assertFails(deleteDoc(doc(alice(), 'final_matches', 'm1')));
    });
  });

  describe('an admin', () => {
    it('reads and updates them', async () => {
      await assertSucceeds(getDocs(collection(admin(), 'final_matches')));
      await assertSucceeds(updateDoc(doc(admin(), 'final_matches', 'm1'), { matched_providers: [] }));
    });
  });
});
