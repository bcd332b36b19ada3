// firestore.rules for the feedback presenters take home: events/{eventId}/feedback/
// {presenterId} holds one presenter's ratings and comments without authors, written by the matching
// reaction only. The presenter who signed up (their uid is their presenter id) reads their own, a
// missing one too; admins read and list them all and delete them with their event; another
// presenter, a provider who rated, a signed-in non-admin and a signed-out visitor read nothing, and
// nobody creates or changes one. The event's share_feedback setting is a true-or-false an admin
// sets. Each test gets fresh clients and an empty database.

import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc, type Firestore } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { liveEvent, storedFeedback } from '../support/fixtures';
import { useFirestoreRules } from './firestoreRulesEnv';

const { anonymous, alice, user, visitor, admin, seed } = useFirestoreRules('rules-feedback');

/** Ada signed up through an invite: her presenter id is her uid. */
const ADA = 'p-ada';
const LIN = 'p-lin';

const feedback = (db: Firestore, presenterId = ADA) => doc(db, 'events', 'ev1', 'feedback', presenterId);

beforeEach(async () => {
  await seed({
    'events/ev1': liveEvent({ share_feedback: true }),
    [`events/ev1/feedback/${ADA}`]: storedFeedback(ADA),
    [`events/ev1/feedback/${LIN}`]: storedFeedback(LIN),
  });
});

/** Creating, changing and deleting Ada's feedback: only an admin deletes, nobody writes. */
function itCannotWrite(actor: () => Firestore, { mayDelete = false } = {}) {
  it('cannot create or change feedback: only the matching reaction writes it', async () => {
    await assertFails(setDoc(feedback(actor(), 'p-new'), storedFeedback('p-new')));
    await assertFails(setDoc(feedback(actor()), storedFeedback(ADA)));
    await assertFails(updateDoc(feedback(actor()), { questions: [] }));
  });

  if (mayDelete) {
    it('deletes it, as deleting its event does', async () => {
      await assertSucceeds(deleteDoc(feedback(actor())));
    });
  } else {
    it('cannot delete it', async () => {
      await assertFails(deleteDoc(feedback(actor())));
    });
  }
}

describe('events/{eventId}/feedback', () => {
  describe('the presenter it is for (signed up: their uid is their presenter id)', () => {
    const ada = () => anonymous(ADA);

    describe('get', () => {
      it('reads their own feedback', async () => {
        await assertSucceeds(getDoc(feedback(ada())));
      });

      it("reads their own of an event that wrote none (the page says it is not there) but not another presenter's", async () => {
        await assertSucceeds(getDoc(doc(ada(), 'events', 'ev2', 'feedback', ADA)));
        await assertFails(getDoc(feedback(ada(), LIN)));
      });
    });

    describe('list', () => {
      it("cannot list the event's feedback", async () => {
        await assertFails(getDocs(collection(ada(), 'events', 'ev1', 'feedback')));
      });
    });

    describe('write', () => itCannotWrite(ada));
  });

  for (const [name, actor] of [
    ['another presenter', () => anonymous(LIN)],
    ['a provider who rated the presenter', alice],
    ['a signed-in user who is not an admin', user],
    ['a visitor without a sign-in', visitor],
  ] as const) {
    describe(name, () => {
      describe('get', () => {
        it("cannot read the presenter's feedback", async () => {
          await assertFails(getDoc(feedback(actor())));
        });
      });

      describe('list', () => {
        it("cannot list the event's feedback", async () => {
          await assertFails(getDocs(collection(actor(), 'events', 'ev1', 'feedback')));
        });
      });

      describe('write', () => itCannotWrite(actor));
    });
  }

  describe('an admin', () => {
    describe('get and list', () => {
      it("reads any presenter's feedback (the preview) and lists the event's", async () => {
        await assertSucceeds(getDoc(feedback(admin())));
        await assertSucceeds(getDoc(feedback(admin(), LIN)));
        await assertSucceeds(getDocs(collection(admin(), 'events', 'ev1', 'feedback')));
      });
    });

    describe('write', () => itCannotWrite(admin, { mayDelete: true }));
  });
});

describe("events' share_feedback setting", () => {
  describe('an admin', () => {
    describe('create and update', () => {
      it('turns it on and off', async () => {
        await assertSucceeds(setDoc(doc(admin(), 'events', 'ev2'), liveEvent({ share_feedback: true })));
        await assertSucceeds(updateDoc(doc(admin(), 'events', 'ev1'), { share_feedback: false }));
      });

      it('cannot store anything but true or false', async () => {
        await assertFails(setDoc(doc(admin(), 'events', 'ev3'), liveEvent({ share_feedback: 'yes' })));
        await assertFails(updateDoc(doc(admin(), 'events', 'ev1'), { share_feedback: 1 }));
        await assertFails(updateDoc(doc(admin(), 'events', 'ev1'), { share_feedback: null }));
      });
    });
  });

  describe('a presenter', () => {
    describe('update', () => {
      it('cannot turn it on', async () => {
        await assertFails(updateDoc(doc(anonymous(ADA), 'events', 'ev1'), { share_feedback: true }));
      });
    });
  });
});
