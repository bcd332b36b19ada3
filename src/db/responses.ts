// A provider's answers (responses/{response_id}). Each answer has a deterministic id, so answering
// again replaces the answer instead of adding one. Writes go to Firestore's offline cache first:
// an answer given during a Wi-Fi drop-out is kept on the device and synced when it reconnects.
// An answer of a question type this version does not know is left out of the reads
// (domain/questionTypes.ts), so it is never shown, nor saved back as another type.

import {
  collection,
  doc,
  getDocFromCache,
  getDocs,
  onSnapshot,
  query,
  serverTimestamp,
  where,
  writeBatch,
  type FieldValue,
} from 'firebase/firestore';
import type { ResponseDocument } from '../../domain/documents';
import { parseQuestionType } from '../../domain/questionTypes';
import { normaliseAnswer } from '../lib/answers';
import type { Answer, ProviderResponse, SaveOutcome } from '../types/response';
import { readOnlyConverter, toNumberOr, toStringOr, toStringOrNull } from './converters';
import { db } from './firebase';
import { markRater } from './raters';
import { ensureSignedIn } from './session';

/** The id of one provider's answer to one question about one presenter at one event. */
export function responseId(providerId: string, eventId: string, presenterId: string, questionId: string): string {
  return `${providerId}_${eventId}_${presenterId}_${questionId}`;
}

const responseReader = readOnlyConverter<ProviderResponse | null>('Answers are saved with saveResponses().', (id, data) => {
  const type = parseQuestionType(data.type);
  if (type === null) return null;
  return {
    response_id: id,
    question_id: toStringOr(data.question_id, ''),
    presenter_id: toStringOr(data.presenter_id, ''),
    provider_id: toStringOr(data.provider_id, ''),
    event_id: toStringOr(data.event_id, ''),
    type,
    rating: data.rating === null || data.rating === undefined ? null : toNumberOr(data.rating, 0),
    comment: toStringOrNull(data.comment),
    response: toStringOrNull(data.response),
  };
});

const responsesCollection = collection(db, 'responses');

const myResponsesQuery = (uid: string, eventId: string) =>
  query(responsesCollection.withConverter(responseReader), where('provider_id', '==', uid), where('event_id', '==', eventId));

const known = (responses: (ProviderResponse | null)[]): ProviderResponse[] => responses.flatMap((response) => response ?? []);

/** The signed-in provider's answers at one event (from the device's cache when offline). */
export async function getMyResponses(eventId: string): Promise<ProviderResponse[]> {
  const user = await ensureSignedIn();
  const snapshot = await getDocs(myResponsesQuery(user.uid, eventId));
  return known(snapshot.docs.map((document) => document.data()));
}

/**
 * Follows the signed-in provider's answers at one event, including answers saved on this device
 * and not yet synced. Returns the unsubscribe function.
 */
export function watchMyResponses(
  eventId: string,
  callback: (responses: ProviderResponse[]) => void,
  onError: (error: Error) => void,
): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  ensureSignedIn().then((user) => {
    if (stopped) return;
    stop = onSnapshot(
      myResponsesQuery(user.uid, eventId),
      (snapshot) => callback(known(snapshot.docs.map((document) => document.data()))),
      onError,
    );
  }, onError);
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * Saves the signed-in provider's answers about one presenter, in one batch, replacing earlier
 * answers to the same questions. Resolves as soon as the answers are in the device's cache (they
 * survive a drop-out and a reload there); `synced` resolves when the server has confirmed them,
 * and rejects if it refused them. Throws (before writing anything) on an invalid answer or id.
 */
export async function saveResponses(eventId: string, presenterId: string, answers: Answer[]): Promise<SaveOutcome> {
  if (eventId === '' || presenterId === '') throw new RangeError('An answer needs an event and a presenter.');
  const normalised = answers.map(normaliseAnswer);
  const user = await ensureSignedIn();

  const batch = writeBatch(db);
  const refs = normalised.map((answer) => {
    const ref = doc(responsesCollection, responseId(user.uid, eventId, presenterId, answer.question_id));
    const stored: ResponseDocument<FieldValue> = {
      provider_id: user.uid,
      event_id: eventId,
      presenter_id: presenterId,
      question_id: answer.question_id,
      type: answer.type,
      rating: answer.rating,
      comment: answer.comment,
      response: answer.response,
      updated_at: serverTimestamp(),
    };
    batch.set(ref, stored);
    return ref;
  });
  const lastRef = refs[refs.length - 1];
  if (lastRef === undefined) throw new RangeError('There are no answers to save.');
  markRater(batch, eventId, user.uid);
  const synced = batch.commit();
  // Marked as handled here: a caller that only needs the local save may leave `synced` alone.
  synced.catch(() => undefined);

  // The SDK applies writes to its cache in order, so once this read sees the last answer the
  // whole batch is on the device. A write rejected locally rejects `synced` straight away.
  await Promise.race([getDocFromCache(lastRef), synced]);
  return { synced };
}
