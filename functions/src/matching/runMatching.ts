// The matching reaction (DECISIONS.md, "Matching"): when an admin presses Start Matching (the
// event's `is_matching`), read the event's presenters, questions, providers and answers, match
// them with the domain's core (domain/matching.ts) under the event's settings (minimum score,
// limit, fair scores, conflicts of interest excluded) and write one final_matches document per
// presenter, with its match_reasons document beside it (why each provider matched: admins only),
// replacing the event's earlier results. Triggers arrive at least once and two runners
// may see one request, so the run is claimed in a transaction ('running' with a run id) before
// anything is read, and only the claim's owner records the outcome; when to run is the domain's
// decision (domain/matchingRun.ts). When the event shares feedback, the same run writes each
// presenter's (functions/src/feedback/presenterFeedback.ts), from the same reads. Questions and
// answers of a type this version does not know are left out (domain/questionTypes.ts). The Cloud
// Function runs this, deployed or in the local Functions emulator.

import { randomUUID } from 'node:crypto';
import {
  FieldValue,
  Timestamp,
  type CollectionReference,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type QueryDocumentSnapshot,
  type WriteBatch,
} from 'firebase-admin/firestore';
import {
  DEFAULT_EXCLUDE_CONFLICTS,
  DEFAULT_FAIR_SCORES,
  DEFAULT_MAX_MATCHES_PER_PRESENTER,
  DEFAULT_MIN_MATCH_SCORE,
  DEFAULT_SHARE_FEEDBACK,
} from '../../../domain/constants.js';
import type { FinalMatchDocument, MatchReasonsDocument, Rounds } from '../../../domain/documents.js';
import type { FeedbackQuestion } from '../../../domain/feedback.js';
import { matchEvent, type MatchResponse, type PresenterResult } from '../../../domain/matching.js';
import { decideMatchingRun, type MatchingRunDecision, type MatchingStatus } from '../../../domain/matchingRun.js';
import { parseQuestionType } from '../../../domain/questionTypes.js';
import { orderedRounds } from '../../../domain/rounds.js';
import { contactDetails, isRecord, millis, text } from '../values.js';
import { entryKind } from '../../../domain/displayStatus.js';
import { feedbackDocuments, replaceFeedback } from '../feedback/presenterFeedback.js';
import type { MatchingSettings } from './settings.js';

export interface MatchingOptions extends MatchingSettings {
  /** The time (ms) a claim's age is measured at; by default the server's, when it reads the event. */
  now?: number;
}

/** What the run produced, as `matching_status.counts` holds it (a type, to fit its record of numbers). */
export type MatchingCounts = {
  /** Presenters with a final_matches document (a fallback one included). */
  presenters: number;
  /** Distinct providers matched to at least one presenter (the fallback contact not included). */
  providers: number;
  /** Presenter-provider pairs matched by ratings (fallbacks not included). */
  matches: number;
};

/**
 * What became of one call: the run done or failed; skipped (no request, or another runner's
 * fresh claim holds it); or superseded (our claim was taken over as abandoned, and its new
 * owner records the outcome).
 */
export type MatchingOutcome =
  | { state: 'done'; counts: MatchingCounts }
  | { state: 'failed'; reason: string }
  | { state: 'skipped' }
  | { state: 'superseded' };

/** A batched write holds at most 500 writes. */
const MAX_BATCH_WRITES = 500;
/** Documents read by id per request, so a large event never makes one huge request. */
const MAX_IDS_PER_READ = 300;
/** The longest failure reason kept on the event. */
const REASON_MAX_LENGTH = 500;

/** Whether the event, as written, needs a matching run by `now` (ms) or a look again later. */
export function matchingRunDecision(data: DocumentData | undefined, now: number = Date.now()): MatchingRunDecision {
  const status = data?.matching_status as MatchingStatus | undefined;
  return decideMatchingRun(
    {
      is_matching: data?.is_matching === true,
      matching_status: status && { state: status.state, at: millis(status.at) },
    },
    now,
  );
}

const reasonOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, REASON_MAX_LENGTH) || 'Unknown error';

/**
 * Runs the event's matching when it is requested and not already claimed, writes its final
 * matches and records 'done' with the counts, or 'failed' with the reason, lowering `is_matching`
 * either way. Throws only when Firestore does (the claim or the outcome cannot be written).
 */
export async function runMatching(firestore: Firestore, eventId: string, options: MatchingOptions): Promise<MatchingOutcome> {
  const ref = firestore.collection('events').doc(eventId);
  const runId = randomUUID();

  const event = await firestore.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    const data = snapshot.data();
    // The server's read time is "now": a claim's age is measured on the clock that stamped it.
    if (!data || matchingRunDecision(data, options.now ?? snapshot.readTime.toMillis()).action !== 'run') return undefined;
    const claim: MatchingStatus<FieldValue> = {
      state: 'running',
      at: FieldValue.serverTimestamp(),
      started_at: FieldValue.serverTimestamp(),
      run_id: runId,
    };
    transaction.update(ref, { matching_status: claim });
    return data;
  });
  if (!event) return { state: 'skipped' };

  let counts: MatchingCounts;
  try {
    counts = await matchAndWrite(firestore, eventId, event, options);
  } catch (error) {
    const reason = reasonOf(error);
    const recorded = await recordOutcome(firestore, ref, runId, { state: 'failed', reason });
    return recorded ? { state: 'failed', reason } : { state: 'superseded' };
  }
  const recorded = await recordOutcome(firestore, ref, runId, { state: 'done', counts });
  return recorded ? { state: 'done', counts } : { state: 'superseded' };
}

/**
 * Ends the run over our own claim only, in one update with `is_matching` lowered; returns false
 * when the claim is no longer ours (taken over, or the event deleted meanwhile).
 */
async function recordOutcome(
  firestore: Firestore,
  ref: DocumentReference,
  runId: string,
  outcome: { state: 'done'; counts: MatchingCounts } | { state: 'failed'; reason: string },
): Promise<boolean> {
  return firestore.runTransaction(async (transaction) => {
    const claim = (await transaction.get(ref)).get('matching_status') as MatchingStatus<Timestamp> | undefined;
    if (claim?.state !== 'running' || claim.run_id !== runId) return false;
    const status: MatchingStatus<Timestamp | FieldValue> = {
      ...outcome,
      at: FieldValue.serverTimestamp(),
      started_at: claim.started_at ?? claim.at,
      finished_at: FieldValue.serverTimestamp(),
    };
    transaction.update(ref, { matching_status: status, is_matching: false });
    return true;
  });
}

/** Reads what matching needs, matches, and replaces the event's final matches and their reasons; returns the counts. */
async function matchAndWrite(
  firestore: Firestore,
  eventId: string,
  event: DocumentData,
  { fallback }: MatchingSettings,
): Promise<MatchingCounts> {
  const presenterIds = presenterIdsOf(event.rounds);
  const minScore = eventSetting(event, 'min_match_score', DEFAULT_MIN_MATCH_SCORE);
  const maxMatches = eventSetting(event, 'max_matches_per_presenter', DEFAULT_MAX_MATCHES_PER_PRESENTER);
  const fairScores = eventSwitch(event, 'fair_scores', DEFAULT_FAIR_SCORES);
  const excludeConflicts = eventSwitch(event, 'exclude_conflicts', DEFAULT_EXCLUDE_CONFLICTS);

  const [presenters, questionDocs, responses] = await Promise.all([
    readByIds(firestore, 'presenters', presenterIds),
    firestore.collection('questions').get(),
    firestore.collection('responses').where('event_id', '==', eventId).get(),
  ]);
  const questions = knownQuestions(questionDocs.docs);
  const answers = responses.docs.flatMap((doc) => matchResponse(doc.data()) ?? []);
  const providers = await readByIds(firestore, 'providers', [...new Set(answers.map((answer) => answer.provider_id))]);

  const results = matchEvent({
    eventId,
    presenterIds,
    presenters: mapValues(presenters, (data) => ({
      ...contactDetails(data),
      linkedin_url: text(data.linkedin_url),
      profile_url: text(data.profile_url),
      favourites: Array.isArray(data.favourites) ? data.favourites.filter((id) => typeof id === 'string') : [],
    })),
    questions: Object.fromEntries(questions.map(({ question_id, type, title }) => [question_id, { type, title }])),
    providers: mapValues(providers, contactDetails),
    responses: answers,
    minScore,
    maxMatches,
    fallback,
    fairScores,
    excludeConflicts,
  });

  await replaceResults(firestore, eventId, results, fairScores);
  // With sharing off nothing is written, and what an earlier run shared is taken back.
  const shareFeedback = eventSwitch(event, 'share_feedback', DEFAULT_SHARE_FEEDBACK);
  await replaceFeedback(
    firestore,
    eventId,
    shareFeedback
      ? feedbackDocuments(eventId, text(event.title), presenterIds, presenters, questions, responses.docs)
      : new Map(),
  );
  const matched = results.filter((result) => !result.fallback).flatMap((result) => result.matched_providers);
  return {
    presenters: results.length,
    providers: new Set(matched.map((match) => match.provider_id)).size,
    matches: matched.length,
  };
}

type Write = (batch: WriteBatch) => void;

/**
 * Writes the new results (each presenter's final match and its reasons in one batch), then
 * deletes the event's earlier documents of both collections that the new run has no id for (a
 * presenter who left the rounds), in batches of at most 500 writes: the results screens never see
 * an empty event.
 */
async function replaceResults(
  firestore: Firestore,
  eventId: string,
  results: PresenterResult[],
  fairScores: boolean,
): Promise<void> {
  const finalMatches = firestore.collection('final_matches');
  const matchReasons = firestore.collection('match_reasons');
  const earlier = (collection: CollectionReference) => collection.where('event_id', '==', eventId).select().get();
  const [earlierMatches, earlierReasons] = await Promise.all([earlier(finalMatches), earlier(matchReasons)]);
  const ids = new Set(results.map((result) => result.id));
  const stale = [...earlierMatches.docs, ...earlierReasons.docs].filter((doc) => !ids.has(doc.id));
  const groups: Write[][] = [
    ...results.map((result): Write[] => [
      (batch) => batch.set(finalMatches.doc(result.id), finalMatch(eventId, result)),
      (batch) => batch.set(matchReasons.doc(result.id), matchReasonsOf(eventId, result, fairScores)),
    ]),
    ...stale.map((doc): Write[] => [(batch) => batch.delete(doc.ref)]),
  ];
  let batch = firestore.batch();
  let size = 0;
  for (const group of groups) {
    if (size + group.length > MAX_BATCH_WRITES) {
      await batch.commit();
      batch = firestore.batch();
      size = 0;
    }
    for (const write of group) write(batch);
    size += group.length;
  }
  if (size > 0) await batch.commit();
}

/** The spec's fields only (section 3): any signed-in user reads final_matches. */
function finalMatch(eventId: string, result: PresenterResult): FinalMatchDocument {
  return {
    event_id: eventId,
    presenter_id: result.presenter_id,
    presenter_details: result.presenter_details,
    matched_providers: result.matched_providers.map(({ provider_id, provider_details }) => ({ provider_id, provider_details })),
  };
}

/**
 * Why each provider matched (how they rated the presenter): admins only read match_reasons. Fair
 * scores and excluded conflicts are recorded only when there are some, so a run without them
 * writes the same reasons as before the settings existed.
 */
function matchReasonsOf(eventId: string, result: PresenterResult, fairScores: boolean): MatchReasonsDocument {
  return {
    event_id: eventId,
    presenter_id: result.presenter_id,
    fallback: result.fallback,
    providers: result.matched_providers.map(({ provider_id, score, questions_answered, reasons }) => ({
      provider_id,
      score,
      questions_answered,
      reasons,
    })),
    ...(fairScores ? { fair_scores: true } : {}),
    ...(result.excluded_conflicts.length > 0 ? { excluded_conflicts: result.excluded_conflicts } : {}),
  };
}

/**
 * The presenter ids of the event's rounds, in round order, without the queue's special entries
 * ('session results', 'announcement': the spec's section 2), which are not presenters to match; a
 * malformed `rounds` fails the run.
 */
function presenterIdsOf(rounds: unknown): string[] {
  if (!isRecord(rounds)) throw new Error('The event has no rounds to match.');
  for (const [key, entries] of Object.entries(rounds)) {
    const valid = Array.isArray(entries) && entries.every((entry) => isRecord(entry) && text(entry.presenter_id) !== '');
    if (!valid) throw new Error(`The event's ${key} is not a list of presenters.`);
  }
  return orderedRounds(rounds as Rounds).flatMap((round) =>
    round.entries
      .filter((entry) => entryKind({ first_name: text(entry.first_name), last_name: text(entry.last_name) }) === 'presenter')
      .map((entry) => entry.presenter_id),
  );
}

/** The event's own setting, or the default when it sets none; anything but a number fails the run. */
function eventSetting(event: DocumentData, field: 'min_match_score' | 'max_matches_per_presenter', fallback: number): number {
  const value: unknown = event[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`The event's ${field} is not a number.`);
  return value;
}

/** The event's own on/off setting, or the default when it sets none; anything but a boolean fails the run. */
function eventSwitch(
  event: DocumentData,
  field: 'fair_scores' | 'exclude_conflicts' | 'share_feedback',
  fallback: boolean,
): boolean {
  const value: unknown = event[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw new Error(`The event's ${field} is not true or false.`);
  return value;
}

/** The questionnaire as stored, those of an unknown type left out. */
function knownQuestions(docs: QueryDocumentSnapshot[]): FeedbackQuestion[] {
  return docs.flatMap((doc) => {
    const type = parseQuestionType(doc.get('type'));
    if (type === null) return [];
    const number: unknown = doc.get('question_number');
    return [
      { question_id: doc.id, question_number: typeof number === 'number' ? number : 0, type, title: text(doc.get('title')) },
    ];
  });
}

/** One stored answer as matching reads it; null when its type is unknown. */
function matchResponse(data: DocumentData): MatchResponse | null {
  const type = parseQuestionType(data.type);
  if (type === null) return null;
  return {
    provider_id: text(data.provider_id),
    presenter_id: text(data.presenter_id),
    question_id: text(data.question_id),
    event_id: text(data.event_id),
    type,
    rating: typeof data.rating === 'number' ? data.rating : null,
    // No time (hand-made data): the core counts it as the latest answer.
    answeredAt: millis(data.updated_at) ?? Number.POSITIVE_INFINITY,
  };
}

/** The documents of `collection` with these ids that exist, by id. */
async function readByIds(firestore: Firestore, collection: string, ids: string[]): Promise<Map<string, DocumentData>> {
  const found = new Map<string, DocumentData>();
  for (let start = 0; start < ids.length; start += MAX_IDS_PER_READ) {
    const [first, ...rest] = ids.slice(start, start + MAX_IDS_PER_READ).map((id) => firestore.collection(collection).doc(id));
    if (!first) break;
    for (const snapshot of await firestore.getAll(first, ...rest)) {
      const data = snapshot.data();
      if (data) found.set(snapshot.id, data);
    }
  }
  return found;
}

function mapValues<T>(documents: Map<string, DocumentData>, map: (data: DocumentData) => T): Record<string, T> {
  return Object.fromEntries([...documents].map(([id, data]) => [id, map(data)]));
}
