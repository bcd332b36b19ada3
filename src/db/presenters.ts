// Presenters (presenters/{presenterId}) as admins manage them on /invite (the spec's sections 2,
// 5 and 7): the live list, add, edit and delete, and the question titles a presenter's favourites
// are chosen from. The events' rounds hold each presenter's id and name, so an edit of the name
// and a delete change every event's rounds in the same transaction (DECISIONS.md: "Deleting a
// presenter removes them from every event's rounds in the same write").

import {
  collection,
  doc,
  getDocsFromServer,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  setDoc,
  type Transaction,
} from 'firebase/firestore';
import { PRESENTER_STATUSES } from '../../domain/constants';
import { applyControl, type ControlChange, type ControlState } from '../../domain/eventControl';
import type { PresenterDocument, PresenterStatus, Rounds } from '../../domain/documents';
import { orderedRounds } from '../../domain/rounds';
import type { Presenter, PresenterFields } from '../types/presenter';
import { readOnlyConverter, snapshotOptions, toArray, toBoolean, toNumberOr, toStringOr } from './converters';
import { eventFromData } from './eventData';
import { db } from './firebase';

function toStatus(value: unknown): PresenterStatus {
  return PRESENTER_STATUSES.find((status) => status === value) ?? 'Up Next';
}

function presenterFromData(id: string, data: Record<string, unknown>): Presenter {
  return {
    id,
    first_name: toStringOr(data.first_name, ''),
    last_name: toStringOr(data.last_name, ''),
    email: toStringOr(data.email, ''),
    company: toStringOr(data.company, ''),
    phone: toStringOr(data.phone, ''),
    website: toStringOr(data.website, ''),
    profile_url: toStringOr(data.profile_url, ''),
    linkedin_url: toStringOr(data.linkedin_url, ''),
    favourites: toArray(data.favourites).filter((favourite): favourite is string => typeof favourite === 'string'),
    verified: toBoolean(data.verified),
    status: toStatus(data.status),
    terms_accepted: toBoolean(data.terms_accepted),
    ...(typeof data.invite_id === 'string' ? { invite_id: data.invite_id } : {}),
  };
}

/** Reads stored presenters (every field defaulted), for the admin screens and the signup page. */
export const presenterConverter = readOnlyConverter<Presenter>(
  'Presenters are written field by field below, not through this reader.',
  presenterFromData,
);

const presentersCollection = collection(db, 'presenters');

/** By last name, then first name, then id, so the list keeps its order whatever the server sends first. */
function byName(a: Presenter, b: Presenter): number {
  return (
    a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** Follows every presenter (admins only), sorted by name. Returns the unsubscribe function. */
export function watchPresenters(callback: (presenters: Presenter[]) => void, onError: (error: Error) => void): () => void {
  return onSnapshot(
    presentersCollection.withConverter(presenterConverter),
    (snapshot) => callback(snapshot.docs.map((document) => document.data()).sort(byName)),
    onError,
  );
}

/**
 * Adds a presenter (new auto-id document) and returns its id. The spec's section 5: saved
 * presenters are verified. They start 'Up Next', and terms_accepted stays false: agreeing to the
 * Privacy Policy is the presenter's own act at signup, not something an admin does for them.
 */
export async function addPresenter(fields: PresenterFields): Promise<string> {
  const ref = doc(presentersCollection);
  const stored: PresenterDocument = { ...fields, verified: true, status: 'Up Next', terms_accepted: false };
  await setDoc(ref, stored);
  return ref.id;
}

/** What one event's rounds (and, for a removal, the live index) become; {} when the event is unchanged. */
type RoundsChange = (state: ControlState) => ControlChange;

/**
 * Applies `change` to every event, inside `transaction` (reads first, then writes, as a
 * transaction needs). A transaction cannot run a query, so the events are listed from the server
 * on each attempt and each is then read in the transaction: a change to one of them by another
 * admin makes the SDK run the whole transaction again. An event created after the listing is not
 * seen: it could only hold the presenter if another admin created it with them at that moment.
 */
async function changeEveryEvent(transaction: Transaction, change: RoundsChange): Promise<void> {
  const listed = await getDocsFromServer(collection(db, 'events'));
  const snapshots = await Promise.all(listed.docs.map((listedEvent) => transaction.get(listedEvent.ref)));
  for (const snapshot of snapshots) {
    const data = snapshot.data();
    if (!data) continue;
    const { rounds, ...rest } = change(eventFromData(snapshot.id, data));
    const update: Record<string, unknown> = { ...rest };
    for (const [key, entries] of Object.entries(rounds ?? {})) update[`rounds.${key}`] = entries;
    if (Object.keys(update).length > 0) transaction.update(snapshot.ref, update);
  }
}

function isRenamed(entry: { first_name: string; last_name: string }, fields: PresenterFields): boolean {
  return entry.first_name !== fields.first_name || entry.last_name !== fields.last_name;
}

/**
 * Saves an admin's edit (the presenter stays verified, the spec's section 5) and renames the
 * presenter's entries in every event's rounds, in one transaction. Status, terms_accepted and
 * invite_id stay as they are. Throws when the presenter no longer exists (deleted meanwhile).
 */
export async function updatePresenter(id: string, fields: PresenterFields): Promise<void> {
  const ref = doc(presentersCollection, id);
  await runTransaction(db, async (transaction) => {
    const current = await transaction.get(ref);
    if (!current.exists()) throw new Error(`Presenter ${id} no longer exists.`);
    await changeEveryEvent(transaction, (event) => {
      const renamed: ControlChange['rounds'] = {};
      for (const round of orderedRounds(event.rounds)) {
        if (!round.entries.some((entry) => entry.presenter_id === id && isRenamed(entry, fields))) continue;
        renamed[round.key] = round.entries.map((entry) =>
          entry.presenter_id === id ? { ...entry, first_name: fields.first_name, last_name: fields.last_name } : entry,
        );
      }
      return Object.keys(renamed).length > 0 ? { rounds: renamed } : {};
    });
    transaction.update(ref, { ...fields, verified: true });
  });
}

/**
 * Deletes a presenter and removes them from every event's rounds, in one transaction. Removal
 * works as the event control's Remove does (domain/eventControl.ts): when the presenter was in
 * the current round before the live one, presenter_index follows the live presenter.
 */
export async function deletePresenter(id: string): Promise<void> {
  const ref = doc(presentersCollection, id);
  await runTransaction(db, async (transaction) => {
    await changeEveryEvent(transaction, (event) => {
      let state: ControlState = event;
      const rounds: Partial<Rounds> = {};
      for (const round of orderedRounds(event.rounds)) {
        if (!round.entries.some((entry) => entry.presenter_id === id)) continue;
        const removed = applyControl(state, { kind: 'remove', roundNumber: round.roundNumber, presenterId: id });
        const after = removed.rounds?.[round.key];
        if (after) {
          rounds[round.key] = after;
          state = { ...state, rounds: { ...state.rounds, [round.key]: after } };
        }
        if (removed.presenter_index !== undefined) state = { ...state, presenterIndex: removed.presenter_index };
      }
      return state.presenterIndex === event.presenterIndex ? { rounds } : { rounds, presenter_index: state.presenterIndex };
    });
    transaction.delete(ref);
  });
}

/** A question as the favourites picker shows it (the spec's section 7: "Read all | questions | title"). */
export interface QuestionTitle {
  id: string;
  title: string;
}

/**
 * The questions a presenter's favourites are chosen from, by question_number, read from the
 * server: offline, the device's cache could answer with no questions at all, and an admin would
 * take that for a questionnaire without questions; a failure here says so instead.
 */
export async function getQuestionTitles(): Promise<QuestionTitle[]> {
  const snapshot = await getDocsFromServer(query(collection(db, 'questions'), orderBy('question_number', 'asc')));
  return snapshot.docs.map((document) => {
    const data = document.data(snapshotOptions);
    const title = toStringOr(data.title, '');
    return { id: document.id, title: title !== '' ? title : `Question ${toNumberOr(data.question_number, 0)}` };
  });
}
