// Keeps the public rosters (domain/roster.ts) in step: an event's roster is rebuilt from the event
// and its presenters as they are now, in one transaction, so two rebuilds at once (an admin
// arranging a round while a presenter's company changes) leave the later state, whichever
// finishes first. Rebuilding is idempotent: a trigger delivered twice writes the same roster. The
// roster triggers and the sweep both run this.

import type { Firestore } from 'firebase-admin/firestore';
import { buildRoster, rosterIds, ROSTERS_COLLECTION } from '../../../domain/roster.js';

/** What a rebuild did: wrote the roster with this many presenters, or deleted it (the event is gone). */
export type RosterOutcome = { state: 'written'; presenters: number } | { state: 'deleted' };

/** Rebuilds rosters/{eventId} from events/{eventId} and the presenters its rounds name. */
export async function rebuildRoster(firestore: Firestore, eventId: string): Promise<RosterOutcome> {
  const eventRef = firestore.collection('events').doc(eventId);
  const rosterRef = firestore.collection(ROSTERS_COLLECTION).doc(eventId);
  return firestore.runTransaction(async (transaction) => {
    const event = await transaction.get(eventRef);
    if (!event.exists) {
      transaction.delete(rosterRef);
      return { state: 'deleted' } as const;
    }
    const ids = rosterIds(event.data());
    const found =
      ids.length === 0 ? [] : await transaction.getAll(...ids.map((id) => firestore.collection('presenters').doc(id)));
    const presenters = new Map(found.filter((snapshot) => snapshot.exists).map((snapshot) => [snapshot.id, snapshot.data()]));
    const roster = buildRoster(ids, presenters);
    transaction.set(rosterRef, roster);
    return { state: 'written', presenters: Object.keys(roster.companies).length } as const;
  });
}

/** Rebuilds the roster of every event whose rounds name the presenter; returns those events' ids. */
export async function rebuildRostersOf(firestore: Firestore, presenterId: string): Promise<string[]> {
  const events = await firestore.collection('events').get();
  const naming = events.docs.filter((event) => rosterIds(event.data()).includes(presenterId)).map((event) => event.id);
  for (const eventId of naming) await rebuildRoster(firestore, eventId);
  return naming;
}
