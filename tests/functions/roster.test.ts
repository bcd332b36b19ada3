// The public rosters the room display reads (domain/roster.ts), kept by the server with
// firebase-admin on the local backend: rebuilt from an event's rounds and its presenters'
// companies, deleted with the event; the Cloud Functions (wrapped with firebase-functions-test)
// rebuild on the changes that matter only (tests/functions/functionsEmulator.test.ts runs them on
// the backend's own events).

import type { Firestore } from 'firebase-admin/firestore';
import functionsTest from 'firebase-functions-test';
import { afterAll, describe, expect, it } from 'vitest';
import { rebuildRoster, rebuildRostersOf } from '../../functions/src/rosters/rebuildRoster';
import { storedEvent, useAdminDb } from '../db/appDb';
import { uniqueProjectId } from '../support/emulators';

const projectId = uniqueProjectId('rosters');
const admin = useAdminDb(projectId);

const entry = (presenter_id: string, first_name: string, last_name: string) => ({ presenter_id, first_name, last_name });
const ADA = entry('p-ada', 'Ada', 'Okafor');
const LIN = entry('p-lin', 'Lin', 'Chen');
const SAM = entry('p-sam', 'Sam', 'Rivera');
/** The queue's special entries (the spec's section 4): no presenter document behind them. */
const BREAK = entry('announcement-1', 'announcement', 'Coffee break');

async function seed(db: Firestore): Promise<void> {
  const batch = db.batch();
  const presenter = (first_name: string, last_name: string, company?: string) => ({
    first_name,
    last_name,
    email: `${first_name.toLowerCase()}@example.com`,
    phone: '+44 20 7946 0000',
    ...(company === undefined ? {} : { company }),
  });
  batch.set(db.doc('presenters/p-ada'), presenter('Ada', 'Okafor', 'PulseLoop'));
  batch.set(db.doc('presenters/p-lin'), presenter('Lin', 'Chen', '  Chen Diagnostics  '));
  batch.set(db.doc('presenters/p-sam'), presenter('Sam', 'Rivera'));
  batch.set(db.doc('events/spring'), storedEvent({ rounds: { round_1: [ADA, BREAK, LIN], round_2: [ADA] } }));
  batch.set(db.doc('events/autumn'), storedEvent({ rounds: { round_1: [SAM] } }));
  await batch.commit();
}

const rosterOf = async (db: Firestore, eventId: string) => (await db.doc(`rosters/${eventId}`).get()).data();

describe('rebuildRoster', () => {
  it("writes the company of each presenter the event's rounds name, and nothing else of theirs", async () => {
    const db = admin();
    await seed(db);
    expect(await rebuildRoster(db, 'spring')).toEqual({ state: 'written', presenters: 2 });
    expect(await rosterOf(db, 'spring')).toEqual({ companies: { 'p-ada': 'PulseLoop', 'p-lin': 'Chen Diagnostics' } });
    await rebuildRoster(db, 'autumn');
    // A presenter without a company is on the roster with none.
    expect(await rosterOf(db, 'autumn')).toEqual({ companies: { 'p-sam': '' } });
  });

  it('deletes the roster of an event that is gone', async () => {
    const db = admin();
    await seed(db);
    await rebuildRoster(db, 'spring');
    await db.doc('events/spring').delete();
    expect(await rebuildRoster(db, 'spring')).toEqual({ state: 'deleted' });
    expect(await rosterOf(db, 'spring')).toBeUndefined();
  });

  it('rebuildRostersOf rebuilds only the rosters of the events naming the presenter', async () => {
    const db = admin();
    await seed(db);
    await db.doc('presenters/p-ada').update({ company: 'PulseLoop Health' });
    expect(await rebuildRostersOf(db, 'p-ada')).toEqual(['spring']);
    expect((await rosterOf(db, 'spring'))?.companies['p-ada']).toBe('PulseLoop Health');
    expect(await rosterOf(db, 'autumn')).toBeUndefined();
  });
});

describe('the roster Cloud Functions (wrapped with firebase-functions-test)', () => {
  const functions = functionsTest({ projectId });
  afterAll(() => functions.cleanup());
  process.env.GCLOUD_PROJECT = projectId;

  it('onEventWritten rebuilds the roster when the rounds name other presenters, not when only the live presenter moves', async () => {
    const db = admin();
    await seed(db);
    const onEventWritten = functions.wrap((await import('../../functions/src/index')).onEventWritten);
    const event = db.doc('events/spring');

    let before = await event.get();
    await event.update({ presenter_index: 1 });
    let after = await event.get();
    await onEventWritten({ params: { eventId: 'spring' }, data: functions.makeChange(before, after) });
    expect(await rosterOf(db, 'spring')).toBeUndefined();

    before = after;
    await event.update({ 'rounds.round_2': [ADA, SAM] });
    after = await event.get();
    await onEventWritten({ params: { eventId: 'spring' }, data: functions.makeChange(before, after) });
    expect(await rosterOf(db, 'spring')).toEqual({
      companies: { 'p-ada': 'PulseLoop', 'p-lin': 'Chen Diagnostics', 'p-sam': '' },
    });
  });

  it('onPresenterWritten rebuilds the rosters naming a presenter whose company changed, and nothing for another change', async () => {
    const db = admin();
    await seed(db);
    const onPresenterWritten = functions.wrap((await import('../../functions/src/index')).onPresenterWritten);
    const lin = db.doc('presenters/p-lin');

    let before = await lin.get();
    await lin.update({ phone: '+44 20 7946 0001' });
    let after = await lin.get();
    await onPresenterWritten({ params: { presenterId: 'p-lin' }, data: functions.makeChange(before, after) });
    expect(await rosterOf(db, 'spring')).toBeUndefined();

    before = after;
    await lin.update({ company: 'Chen Diagnostics Ltd' });
    after = await lin.get();
    await onPresenterWritten({ params: { presenterId: 'p-lin' }, data: functions.makeChange(before, after) });
    expect((await rosterOf(db, 'spring'))?.companies['p-lin']).toBe('Chen Diagnostics Ltd');
    expect(await rosterOf(db, 'autumn')).toBeUndefined();
  });
});
