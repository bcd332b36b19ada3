// The event document's stored fields (snake_case, Timestamps) read as the app's Event: shared by
// the full Firestore SDK's readers (src/db/events.ts and the admin modules) and the first read of
// the queue through Firestore Lite (src/db/sharedEvent.ts), so it imports no SDK.

import {
  DEFAULT_EXCLUDE_CONFLICTS,
  DEFAULT_FAIR_SCORES,
  DEFAULT_MAX_MATCHES_PER_PRESENTER,
  DEFAULT_MIN_MATCH_SCORE,
  DEFAULT_SHARE_FEEDBACK,
  INITIAL_ROUND_NUMBER,
  NO_PRESENTER_INDEX,
} from '../../domain/constants';
import type { ReactionStatus } from '../../domain/documents';
import { meetingSettingsFrom } from '../../domain/meetingSettings';
import type { Developer, Event, PresenterEntry, RoundKey } from '../types/event';
import { toArray, toBoolean, toDate, toNumberOr, toRecord, toStringOr, toStringOrNull } from './converters';
import { timerFromData } from './timerData';

function toEntry(value: unknown): PresenterEntry | null {
  const entry = toRecord(value);
  const id = toStringOr(entry.presenter_id, '');
  if (id === '') return null;
  return { presenter_id: id, first_name: toStringOr(entry.first_name, ''), last_name: toStringOr(entry.last_name, '') };
}

function toRounds(value: unknown): Record<RoundKey, PresenterEntry[]> {
  const rounds: Record<RoundKey, PresenterEntry[]> = {};
  for (const [key, list] of Object.entries(toRecord(value))) {
    if (!/^round_\d+$/.test(key)) continue;
    rounds[key as RoundKey] = toArray(list)
      .map(toEntry)
      .filter((entry): entry is PresenterEntry => entry !== null);
  }
  return rounds;
}

function toDeveloper(value: unknown): Developer {
  const developer = toRecord(value);
  return { name: toStringOr(developer.name, ''), linkedinUrl: toStringOr(developer.linkedin_url, '') };
}

/** `{ [key]: value }`, or nothing when the value is absent (optional fields stay absent, not undefined). */
function optional<Key extends string, Value>(key: Key, value: Value | undefined): Partial<Record<Key, Value>> {
  return value === undefined ? {} : ({ [key]: value } as Record<Key, Value>);
}

function toReactionStatus(value: unknown): ReactionStatus<Date | null> | undefined {
  const status = toRecord(value);
  if (status.state !== 'running' && status.state !== 'done' && status.state !== 'failed') return undefined;
  const counts = Object.fromEntries(Object.entries(toRecord(status.counts)).filter(([, count]) => typeof count === 'number'));
  return {
    state: status.state,
    at: toDate(status.at),
    ...(Object.keys(counts).length > 0 ? { counts: counts as Record<string, number> } : {}),
    ...(typeof status.reason === 'string' ? { reason: status.reason } : {}),
  };
}

/** The event from its stored fields (snake_case, Timestamps) as the app sees it. */
export function eventFromData(id: string, data: Record<string, unknown>): Event {
  const rounds = toRounds(data.rounds);
  return {
    id,
    title: toStringOr(data.title, ''),
    description: toStringOr(data.description, ''),
    location: toStringOr(data.location, ''),
    startTime: toDate(data.start_time),
    numberOfRounds: toNumberOr(data.number_of_rounds, Math.max(1, Object.keys(rounds).length)),
    rounds,
    isEventOpen: toBoolean(data.is_event_open),
    roundNumber: toNumberOr(data.round_number, INITIAL_ROUND_NUMBER),
    presenterIndex: toNumberOr(data.presenter_index, NO_PRESENTER_INDEX),
    isMatching: toBoolean(data.is_matching),
    isEmailing: toBoolean(data.is_emailing),
    normalLogo: toStringOrNull(data.normalLogo),
    middleLogo: toStringOrNull(data.middleLogo),
    developers: toArray(data.developers).map(toDeveloper),
    isSliderOpen: toBoolean(data.is_slider_open),
    minMatchScore: toNumberOr(data.min_match_score, DEFAULT_MIN_MATCH_SCORE),
    maxMatchesPerPresenter: toNumberOr(data.max_matches_per_presenter, DEFAULT_MAX_MATCHES_PER_PRESENTER),
    // Events saved before these settings existed have neither: the defaults.
    fairScores: typeof data.fair_scores === 'boolean' ? data.fair_scores : DEFAULT_FAIR_SCORES,
    excludeConflicts: typeof data.exclude_conflicts === 'boolean' ? data.exclude_conflicts : DEFAULT_EXCLUDE_CONFLICTS,
    // Events saved before 'Share feedback with presenters' existed share nothing.
    shareFeedback: typeof data.share_feedback === 'boolean' ? data.share_feedback : DEFAULT_SHARE_FEEDBACK,
    ...optional('matchingStatus', toReactionStatus(data.matching_status)),
    ...optional('emailingStatus', toReactionStatus(data.emailing_status)),
    ...timerFromData(data),
    meetings: meetingSettingsFrom(data.meetings, toDate),
  };
}
