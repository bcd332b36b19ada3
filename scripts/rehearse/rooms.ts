// The rehearsal's rooms (`--rooms N`, parallel rooms): each room is an event with its own
// admin page, presenters, SDK providers and phones. After the event, each room is checked on its
// own: its answers as stored against the ones given in it, its final matches against the oracle
// over its answers alone, and the result e-mails of its people; report.ts prints a part per room.

import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import type { ParsedMail } from 'mailparser';
import { DEFAULT_MAX_MATCHES_PER_PRESENTER, DEFAULT_MIN_MATCH_SCORE } from '../../domain/constants';
import type { AdminConsole } from './adminConsole';
import { checkAnswers, checkEmails, checkMatches, type AnswerCheck, type RecordedAnswer } from './checks';
import { oracleMatches, type OracleAnswer, type OracleResult } from './oracle';
import type { Phone } from './phone';
import type { ProviderProfileRecord, QuestionPlan, Sighting } from './record';
import { phoneDeliveryInRooms, sdkDeliveryInRooms, type Change, type RoomReport } from './report';

export interface PresenterPlan {
  first_name: string;
  last_name: string;
  email: string;
  company: string;
  name: string;
  id?: string;
}

export interface Room {
  /** 'A', 'B', … */
  letter: string;
  title: string;
  admin: AdminConsole;
  eventId: string;
  /** The join link its phones open (the room display's QR code); null with one room (the shared event). */
  joinPath: string | null;
  presenters: PresenterPlan[];
  /** Each presenter's signup link, by e-mail. */
  links: Map<string, string>;
  rounds: PresenterPlan[][];
  changes: Change[];
  phones: Phone[];
  /** Indexes of its SDK providers. */
  sdkIndexes: Set<number>;
}

export interface CheckedRoom {
  room: Room;
  given: number;
  stored: number;
  answers: AnswerCheck;
  oracle: Map<string, OracleResult>;
  finals: Map<string, DocumentData>;
  differences: string[];
}

/** One room's answers and matches as the server has them, against what was given in it. */
export async function checkRoom(
  db: Firestore,
  room: Room,
  recorded: Map<string, RecordedAnswer>,
  questions: QuestionPlan[],
  profiles: Map<string, ProviderProfileRecord>,
  favourites: Record<string, string[]>,
): Promise<CheckedRoom> {
  const event = (await db.doc(`events/${room.eventId}`).get()).data() ?? {};
  const responses = await db.collection('responses').where('event_id', '==', room.eventId).get();
  const finals = await db.collection('final_matches').where('event_id', '==', room.eventId).get();
  const storedAnswers = new Map(responses.docs.map((doc) => [doc.id, doc.data()]));
  const oracle = oracleMatches({
    presenterIds: room.rounds.flat().map((presenter) => presenter.id ?? ''),
    favourites,
    questionTypes: Object.fromEntries(questions.map((q) => [q.question_id, q.type])),
    providers: Object.fromEntries(profiles),
    answers: [...recorded].map(([key, { answer, providerId, presenterId }]): OracleAnswer => {
      const updated = storedAnswers.get(key)?.updated_at;
      return {
        providerId,
        presenterId,
        questionId: answer.question_id,
        type: answer.type,
        rating: answer.rating,
        answeredAt: updated instanceof Timestamp ? updated.toMillis() : Number.POSITIVE_INFINITY,
      };
    }),
    minScore: typeof event.min_match_score === 'number' ? event.min_match_score : DEFAULT_MIN_MATCH_SCORE,
    maxMatches:
      typeof event.max_matches_per_presenter === 'number' ? event.max_matches_per_presenter : DEFAULT_MAX_MATCHES_PER_PRESENTER,
  });
  const finalByPresenter = new Map(finals.docs.map((doc) => [doc.get('presenter_id') as string, doc.data()]));
  return {
    room,
    given: recorded.size,
    stored: storedAnswers.size,
    answers: checkAnswers(recorded, storedAnswers),
    oracle,
    finals: finalByPresenter,
    differences: checkMatches(oracle, finalByPresenter),
  };
}

/** The sightings of the room's SDK providers only (`indexOf` gives a provider's index). */
function sightingsIn(room: Room, sightings: Map<string, Sighting[]>, indexOf: Map<string, number>): Map<string, Sighting[]> {
  return new Map([...sightings].filter(([providerId]) => room.sdkIndexes.has(indexOf.get(providerId) ?? -1)));
}

/** Delivery to every room's providers, each measured against its own room's changes (those `measured` picks: all by default). */
export function deliveryInRooms(
  rooms: Room[],
  sightings: Map<string, Sighting[]>,
  indexOf: Map<string, number>,
  measured: (change: Change) => boolean = () => true,
) {
  return {
    sdk: sdkDeliveryInRooms(
      rooms.map((room) => ({ changes: room.changes, sightings: sightingsIn(room, sightings, indexOf) })),
      measured,
    ),
    phones: phoneDeliveryInRooms(
      rooms.map((room) => ({ changes: room.changes, phones: room.phones })),
      measured,
    ),
  };
}

/** The room's part of the report; its e-mails are the ones to its presenters and matched providers. */
export function roomReport(
  checked: CheckedRoom,
  sightings: Map<string, Sighting[]>,
  indexOf: Map<string, number>,
  mails: ParsedMail[],
): RoomReport {
  const { room, oracle, differences, answers } = checked;
  // The room's mails: those whose every recipient expects a result of this room.
  const ours = mails.filter((mail) => checkEmails(checked.finals, [mail]).unexpected.length === 0);
  const emails = checkEmails(checked.finals, ours);
  return {
    room: room.letter,
    eventId: room.eventId,
    title: room.title,
    joinPath: room.joinPath,
    providers: { sdk: room.sdkIndexes.size, phones: room.phones.length },
    presenters: room.presenters.length,
    changes: room.changes.length,
    delivery: deliveryInRooms([room], sightings, indexOf),
    ratings: {
      given: checked.given,
      stored: checked.stored,
      lost: answers.lost.length,
      unexpected: answers.unexpected.length,
      wrong: answers.wrong.length,
    },
    matches: {
      presenters: oracle.size,
      matchedPairs: [...oracle.values()].reduce((sum, result) => sum + result.providerIds.length, 0),
      fallbacks: [...oracle.values()].filter((result) => result.fallback).length,
      equalToOracle: differences.length === 0,
      differences,
    },
    emails: { expected: emails.expected, received: ours.length, duplicated: emails.duplicated, missing: emails.missing },
  };
}
