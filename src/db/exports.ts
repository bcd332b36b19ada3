// What an event's exports read (docs/exports-and-insights.md), for a signed-in admin: the event's answers
// (src/db/eventAnswers.ts, in pages) with the providers, presenters and questions they are about,
// and the event's final matches with their reasons (match_reasons, admins only). Throws on any
// failure; the screen decides what to say.

import type { MatchesExportData, ResponsesExportData } from '../lib/exportRows';
import type { MeetingsExportData } from '../lib/meetingRows';
import type { Event } from '../types/event';
import type { MatchReasons } from '../types/matchReasons';
import { getAnswerers, getByIds, getEventAnswers } from './eventAnswers';
import { getFinalMatches } from './finalMatches';
import { getMatchReasons } from './matchReasons';
import { getEventMeetings } from './meetings';
import { presenterConverter } from './presenters';
import { getQuestions } from './questions';

/**
 * Every answer of one event, a page of 5,000 at a time, with the providers, presenters and
 * questions they are about. `onProgress(read, total)` follows the pages (total is counted first).
 */
export async function getResponsesExport(
  eventId: string,
  onProgress?: (read: number, total: number) => void,
): Promise<ResponsesExportData> {
  const responses = await getEventAnswers(eventId, onProgress);
  const presenterIds = [...new Set(responses.map((response) => response.presenter_id))];
  const [providers, presenterDocs, questions] = await Promise.all([
    getAnswerers(responses),
    getByIds('presenters', presenterIds),
    getQuestions(),
  ]);
  const presenters = presenterDocs.map((snapshot) => presenterConverter.fromFirestore(snapshot));
  return { responses, providers, presenters, questions };
}

/** One event's final matches and, for each, why its providers matched (match_reasons: admins only). */
export async function getMatchesExport(eventId: string): Promise<MatchesExportData> {
  const finalMatches = await getFinalMatches(eventId);
  const reasons = await Promise.all(finalMatches.map((match) => getMatchReasons(match.id)));
  return { finalMatches, matchReasons: reasons.filter((found): found is MatchReasons => found !== null) };
}

/** The event's meetings after matching, with the final matches that name both people of each. */
export async function getMeetingsExport(event: Pick<Event, 'id' | 'meetings'>): Promise<MeetingsExportData> {
  const [meetings, finalMatches] = await Promise.all([getEventMeetings(event.id), getFinalMatches(event.id)]);
  return { meetings, finalMatches, settings: event.meetings };
}
