// What an event's insights page reads (docs/exports-and-insights.md), for a signed-in admin: the event, its
// answers with the providers who gave them (src/db/eventAnswers.ts, in pages, as the exports read them),
// the questions with their types, and the presenters of its rounds with the fields matching and
// conflicts need (e-mail, company, favourites).
// Throws on any failure; the screen decides what to say.

import { doc, getDoc } from 'firebase/firestore';
import { orderedRounds } from '../../domain/rounds';
import type { ResponsesExportData, TimedResponse } from '../lib/exportRows';
import type { Meeting } from '../types/meeting';
import type { Event } from '../types/event';
import type { Presenter } from '../types/presenter';
import type { Question } from '../types/question';
import { snapshotOptions } from './converters';
import { eventFromData } from './eventData';
import { getAnswerers, getEventAnswers } from './eventAnswers';
import { db } from './firebase';
import { getEventMeetings } from './meetings';
import { presenterConverter } from './presenters';
import { getQuestions } from './questions';

export interface EventInsightsData {
  event: Event;
  /** By question_number. */
  questions: Question[];
  /** The presenters of the event's rounds that exist, in round order, each once. */
  presenters: Presenter[];
  /** The providers who answered at this event. */
  providers: ResponsesExportData['providers'];
  /** Every answer of the event. */
  responses: TimedResponse[];
  /** The event's meetings after matching (none when it has them off). */
  meetings: Meeting[];
}

/** An event's insights data, or null when the event does not exist. */
export async function getEventInsightsData(eventId: string): Promise<EventInsightsData | null> {
  const snapshot = await getDoc(doc(db, 'events', eventId));
  if (!snapshot.exists()) return null;
  const event = eventFromData(snapshot.id, snapshot.data(snapshotOptions));
  const presenterIds = [
    ...new Set(orderedRounds(event.rounds).flatMap((round) => round.entries.map((entry) => entry.presenter_id))),
  ];
  const [{ responses, providers }, questions, presenterSnapshots, meetings] = await Promise.all([
    getEventAnswers(eventId).then(async (responses) => ({ responses, providers: await getAnswerers(responses) })),
    getQuestions(),
    Promise.all(presenterIds.map((id) => getDoc(doc(db, 'presenters', id).withConverter(presenterConverter)))),
    event.meetings.enabled ? getEventMeetings(eventId) : Promise.resolve([]),
  ]);
  const presenters = presenterSnapshots.flatMap((presenter) => {
    const data = presenter.data();
    return data ? [data] : [];
  });
  return {
    event,
    questions,
    presenters,
    providers,
    responses,
    meetings,
  };
}
