// Live rating progress for the control screen (docs/exports-and-insights.md): how many providers have rated
// each presenter, read with aggregation queries, so a read costs the same with 30 providers or 300
// (one read per 1,000 answers counted) instead of one read per answer as a listener on the
// responses would. The screen re-runs it on an interval.
//
// Firestore counts documents, not distinct providers. A provider has at most one answer per
// question about a presenter (the response id holds provider, event, presenter and question), so
// the answers to one question count the providers who answered it; the largest such count over
// the questions is the number of providers who rated the presenter, exactly so whenever one
// question was answered by everyone who rated (in practice the first), and never more.

import { collection, getCountFromServer, query, where } from 'firebase/firestore';
import { db } from './firebase';

const responses = collection(db, 'responses');

/** How many answers one question about one presenter has at one event. */
async function countAnswers(eventId: string, presenterId: string, questionId: string): Promise<number> {
  const answers = query(
    responses,
    where('event_id', '==', eventId),
    where('presenter_id', '==', presenterId),
    where('question_id', '==', questionId),
  );
  return (await getCountFromServer(answers)).data().count;
}

/**
 * How many providers have rated each presenter at one event (the most answers any one of
 * `questionIds` has about them), by presenter id: one count query per presenter and question, in
 * parallel. Throws when a count fails.
 */
export async function getRatedCounts(
  eventId: string,
  presenterIds: readonly string[],
  questionIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = await Promise.all(
    presenterIds.map(async (presenterId) => {
      const perQuestion = await Promise.all(questionIds.map((questionId) => countAnswers(eventId, presenterId, questionId)));
      return [presenterId, Math.max(0, ...perQuestion)] as const;
    }),
  );
  return new Map(counts);
}
