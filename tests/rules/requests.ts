// The requests of the app that the rules suites and the security matrix try again and again, each
// written once, so that a test names the request it tries and keeps its own allow or deny in view.

import {
  collection,
  doc,
  getDocs,
  query,
  Timestamp,
  where,
  writeBatch,
  type Firestore,
  type QuerySnapshot,
} from 'firebase/firestore';

/** The documents of a collection whose `field` equals `value`: how the screens list an event's or a provider's documents. */
export const listWhere = (db: Firestore, collectionName: string, field: string, value: unknown): Promise<QuerySnapshot> =>
  getDocs(query(collection(db, collectionName), where(field, '==', value)));

/** The invite the suites sign up with, and the newcomer who opened its link (signed in anonymously). */
export const INVITE = 'inv-1';
export const NEWCOMER = 'newcomer-uid';

/** Signs up as /signup does: presenters/{uid} created with `presenter` and the invite deleted, in one batch. */
export function signUp(db: Firestore, presenter: Record<string, unknown>, uid = NEWCOMER, inviteId = INVITE): Promise<void> {
  const batch = writeBatch(db);
  batch.set(doc(db, 'presenters', uid), presenter);
  batch.delete(doc(db, 'invites', inviteId));
  return batch.commit();
}

/** A time the server stored, at `iso`. */
export const storedTime = (iso: string): Timestamp => Timestamp.fromDate(new Date(iso));
