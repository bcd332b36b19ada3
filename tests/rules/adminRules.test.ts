// firestore.rules, the admin console's part outside events: what an admin may do with presenters
// (checked with the admin form's rules, the spec's section 5), questions, final matches,
// providers and responses (invites: inviteRules.test.ts), and what every other actor (signed out, an anonymous provider, a
// signed-in user without the admin claim) may not. Every denial is tried, not only the allows.
// Each test gets fresh clients and an empty database.

import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import {
  adaFields,
  adaFinalMatch,
  aliceProfile,
  answerId,
  liveEvent,
  overLongPresenterFields,
  starsAnswer,
  storedQuestion,
} from '../support/fixtures';
import { ALICE, BOB, USER, useFirestoreRules } from './firestoreRulesEnv';
import { listWhere, storedTime } from './requests';

const { alice, user, visitor, admin, seed } = useFirestoreRules('rules-admin');

/** A provider with no documents yet. */
const CAROL = 'carol-uid';

/** The non-admins, each of whom the admin operations refuse. */
const NON_ADMINS = [
  ['a visitor without a sign-in', visitor],
  ['an anonymous provider', alice],
  ['a signed-in user who is not an admin', user],
] as const;

/** What the admin's 'Add New Presenter' form saves: the presenter fields, verified (the spec's section 5). */
const presenter = (changes: Record<string, unknown> = {}) => ({ ...adaFields, verified: true, ...changes });

/** An answer as stored (a fixed time instead of the server's). */
const storedAnswer = (provider: string, event = 'ev1') => ({
  ...starsAnswer(provider, { event_id: event }),
  updated_at: storedTime('2030-01-01T10:00:00Z'),
});

/** An answer as the questionnaire sends it. */
const newAnswer = (provider: string) => ({ ...storedAnswer(provider), updated_at: serverTimestamp() });

const deleteAll = async (db: Firestore, collectionName: string, eventId: string): Promise<void> => {
  const found = await listWhere(db, collectionName, 'event_id', eventId);
  const batch = writeBatch(db);
  for (const stored of found.docs) batch.delete(stored.ref);
  await batch.commit();
};

beforeEach(async () => {
  await seed({
    'events/ev1': liveEvent(),
    'events/ev2': liveEvent({ title: 'Agri-Tech' }),
    'presenters/p-ada': presenter(),
    'questions/q1': storedQuestion(1),
    'final_matches/m1': adaFinalMatch('ev1'),
    'final_matches/m2': adaFinalMatch('ev2'),
    'invites/inv-1': { email: 'new@example.com' },
    [`providers/${ALICE}`]: aliceProfile(),
    [`providers/${BOB}`]: aliceProfile({ first_name: 'Bob', last_name: 'Lee', email: 'bob@example.com' }),
    [`responses/${answerId(ALICE)}`]: storedAnswer(ALICE),
    [`responses/${answerId(BOB)}`]: storedAnswer(BOB),
    [`responses/${answerId(ALICE, 'q1', 'p-ada', 'ev2')}`]: storedAnswer(ALICE, 'ev2'),
  });
});

describe('presenters', () => {
  describe('an admin', () => {
    it('reads one presenter and lists them all', async () => {
      await assertSucceeds(getDoc(doc(admin(), 'presenters', 'p-ada')));
      await assertSucceeds(getDocs(collection(admin(), 'presenters')));
    });

    it('adds a presenter as the Add New Presenter form does', async () => {
      await assertSucceeds(addDoc(collection(admin(), 'presenters'), presenter({ email: 'lin@example.com' })));
    });

    it('adds a presenter with only the required first name, last name and e-mail, the others empty or unset', async () => {
      await assertSucceeds(
        setDoc(doc(admin(), 'presenters', 'p-min'), { first_name: 'Lin', last_name: 'Chen', email: 'lin@example.com' }),
      );
      await assertSucceeds(
        setDoc(
          doc(admin(), 'presenters', 'p-empty'),
          presenter({ company: '', phone: '', website: '', profile_url: null, linkedin_url: '', favourites: [] }),
        ),
      );
    });

    it('stores every presenter field, at the longest allowed', async () => {
      await assertSucceeds(
        setDoc(
          doc(admin(), 'presenters', 'p-long'),
          presenter({
            first_name: 'f'.repeat(100),
            last_name: 'l'.repeat(100),
            email: `${'e'.repeat(242)}@example.com`,
            company: 'c'.repeat(200),
            phone: '1'.repeat(20),
            website: 'w'.repeat(2048),
            profile_url: 'p'.repeat(2048),
            linkedin_url: 'k'.repeat(2048),
            favourites: Array.from({ length: 50 }, (_, index) => `q${index}`),
            status: 'Completed',
            terms_accepted: true,
            invite_id: 'i'.repeat(200),
          }),
        ),
      );
    });

    it('edits a presenter: contact details, favourites, verification and status', async () => {
      await assertSucceeds(
        updateDoc(doc(admin(), 'presenters', 'p-ada'), { company: 'PulseLoop Health', favourites: ['q1', 'q2'] }),
      );
      await assertSucceeds(updateDoc(doc(admin(), 'presenters', 'p-ada'), { verified: false, status: 'Completed' }));
    });

    it('edits a presenter who signed up through an invite', async () => {
      await seed({
        'presenters/p-signed': presenter({ verified: false, status: 'Up Next', terms_accepted: true, invite_id: 'inv-0' }),
      });
      await assertSucceeds(updateDoc(doc(admin(), 'presenters', 'p-signed'), { verified: true, favourites: ['q1'] }));
    });

    it('deletes a presenter and removes them from an event in one batch', async () => {
      const db = admin();
      await assertSucceeds(
        writeBatch(db)
          .delete(doc(db, 'presenters', 'p-ada'))
          .update(doc(db, 'events', 'ev1'), { 'rounds.round_1': [], presenter_index: -1 })
          .commit(),
      );
    });

    it('cannot leave out or empty the first name, last name or e-mail', async () => {
      for (const field of ['first_name', 'last_name', 'email']) {
        const incomplete: Record<string, unknown> = presenter();
        delete incomplete[field];
        await assertFails(setDoc(doc(admin(), 'presenters', 'p-new'), incomplete));
        await assertFails(setDoc(doc(admin(), 'presenters', 'p-new'), presenter({ [field]: '' })));
      }
    });

    it('cannot store a malformed or over-long e-mail', async () => {
      for (const email of ['ada@example', 'ada.example.com', 'ada @example.com', `${'e'.repeat(243)}@example.com`, 42]) {
        await assertFails(setDoc(doc(admin(), 'presenters', 'p-new'), presenter({ email })));
      }
      await assertFails(updateDoc(doc(admin(), 'presenters', 'p-ada'), { email: 'ada@example' }));
    });

    it('cannot store over-long fields', async () => {
      for (const changes of overLongPresenterFields) {
        await assertFails(setDoc(doc(admin(), 'presenters', 'p-new'), presenter(changes)));
      }
    });

    it('cannot store a field of the wrong type', async () => {
      for (const changes of [
        { first_name: { first: 'Ada' } },
        { company: ['PulseLoop'] },
        { phone: 5550100001 },
        { website: { url: 'https://x.example.com' } },
        { favourites: 'q1' },
        { verified: 'yes' },
        { status: 'Live' },
        { terms_accepted: 'yes' },
        { invite_id: 7 },
      ]) {
        await assertFails(setDoc(doc(admin(), 'presenters', 'p-new'), presenter(changes)));
      }
    });

    it('cannot store a field outside the presenter fields', async () => {
      await assertFails(setDoc(doc(admin(), 'presenters', 'p-new'), presenter({ notes: 'hello' })));
      await assertFails(updateDoc(doc(admin(), 'presenters', 'p-ada'), { admin: true }));
    });
  });

  for (const [name, actor] of NON_ADMINS) {
    describe(name, () => {
      it("cannot read a presenter's document or list them", async () => {
        await assertFails(getDoc(doc(actor(), 'presenters', 'p-ada')));
        await assertFails(getDocs(collection(actor(), 'presenters')));
      });

      it('cannot add, edit or delete a presenter', async () => {
        await assertFails(setDoc(doc(actor(), 'presenters', 'p-new'), presenter({ email: 'lin@example.com' })));
        await assertFails(setDoc(doc(actor(), 'presenters', USER), presenter({ email: 'someone@example.edu' })));
        await assertFails(updateDoc(doc(actor(), 'presenters', 'p-ada'), { verified: false }));
        await assertFails(deleteDoc(doc(actor(), 'presenters', 'p-ada')));
      });
    });
  }
});

describe('questions', () => {
  describe('an admin', () => {
    it('adds, edits and deletes questions', async () => {
      await assertSucceeds(setDoc(doc(admin(), 'questions', 'q2'), storedQuestion(2)));
      await assertSucceeds(updateDoc(doc(admin(), 'questions', 'q1'), { title: 'Changed' }));
      await assertSucceeds(deleteDoc(doc(admin(), 'questions', 'q2')));
    });
  });

  for (const [name, actor] of NON_ADMINS) {
    describe(name, () => {
      it('reads the questionnaire', async () => {
        await assertSucceeds(getDocs(collection(actor(), 'questions')));
      });

      it('cannot add, edit or delete questions', async () => {
        await assertFails(setDoc(doc(actor(), 'questions', 'q2'), storedQuestion(2)));
        await assertFails(updateDoc(doc(actor(), 'questions', 'q1'), { title: 'Changed' }));
        await assertFails(deleteDoc(doc(actor(), 'questions', 'q1')));
      });
    });
  }
});

describe('final_matches', () => {
  describe('an admin', () => {
    it("lists an event's final matches and deletes them (deleting the event)", async () => {
      await assertSucceeds(listWhere(admin(), 'final_matches', 'event_id', 'ev1'));
      await assertSucceeds(deleteAll(admin(), 'final_matches', 'ev1'));
    });

    it('creates and updates them', async () => {
      await assertSucceeds(setDoc(doc(admin(), 'final_matches', 'm3'), adaFinalMatch('ev1')));
      await assertSucceeds(updateDoc(doc(admin(), 'final_matches', 'm1'), { matched_providers: [] }));
    });
  });

  describe('a visitor without a sign-in', () => {
    it('cannot read or list them', async () => {
      await assertFails(getDoc(doc(visitor(), 'final_matches', 'm1')));
      await assertFails(listWhere(visitor(), 'final_matches', 'event_id', 'ev1'));
    });
  });

  for (const [name, actor] of [
    ['an anonymous provider', alice],
    ['a signed-in user who is not an admin', user],
  ] as const) {
    describe(name, () => {
      it("reads one and lists an event's results (the spec's section 6: a signed-in user)", async () => {
        await assertSucceeds(getDoc(doc(actor(), 'final_matches', 'm1')));
        await assertSucceeds(listWhere(actor(), 'final_matches', 'event_id', 'ev1'));
      });
    });
  }

  for (const [name, actor] of NON_ADMINS) {
    describe(name, () => {
      it('cannot create, update or delete them', async () => {
        await assertFails(setDoc(doc(actor(), 'final_matches', 'm3'), adaFinalMatch('ev1')));
        await assertFails(updateDoc(doc(actor(), 'final_matches', 'm1'), { matched_providers: [] }));
        await assertFails(deleteDoc(doc(actor(), 'final_matches', 'm1')));
      });
    });
  }
});

describe('providers', () => {
  describe('an admin', () => {
    it('reads and lists every profile', async () => {
      await assertSucceeds(getDoc(doc(admin(), 'providers', ALICE)));
      await assertSucceeds(getDocs(collection(admin(), 'providers')));
    });

    it('edits and deletes a profile', async () => {
      await assertSucceeds(updateDoc(doc(admin(), 'providers', ALICE), { company: 'New Co' }));
      await assertSucceeds(deleteDoc(doc(admin(), 'providers', ALICE)));
    });

    it('stores only a valid profile: no extra field, no oversized value', async () => {
      await assertFails(updateDoc(doc(admin(), 'providers', BOB), { admin: true }));
      await assertFails(updateDoc(doc(admin(), 'providers', BOB), { first_name: 'f'.repeat(10_000) }));
    });
  });

  for (const [name, actor] of NON_ADMINS) {
    describe(name, () => {
      it("cannot read someone else's profile or list them", async () => {
        await assertFails(getDoc(doc(actor(), 'providers', BOB)));
        await assertFails(getDocs(collection(actor(), 'providers')));
      });

      it("cannot create, edit or delete someone else's profile", async () => {
        await assertFails(setDoc(doc(actor(), 'providers', CAROL), aliceProfile({ email: 'carol@example.com' })));
        await assertFails(updateDoc(doc(actor(), 'providers', BOB), { company: 'Hijacked' }));
        await assertFails(deleteDoc(doc(actor(), 'providers', BOB)));
      });
    });
  }

  describe('a signed-in user who is not an admin', () => {
    it('keeps a profile of their own, like any provider', async () => {
      await assertSucceeds(setDoc(doc(user(), 'providers', USER), aliceProfile({ email: 'someone@example.edu' })));
      await assertSucceeds(getDoc(doc(user(), 'providers', USER)));
    });
  });
});

describe('responses', () => {
  describe('an admin', () => {
    it("reads every answer and lists an event's answers", async () => {
      await assertSucceeds(getDocs(collection(admin(), 'responses')));
      await assertSucceeds(listWhere(admin(), 'responses', 'event_id', 'ev1'));
    });

    it("deletes an event's answers (deleting the event)", async () => {
      await assertSucceeds(deleteAll(admin(), 'responses', 'ev1'));
    });

    it("cannot answer, or change an answer, in a provider's name", async () => {
      await assertFails(setDoc(doc(admin(), 'responses', answerId(CAROL)), newAnswer(CAROL)));
      await assertFails(updateDoc(doc(admin(), 'responses', answerId(ALICE)), { rating: 1, updated_at: serverTimestamp() }));
    });
  });

  for (const [name, actor] of NON_ADMINS) {
    describe(name, () => {
      it("cannot read or list someone else's answers", async () => {
        await assertFails(getDocs(collection(actor(), 'responses')));
        await assertFails(listWhere(actor(), 'responses', 'event_id', 'ev1'));
        await assertFails(getDoc(doc(actor(), 'responses', answerId(BOB))));
      });

      it('cannot delete answers, not even their own', async () => {
        await assertFails(deleteDoc(doc(actor(), 'responses', answerId(BOB))));
        await assertFails(deleteDoc(doc(actor(), 'responses', answerId(ALICE))));
      });

      it("cannot answer, or change an answer, in someone else's name", async () => {
        await assertFails(setDoc(doc(actor(), 'responses', answerId(CAROL)), newAnswer(CAROL)));
        await assertFails(setDoc(doc(actor(), 'responses', answerId(BOB)), { ...newAnswer(BOB), rating: 1 }));
      });
    });
  }

  describe('a signed-in user who is not an admin', () => {
    it('answers under their own uid, like any provider', async () => {
      await assertSucceeds(setDoc(doc(user(), 'responses', answerId(USER)), newAnswer(USER)));
      await assertSucceeds(listWhere(user(), 'responses', 'provider_id', USER));
    });
  });
});
