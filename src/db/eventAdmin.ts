// The admin's event records (the spec's sections 2, 4, 5 and 7): the events dashboard's live
// list, and creating, editing and deleting an event with its logos. Writes carry the stored
// fields as they are (the reader's converter in events.ts refuses writes).

import { collection, deleteDoc, doc, onSnapshot, query, runTransaction, setDoc, Timestamp, where } from 'firebase/firestore';
import {
  DEFAULT_EXCLUDE_CONFLICTS,
  DEFAULT_FAIR_SCORES,
  DEFAULT_MAX_MATCHES_PER_PRESENTER,
  DEFAULT_MIN_MATCH_SCORE,
  DEFAULT_SHARE_FEEDBACK,
  INITIAL_ROUND_NUMBER,
  NO_PRESENTER_INDEX,
} from '../../domain/constants';
import type { EventDocument } from '../../domain/documents';
import { changeRoundCount } from '../../domain/eventControl';
import { storedMeetingSettings, type MeetingSettings } from '../../domain/meetingSettings';
import { resizeRounds } from '../../domain/rounds';
import { DEFAULT_PITCH_SECONDS, DEFAULT_QUESTION_SECONDS } from '../../domain/pitchTimer';
import { LOGO_VARIANTS, logoPath, type LogoContentType, type LogoVariant } from '../lib/logos';
import { sortEvents } from '../lib/sharedEvent';
import type { Event } from '../types/event';
import { snapshotOptions } from './converters';
import { eventFromData } from './eventData';
import { deleteAllFound } from './batchDelete';
import { db } from './firebase';
import { deleteRaters } from './raters';
import { deleteEventLogos, uploadEventLogo } from './storage';

/** What the Create Event and Edit Event forms edit. */
export interface EventFields {
  title: string;
  description: string;
  location: string;
  startTime: Date | null;
  /** 1, 2 or 3 (the spec's section 9). */
  numberOfRounds: number;
  /** 'Correct for lenient and harsh raters'; absent: the default on create, unchanged on update. */
  fairScores?: boolean;
  /** 'Exclude conflicts of interest from matching'; absent: the default on create, unchanged on update. */
  excludeConflicts?: boolean;
  /** 'Share feedback with presenters'; absent: the default on create, unchanged on update. */
  shareFeedback?: boolean;
  /** The pitch timer's pitch length in seconds; absent: 180 on create, unchanged on update. */
  pitchSeconds?: number;
  /** Question time after each pitch in seconds (0: none); absent: none on create, unchanged on update. */
  questionSeconds?: number;
  /** Meetings after matching; absent: off with the defaults on create, unchanged on update. */
  meetings?: MeetingSettings<Date>;
}

/** New logo files; an absent or null one leaves that logo as it is. */
export interface EventLogos {
  normal?: File | null;
  middle?: File | null;
}

/** How far one logo's upload has got. */
export interface UploadProgress {
  variant: LogoVariant;
  bytesTransferred: number;
  totalBytes: number;
}

const MAX_ROUNDS = 3;

const eventsCollection = collection(db, 'events');

function checkRoundCount(count: number): void {
  if (!Number.isInteger(count) || count < 1 || count > MAX_ROUNDS) {
    throw new RangeError(`An event has 1 to ${MAX_ROUNDS} rounds (got ${count}).`);
  }
}

const startTimeOf = (fields: EventFields) => (fields.startTime ? Timestamp.fromDate(fields.startTime) : null);

const storedMeetings = (meetings: MeetingSettings<Date>) =>
  storedMeetingSettings({ ...meetings, startTime: meetings.startTime ? Timestamp.fromDate(meetings.startTime) : null });

type UploadedLogos = Partial<Record<LogoVariant, { url: string; path: string }>>;

/** Uploads the given logos side by side; resolves once both are stored. */
async function uploadLogos(
  eventId: string,
  logos: EventLogos,
  onProgress?: (progress: UploadProgress) => void,
): Promise<UploadedLogos> {
  const uploaded: UploadedLogos = {};
  await Promise.all(
    LOGO_VARIANTS.map(async (variant) => {
      const file = logos[variant];
      if (!file) return;
      const url = await uploadEventLogo(eventId, variant, file, (bytesTransferred, totalBytes) =>
        onProgress?.({ variant, bytesTransferred, totalBytes }),
      );
      uploaded[variant] = { url, path: logoPath(eventId, variant, file.type as LogoContentType) };
    }),
  );
  return uploaded;
}

/** Every event, followed live, by start time (events without one last), then id. Returns the unsubscribe function. */
export function watchEvents(callback: (events: Event[]) => void, onError: (error: Error) => void): () => void {
  return onSnapshot(
    eventsCollection,
    (snapshot) =>
      callback(sortEvents(snapshot.docs.map((document) => eventFromData(document.id, document.data(snapshotOptions))))),
    onError,
  );
}

/**
 * Creates an event (the spec's section 4: closed, round 1, nobody live, empty rounds) with its
 * logos, and returns its id. The logos are uploaded first and the event written once with their
 * URLs, so a failed upload leaves no half-made event behind to be created twice.
 */
export async function createEvent(
  fields: EventFields,
  logos: EventLogos,
  onProgress?: (progress: UploadProgress) => void,
): Promise<string> {
  checkRoundCount(fields.numberOfRounds);
  const ref = doc(eventsCollection);
  const uploaded = await uploadLogos(ref.id, logos, onProgress);
  const event: EventDocument<Timestamp> = {
    title: fields.title,
    description: fields.description,
    location: fields.location,
    start_time: startTimeOf(fields),
    number_of_rounds: fields.numberOfRounds,
    rounds: resizeRounds({}, fields.numberOfRounds),
    is_event_open: false,
    round_number: INITIAL_ROUND_NUMBER,
    presenter_index: NO_PRESENTER_INDEX,
    is_matching: false,
    is_emailing: false,
    normalLogo: uploaded.normal?.url ?? null,
    middleLogo: uploaded.middle?.url ?? null,
    developers: [],
    is_slider_open: false,
    min_match_score: DEFAULT_MIN_MATCH_SCORE,
    max_matches_per_presenter: DEFAULT_MAX_MATCHES_PER_PRESENTER,
    fair_scores: fields.fairScores ?? DEFAULT_FAIR_SCORES,
    exclude_conflicts: fields.excludeConflicts ?? DEFAULT_EXCLUDE_CONFLICTS,
    share_feedback: fields.shareFeedback ?? DEFAULT_SHARE_FEEDBACK,
    pitch_seconds: fields.pitchSeconds ?? DEFAULT_PITCH_SECONDS,
    question_seconds: fields.questionSeconds ?? DEFAULT_QUESTION_SECONDS,
    ...(fields.meetings ? { meetings: storedMeetings(fields.meetings) } : {}),
  };
  await setDoc(ref, event);
  return ref.id;
}

/**
 * Saves the Edit Event form. A new round count is applied to the server's current rounds in a
 * transaction (new rounds empty; the presenters of dropped rounds return to the unassigned pool),
 * so a presenter another admin added meanwhile is not lost. A changed logo is uploaded first; once
 * the event points at it, the same logo's file under an older extension is deleted.
 */
export async function updateEvent(
  eventId: string,
  fields: EventFields,
  logos: EventLogos,
  onProgress?: (progress: UploadProgress) => void,
): Promise<void> {
  checkRoundCount(fields.numberOfRounds);
  const ref = doc(eventsCollection, eventId);
  const uploaded = await uploadLogos(eventId, logos, onProgress);
  await runTransaction(db, async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists()) throw new Error(`The event ${eventId} does not exist.`);
    const change = changeRoundCount(eventFromData(eventId, snapshot.data()), fields.numberOfRounds);
    transaction.update(ref, {
      title: fields.title,
      description: fields.description,
      location: fields.location,
      start_time: startTimeOf(fields),
      number_of_rounds: fields.numberOfRounds,
      rounds: change.rounds,
      round_number: change.roundNumber,
      presenter_index: change.presenterIndex,
      ...(fields.fairScores === undefined ? {} : { fair_scores: fields.fairScores }),
      ...(fields.excludeConflicts === undefined ? {} : { exclude_conflicts: fields.excludeConflicts }),
      ...(fields.shareFeedback === undefined ? {} : { share_feedback: fields.shareFeedback }),
      ...(fields.pitchSeconds === undefined ? {} : { pitch_seconds: fields.pitchSeconds }),
      ...(fields.questionSeconds === undefined ? {} : { question_seconds: fields.questionSeconds }),
      ...(fields.meetings === undefined ? {} : { meetings: storedMeetings(fields.meetings) }),
      ...(uploaded.normal ? { normalLogo: uploaded.normal.url } : {}),
      ...(uploaded.middle ? { middleLogo: uploaded.middle.url } : {}),
    });
  });
  await Promise.all(
    LOGO_VARIANTS.map(async (variant) => {
      const logo = uploaded[variant];
      if (logo) await deleteEventLogos(eventId, { variant, keep: logo.path });
    }),
  );
}

/** Deletes every document of `collectionName` whose event_id is the event's. */
async function deleteEventDocuments(
  collectionName: 'responses' | 'final_matches' | 'match_reasons' | 'meetings' | 'meeting_slots' | 'meeting_requests',
  eventId: string,
): Promise<void> {
  await deleteAllFound(query(collection(db, collectionName), where('event_id', '==', eventId)));
}

/** Deletes the feedback the matching reaction wrote for the event's presenters. */
async function deleteEventFeedback(eventId: string): Promise<void> {
  await deleteAllFound(collection(eventsCollection, eventId, 'feedback'));
}

/**
 * Deletes an event with its logos, its answers (responses), its final matches (DECISIONS.md) and
 * their reasons (match_reasons), its meetings with the slots they hold, the requests about them and
 * the places its presenters were given, and its recipients review,
 * the event document last: a deletion cut short leaves the event listed, and deleting it again
 * finishes the job.
 */
export async function deleteEvent(eventId: string): Promise<void> {
  await deleteEventLogos(eventId);
  await deleteEventDocuments('responses', eventId);
  await deleteEventDocuments('final_matches', eventId);
  await deleteEventDocuments('match_reasons', eventId);
  // The slots first: a meeting deleted before its slots would leave them held with nothing to free them.
  await deleteEventDocuments('meeting_slots', eventId);
  await deleteEventDocuments('meetings', eventId);
  await deleteEventDocuments('meeting_requests', eventId);
  await deleteEventFeedback(eventId);
  await deleteRaters(eventId);
  // Its recipients review names participants' addresses.
  await deleteDoc(doc(db, 'email_reviews', eventId));
  // Its last Schedule all names the pairs it left out; its meetings board, who meets whom.
  await deleteDoc(doc(db, 'meeting_schedules', eventId));
  await deleteDoc(doc(db, 'meeting_boards', eventId));
  // The places its presenters were given for the session.
  await deleteDoc(doc(db, 'meeting_places', eventId));
  await deleteDoc(doc(eventsCollection, eventId));
}
