// Each presenter's feedback (domain/feedback.ts), written by the matching reaction when the event
// shares feedback (functions/src/matching/runMatching.ts calls it with what it has read): one
// document per presenter under the event, replacing what an earlier run wrote. Its own module
// because it is a second job of the run, with its own document and readers.

import {
  FieldValue,
  type DocumentData,
  type Firestore,
  type QueryDocumentSnapshot,
  type WriteBatch,
} from 'firebase-admin/firestore';
import {
  presenterFeedback,
  type FeedbackAnswer,
  type FeedbackQuestion,
  type PresenterFeedbackDocument,
} from '../../../domain/feedback.js';
import { millis, text } from '../values.js';

/** A batched write holds at most 500 writes. */
const MAX_BATCH_WRITES = 500;

type Write = (batch: WriteBatch) => void;

export type Feedback = Omit<PresenterFeedbackDocument<FieldValue>, 'written_at'>;

/**
 * Each presenter's feedback (domain/feedback.ts) by presenter id: every question of the
 * questionnaire with the event's answers about them, none with its author. Presenters without a
 * document (deleted since) get none, as they get no final match.
 */
export function feedbackDocuments(
  eventId: string,
  eventTitle: string,
  presenterIds: string[],
  presenters: Map<string, DocumentData>,
  questions: readonly FeedbackQuestion[],
  responseDocs: QueryDocumentSnapshot[],
): Map<string, Feedback> {
  const answers: FeedbackAnswer[] = responseDocs.map((doc) => {
    const data = doc.data();
    return {
      provider_id: text(data.provider_id),
      presenter_id: text(data.presenter_id),
      question_id: text(data.question_id),
      event_id: text(data.event_id),
      rating: typeof data.rating === 'number' ? data.rating : null,
      comment: typeof data.comment === 'string' ? data.comment : null,
      response: typeof data.response === 'string' ? data.response : null,
      answeredAt: millis(data.updated_at),
    };
  });
  const documents = new Map<string, Feedback>();
  for (const presenterId of presenterIds) {
    const presenter = presenters.get(presenterId);
    if (!presenter || documents.has(presenterId)) continue;
    documents.set(presenterId, {
      event_id: eventId,
      presenter_id: presenterId,
      event_title: eventTitle,
      presenter_name: `${text(presenter.first_name)} ${text(presenter.last_name)}`.trim(),
      questions: presenterFeedback(eventId, presenterId, questions, answers),
    });
  }
  return documents;
}

/**
 * Writes each presenter's feedback under the event (events/{id}/feedback/{presenterId}) and
 * deletes the earlier ones the run has none for, in batches of at most 500 writes.
 */
export async function replaceFeedback(firestore: Firestore, eventId: string, documents: Map<string, Feedback>): Promise<void> {
  const collection = firestore.collection('events').doc(eventId).collection('feedback');
  const earlier = await collection.select().get();
  const writes: Write[] = [
    ...[...documents].map(
      ([id, feedback]): Write =>
        (batch) =>
          batch.set(collection.doc(id), { ...feedback, written_at: FieldValue.serverTimestamp() }),
    ),
    ...earlier.docs
      .filter((doc) => !documents.has(doc.id))
      .map(
        (doc): Write =>
          (batch) =>
            batch.delete(doc.ref),
      ),
  ];
  for (let start = 0; start < writes.length; start += MAX_BATCH_WRITES) {
    const batch = firestore.batch();
    for (const write of writes.slice(start, start + MAX_BATCH_WRITES)) write(batch);
    await batch.commit();
  }
}
