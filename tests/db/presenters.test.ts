// Presenter management's data layer with the real web SDK, signed in as an admin, against the
// local backend with firestore.rules in force: add, edit and delete, the events' rounds renamed or
// cleared in the same transaction (all or nothing), the live list, and the favourites' questions.

import { describe, expect, it } from 'vitest';
import type { Presenter } from '../../src/types/presenter';
import { adaFields, storedPresenter } from '../support/fixtures';
import { eventually, pointAppAtEmulators, storeEvent, storedEvent, useAdminDb, useSignedInAdmin } from './appDb';

const projectId = await pointAppAtEmulators('db-presenters');
const auth = await (await import('../../src/db/auth')).getAppAuth();
const { addPresenter, deletePresenter, getQuestionTitles, updatePresenter, watchPresenters } =
  await import('../../src/db/presenters');
const adminDb = useAdminDb(projectId);
useSignedInAdmin(projectId, auth);

const entry = (presenter_id: string, first_name: string, last_name: string) => ({ presenter_id, first_name, last_name });
const ada = entry('p-ada', 'Ada', 'Okafor');
const lin = entry('p-lin', 'Lin', 'Chen');
const sam = entry('p-sam', 'Sam', 'Rivera');

/** A presenter as signup or an earlier admin stored it. */
async function storePresenter(id: string, changes: Record<string, unknown> = {}): Promise<void> {
  await adminDb()
    .doc(`presenters/${id}`)
    .set({ ...storedPresenter({ favourites: [], verified: false }), ...changes });
}

const stored = async (path: string) => (await adminDb().doc(path).get()).data();

describe('addPresenter', () => {
  it('stores every presenter field, verified, Up Next and without terms accepted, and returns the new id', async () => {
    const id = await addPresenter(adaFields);
    expect(await stored(`presenters/${id}`)).toEqual({
      ...adaFields,
      verified: true,
      status: 'Up Next',
      terms_accepted: false,
    });
  });

  it('stores the optional fields empty', async () => {
    const fields = { ...adaFields, company: '', phone: '', website: '', profile_url: '', linkedin_url: '', favourites: [] };
    const id = await addPresenter(fields);
    expect(await stored(`presenters/${id}`)).toMatchObject(fields);
  });
});

describe('updatePresenter', () => {
  it("saves the fields verified, keeps the presenter's own status, terms and invite, and renames them in every event's rounds", async () => {
    await storePresenter('p-ada', { status: 'Completed', invite_id: 'inv-1', first_name: 'Ada', last_name: 'Okafor' });
    await storeEvent(adminDb(), 'e1', { rounds: { round_1: [lin, ada], round_2: [sam] } });
    await storeEvent(adminDb(), 'e2', { rounds: { round_1: [sam], round_2: [], round_3: [ada] } });
    await storeEvent(adminDb(), 'e3', { rounds: { round_1: [lin, sam] } });

    await updatePresenter('p-ada', {
      ...adaFields,
      first_name: 'Adaeze',
      last_name: 'Okafor-Bello',
      company: 'PulseLoop Health',
    });

    expect(await stored('presenters/p-ada')).toEqual({
      ...adaFields,
      first_name: 'Adaeze',
      last_name: 'Okafor-Bello',
      company: 'PulseLoop Health',
      verified: true,
      status: 'Completed',
      terms_accepted: true,
      invite_id: 'inv-1',
    });
    const renamed = entry('p-ada', 'Adaeze', 'Okafor-Bello');
    expect((await stored('events/e1'))?.rounds).toEqual({ round_1: [lin, renamed], round_2: [sam] });
    expect((await stored('events/e2'))?.rounds).toEqual({ round_1: [sam], round_2: [], round_3: [renamed] });
    expect((await stored('events/e3'))?.rounds).toEqual({ round_1: [lin, sam] });
  });

  it('refuses to bring back a presenter deleted meanwhile', async () => {
    await expect(updatePresenter('p-gone', adaFields)).rejects.toThrow();
    expect(await stored('presenters/p-gone')).toBeUndefined();
  });
});

describe('deletePresenter', () => {
  it("deletes the presenter and removes them from two events' rounds, the live presenter staying live", async () => {
    await storePresenter('p-ada');
    await storeEvent(adminDb(), 'e1', { open: true, rounds: { round_1: [ada, lin, sam] }, presenterIndex: 2 });
    await storeEvent(adminDb(), 'e2', { rounds: { round_1: [sam], round_2: [lin, ada] }, roundNumber: 1, presenterIndex: 0 });

    await deletePresenter('p-ada');

    expect(await stored('presenters/p-ada')).toBeUndefined();
    // Sam was live at index 2; with Ada gone from before him he is at index 1.
    expect(await stored('events/e1')).toMatchObject({ rounds: { round_1: [lin, sam] }, presenter_index: 1 });
    expect(await stored('events/e2')).toMatchObject({ rounds: { round_1: [sam], round_2: [lin] }, presenter_index: 0 });
  });

  it('changes nothing at all when one of the writes is refused', async () => {
    await storePresenter('p-ada');
    await storeEvent(adminDb(), 'e1', { rounds: { round_1: [ada, lin] } });
    // An event the rules no longer accept as it stands (a field the app does not know).
    await adminDb()
      .doc('events/e2')
      .set({ ...storedEvent({ rounds: { round_1: [ada] } }), legacy_field: true });

    await expect(deletePresenter('p-ada')).rejects.toThrow();

    expect(await stored('presenters/p-ada')).toBeTruthy();
    expect((await stored('events/e1'))?.rounds).toEqual({ round_1: [ada, lin] });
    expect((await stored('events/e2'))?.rounds).toEqual({ round_1: [ada] });
  });
});

describe('watchPresenters', () => {
  it('follows the presenters live, by last name, then first name, then id', async () => {
    await storePresenter('p-2', { first_name: 'Lin', last_name: 'Chen' });
    await storePresenter('p-1', { first_name: 'Lin', last_name: 'Chen' });
    await storePresenter('p-3', { first_name: 'Ada', last_name: 'Chen' });
    await storePresenter('p-4', { first_name: 'Ada', last_name: 'Okafor', phone: 42, favourites: 'q1', status: 'Paused' });
    const seen: Presenter[][] = [];
    const errors: Error[] = [];
    const stop = watchPresenters(
      (presenters) => seen.push(presenters),
      (error) => errors.push(error),
    );
    const latestIds = () => seen[seen.length - 1]?.map((presenter) => presenter.id);
    try {
      await eventually(() => expect(latestIds()).toEqual(['p-3', 'p-1', 'p-2', 'p-4']));
      // Stored data the app did not write reads safely.
      expect(seen[seen.length - 1]?.[3]).toMatchObject({ phone: '', favourites: [], status: 'Up Next', verified: false });

      const id = await addPresenter({ ...adaFields, first_name: 'Zoe', last_name: 'Adams' });
      await eventually(() => expect(latestIds()).toEqual([id, 'p-3', 'p-1', 'p-2', 'p-4']));
      await deletePresenter('p-1');
      await eventually(() => expect(latestIds()).toEqual([id, 'p-3', 'p-2', 'p-4']));
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });
});

describe('getQuestionTitles', () => {
  it("gives the questions' titles by question number", async () => {
    await adminDb().doc('questions/q2').set({ question_number: 2, type: 'stars', title: 'Funding', questions: '', question: '' });
    await adminDb()
      .doc('questions/q1')
      .set({ question_number: 1, type: 'text', title: 'Regulatory', questions: '', question: '' });
    await adminDb().doc('questions/q3').set({ question_number: 3, type: 'rating', title: '', questions: '', question: '' });
    expect(await getQuestionTitles()).toEqual([
      { id: 'q1', title: 'Regulatory' },
      { id: 'q2', title: 'Funding' },
      { id: 'q3', title: 'Question 3' },
    ]);
  });
});
