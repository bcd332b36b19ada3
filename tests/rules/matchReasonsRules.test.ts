// firestore.rules for match_reasons, why each provider of a final match matched (the score and
// the star questions that made it): it tells how each provider rated the presenter and only the
// matching reaction (Admin SDK) writes it, so an admin may read and list it and delete it (as
// deleting an event does), but not create or change one; every other actor (signed out, an
// anonymous provider, a signed-in user without the admin claim) may not read, list or write it.
// Each test gets fresh clients and an empty database.

import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { ALICE, useFirestoreRules } from './firestoreRulesEnv';

const { alice, user, visitor, admin, seed } = useFirestoreRules('rules-match-reasons');

const MATCH = 'ev1_p-ada';

const reasonsRecord = (score: number) => ({
  event_id: 'ev1',
  presenter_id: 'p-ada',
  fallback: false,
  providers: [
    {
      provider_id: ALICE,
      score,
      questions_answered: 1,
      reasons: [{ question_id: 'q-market', title: 'Market access', rating: score }],
    },
  ],
});

beforeEach(async () => {
  await seed({ [`match_reasons/${MATCH}`]: reasonsRecord(4) });
});

describe('match_reasons', () => {
  describe('an admin', () => {
    it("reads one record and lists an event's records", async () => {
      await assertSucceeds(getDoc(doc(admin(), 'match_reasons', MATCH)));
      await assertSucceeds(getDocs(query(collection(admin(), 'match_reasons'), where('event_id', '==', 'ev1'))));
    });

    it('cannot create or update one: only the matching reaction writes them', async () => {
      await assertFails(setDoc(doc(admin(), 'match_reasons', 'ev1_p-lin'), reasonsRecord(5)));
      await assertFails(updateDoc(doc(admin(), 'match_reasons', MATCH), { fallback: true }));
    });

    it('deletes one, as deleting its event does', async () => {
      await assertSucceeds(deleteDoc(doc(admin(), 'match_reasons', MATCH)));
    });
  });

  for (const [name, actor] of [
    ['a visitor without a sign-in', visitor],
    ['an anonymous provider (the record holds her own ratings)', alice],
    ['a signed-in user who is not an admin', user],
  ] as const) {
    describe(name, () => {
      it('cannot read or list them', async () => {
        await assertFails(getDoc(doc(actor(), 'match_reasons', MATCH)));
        await assertFails(getDocs(query(collection(actor(), 'match_reasons'), where('event_id', '==', 'ev1'))));
      });

      it('cannot create, update or delete one', async () => {
        await assertFails(setDoc(doc(actor(), 'match_reasons', 'ev1_p-lin'), reasonsRecord(5)));
        await assertFails(updateDoc(doc(actor(), 'match_reasons', MATCH), { fallback: true }));
        await assertFails(deleteDoc(doc(actor(), 'match_reasons', MATCH)));
      });
    });
  }
});
