// The shared status note (status/app): a single live document that shows the app reading and
// writing the backend in real time.

import {
  doc,
  onSnapshot,
  serverTimestamp,
  setDoc,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { STATUS_NOTE_MAX_LENGTH } from '../config/constants';
import { snapshotOptions, toDate, toStringOr } from './converters';
import { db } from './firebase';
import { ensureSignedIn } from './session';

export interface StatusNote {
  id: string;
  note: string;
  updatedAt: Date | null;
}

const statusConverter: FirestoreDataConverter<StatusNote> = {
  toFirestore: (status) => ({ note: status.note, updated_at: serverTimestamp() }),
  fromFirestore: (snapshot: QueryDocumentSnapshot) => {
    const data = snapshot.data(snapshotOptions);
    return { id: snapshot.id, note: toStringOr(data.note, ''), updatedAt: toDate(data.updated_at) };
  },
};

const statusRef = doc(db, 'status', 'app').withConverter(statusConverter);

/**
 * Follows the status note live. `callback` gets null while the document does not exist.
 * Returns the unsubscribe function.
 */
export function watchStatusNote(
  callback: (status: StatusNote | null) => void,
  onError: (error: Error) => void,
): () => void {
  return onSnapshot(statusRef, (snapshot) => callback(snapshot.data() ?? null), onError);
}

/** Replaces the note; resolves once the backend has it. */
export async function saveStatusNote(note: string): Promise<void> {
  const text = note.trim();
  if (text.length === 0 || text.length > STATUS_NOTE_MAX_LENGTH) {
    throw new RangeError(`A note has 1 to ${STATUS_NOTE_MAX_LENGTH} characters.`);
  }
  await ensureSignedIn();
  await setDoc(statusRef, { id: statusRef.id, note: text, updatedAt: null });
}
