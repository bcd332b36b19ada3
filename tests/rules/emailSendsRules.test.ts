// firestore.rules for email_sends, the result e-mails reaction's record of each recipient's mail:
// it holds participants' addresses and only the reaction (Admin SDK) writes it, so an admin may
// read and list it and nobody may write it from a client, not even an admin; every other actor
// (signed out, an anonymous provider, a signed-in user without the admin claim) may not read it.
// Each test gets fresh clients and an empty database.

import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { useFirestoreRules } from './firestoreRulesEnv';

const { alice, user, visitor, admin, seed } = useFirestoreRules('rules-email-sends');

const SEND = 'ev1_5e1f';

const sendRecord = (state: string) => ({
  event_id: 'ev1',
  role: 'provider',
  email: 'alice@example.com',
  state,
  run_id: 'run-1',
  attempts: 1,
});

beforeEach(async () => {
  await seed({ [`email_sends/${SEND}`]: sendRecord('failed') });
});

describe('email_sends', () => {
  describe('an admin', () => {
    it("reads one record and lists an event's records", async () => {
      await assertSucceeds(getDoc(doc(admin(), 'email_sends', SEND)));
      await assertSucceeds(getDocs(query(collection(admin(), 'email_sends'), where('event_id', '==', 'ev1'))));
    });

    it('cannot create, update or delete one: only the reaction writes them', async () => {
      await assertFails(setDoc(doc(admin(), 'email_sends', 'ev1_other'), sendRecord('sent')));
      await assertFails(updateDoc(doc(admin(), 'email_sends', SEND), { state: 'sent' }));
      await assertFails(deleteDoc(doc(admin(), 'email_sends', SEND)));
    });
  });

  for (const [name, actor] of [
    ['a visitor without a sign-in', visitor],
    ['an anonymous provider (the record names her address)', alice],
    ['a signed-in user who is not an admin', user],
  ] as const) {
    describe(name, () => {
      it('cannot read or list them', async () => {
        await assertFails(getDoc(doc(actor(), 'email_sends', SEND)));
        await assertFails(getDocs(query(collection(actor(), 'email_sends'), where('event_id', '==', 'ev1'))));
      });

      it('cannot create, update or delete one', async () => {
        await assertFails(setDoc(doc(actor(), 'email_sends', 'ev1_other'), sendRecord('sent')));
        await assertFails(updateDoc(doc(actor(), 'email_sends', SEND), { state: 'sent' }));
        await assertFails(deleteDoc(doc(actor(), 'email_sends', SEND)));
      });
    });
  }
});
