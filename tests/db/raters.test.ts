// The dashboard's count of providers who rated, with the real web SDK against the local backend
// (firestore.rules in force): a provider's answers mark them as a rater of the event in the same
// batch, once however often they answer; an admin counts each event's raters with one aggregation
// query; a provider can neither count nor mark anyone else or an event that does not exist; and
// deleting an event deletes its markers.

import { signOut } from 'firebase/auth';
import { doc, serverTimestamp, setDoc } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { storedQuestion } from '../support/fixtures';
import { pointAppAtEmulators, storedEvent, useAdminDb, useSignedInAdmin } from './appDb';

const projectId = await pointAppAtEmulators('db-raters');
const auth = await (await import('../../src/db/auth')).getAppAuth();
const { db } = await import('../../src/db/firebase');
const { ensureSignedIn } = await import('../../src/db/session');
const { saveResponses } = await import('../../src/db/responses');
const { getRaterCounts } = await import('../../src/db/raters');
const { deleteEvent } = await import('../../src/db/eventAdmin');
const adminDb = useAdminDb(projectId);
const { signInAsAdmin } = useSignedInAdmin(projectId, auth);

async function seed() {
  const batch = adminDb().batch();
  for (const eventId of ['ev1', 'ev2'])
    batch.set(adminDb().doc(`events/${eventId}`), storedEvent({ open: true, presenterIndex: 0 }));
  for (const id of ['p-ada', 'p-lin'])
    batch.set(adminDb().doc(`presenters/${id}`), { first_name: id, last_name: 'X', verified: true });
  batch.set(adminDb().doc('questions/q1'), storedQuestion(1));
  await batch.commit();
}

const stars = { question_id: 'q1', type: 'stars' as const, rating: 4, comment: null, response: null };

/** Signs the app in as a new anonymous provider, who rates `presenters` at `eventId`; returns their uid. */
async function providerRates(eventId: string, presenters: string[]): Promise<string> {
  await signOut(auth);
  const { uid } = await ensureSignedIn();
  for (const presenter of presenters) await (await saveResponses(eventId, presenter, [stars])).synced;
  return uid;
}

describe('raters', () => {
  it("marks each provider who rated at an event once, and the admin counts each event's raters", async () => {
    await seed();
    const first = await providerRates('ev1', ['p-ada', 'p-lin']);
    await providerRates('ev1', ['p-ada']);
    await providerRates('ev2', ['p-lin']);

    const marker = await adminDb().doc(`events/ev1/raters/${first}`).get();
    expect(Object.keys(marker.data() ?? {})).toEqual(['rated_at']);
    await signInAsAdmin();
    expect(await getRaterCounts(['ev1', 'ev2', 'unrated'])).toEqual(
      new Map([
        ['ev1', 2],
        ['ev2', 1],
        ['unrated', 0],
      ]),
    );
  });

  it('refuses a provider counting raters, marking someone else, or marking an event that does not exist', async () => {
    await seed();
    await providerRates('ev1', ['p-ada']);
    await expect(getRaterCounts(['ev1'])).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(setDoc(doc(db, 'events/ev1/raters/someone-else'), { rated_at: serverTimestamp() })).rejects.toMatchObject({
      code: 'permission-denied',
    });
    const { uid } = await ensureSignedIn();
    await expect(setDoc(doc(db, `events/missing/raters/${uid}`), { rated_at: serverTimestamp() })).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(setDoc(doc(db, `events/ev1/raters/${uid}`), { rated_at: serverTimestamp(), score: 5 })).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await signInAsAdmin();
  });

  it('goes with its event when the event is deleted', async () => {
    await seed();
    await providerRates('ev1', ['p-ada']);
    await providerRates('ev2', ['p-ada']);
    await signInAsAdmin();
    await deleteEvent('ev1');
    expect((await adminDb().collection('events/ev1/raters').get()).size).toBe(0);
    expect(await getRaterCounts(['ev2'])).toEqual(new Map([['ev2', 1]]));
  });
});
