// An event's answers, for a signed-in admin (docs/exports-and-insights.md): read in pages, so memory
// and progress stay bounded on a 100,000-answer event, and the providers who gave them. The
// exports (src/db/exports.ts) and the insights page (src/db/insights.ts) both read them here. An
// answer of an unknown question type is left out (domain/questionTypes.ts). Throws on any
// failure; the screen decides what to say.

import {
  collection,
  documentId,
  getCountFromServer,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { parseQuestionType } from '../../domain/questionTypes';
import type { ResponsesExportData, TimedResponse } from '../lib/exportRows';
import { readOnlyConverter, snapshotOptions, toDate, toStringOr, toStringOrNull } from './converters';
import { db } from './firebase';

/** Answers read per request. */
export const RESPONSES_PAGE_SIZE = 5_000;
/** The most ids one `in` filter may hold. */
const IDS_PER_QUERY = 30;

const timedResponseConverter = readOnlyConverter<TimedResponse | null>('Answers are only read here.', (id, data) => {
  const type = parseQuestionType(data.type);
  if (type === null) return null;
  return {
    response_id: id,
    event_id: toStringOr(data.event_id, ''),
    question_id: toStringOr(data.question_id, ''),
    presenter_id: toStringOr(data.presenter_id, ''),
    provider_id: toStringOr(data.provider_id, ''),
    type,
    rating: typeof data.rating === 'number' ? data.rating : null,
    comment: toStringOrNull(data.comment),
    response: toStringOrNull(data.response),
    updated_at: toDate(data.updated_at),
  };
});

/** Every document of `name` whose id is in `ids`, 30 ids a query, the queries in parallel. */
export async function getByIds(name: string, ids: string[]): Promise<QueryDocumentSnapshot[]> {
  const chunks: string[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) chunks.push(ids.slice(start, start + IDS_PER_QUERY));
  const snapshots = await Promise.all(
    chunks.map((chunk) => getDocs(query(collection(db, name), where(documentId(), 'in', chunk)))),
  );
  return snapshots.flatMap((snapshot) => snapshot.docs);
}

/**
 * Every answer of one event, a page of 5,000 at a time. `onProgress(read, total)` follows the
 * pages (total is counted first; an answer left out is still read).
 */
export async function getEventAnswers(
  eventId: string,
  onProgress?: (read: number, total: number) => void,
): Promise<TimedResponse[]> {
  const eventResponses = query(
    collection(db, 'responses').withConverter(timedResponseConverter),
    where('event_id', '==', eventId),
    orderBy(documentId()),
  );
  const total = (await getCountFromServer(eventResponses)).data().count;
  const responses: TimedResponse[] = [];
  let read = 0;
  let last: QueryDocumentSnapshot<TimedResponse | null, never> | undefined;
  for (;;) {
    const page = await getDocs(
      last
        ? query(eventResponses, startAfter(last), limit(RESPONSES_PAGE_SIZE))
        : query(eventResponses, limit(RESPONSES_PAGE_SIZE)),
    );
    responses.push(...page.docs.flatMap((document) => document.data() ?? []));
    read += page.docs.length;
    onProgress?.(read, Math.max(total, read));
    last = page.docs[page.docs.length - 1];
    if (page.docs.length < RESPONSES_PAGE_SIZE || last === undefined) break;
  }
  return responses;
}

/** The providers who gave `responses`, as the exports and insights name them. */
export async function getAnswerers(responses: readonly TimedResponse[]): Promise<ResponsesExportData['providers']> {
  const providerDocs = await getByIds('providers', [...new Set(responses.map((response) => response.provider_id))]);
  return providerDocs.map((snapshot) => {
    const data = snapshot.data(snapshotOptions);
    return {
      user_id: snapshot.id,
      first_name: toStringOr(data.first_name, ''),
      last_name: toStringOr(data.last_name, ''),
      company: toStringOr(data.company, ''),
      email: toStringOr(data.email, ''),
    };
  });
}
