// The stored documents, field for field as Firestore holds them (the spec's section 3 and
// DECISIONS.md's additions): the schema the app, the rules and the server reactions share.
// `Time` is how a Firestore Timestamp reads on each side (a Date in the app after its
// converters, the Admin SDK's Timestamp in the functions); the domain never needs to know.

import type { PRESENTER_STATUSES } from './constants.js';
import type { InviteMailStatus } from './inviteMail.js';
import type { StoredMeetingSettings } from './meetingSettings.js';
import type { QuestionType } from './questionTypes.js';

export type { QuestionType } from './questionTypes.js';

/** A key of the event's `rounds` map: round_1, round_2, … */
export type RoundKey = `round_${number}`;

/** One entry of a round: who presents, in order. Ids and names only (no contact details). */
export interface PresenterEntry {
  presenter_id: string;
  first_name: string;
  last_name: string;
}

export type Rounds = Record<RoundKey, PresenterEntry[]>;

export interface StoredDeveloper {
  name: string;
  linkedin_url: string;
}

/** events/{eventId} */
export interface EventDocument<Time = unknown> {
  title: string;
  description: string;
  location: string;
  start_time: Time | null;
  /** 1, 2 or 3. */
  number_of_rounds: number;
  rounds: Rounds;
  is_event_open: boolean;
  /** The current round, from 1. */
  round_number: number;
  /** The live presenter's index in the current round; -1 when none is live. */
  presenter_index: number;
  is_matching: boolean;
  is_emailing: boolean;
  normalLogo: string | null;
  middleLogo: string | null;
  developers: StoredDeveloper[];
  is_slider_open: boolean;
  /** Matching setting (DECISIONS.md): the least mean star rating that makes a match. */
  min_match_score: number;
  /** Matching setting (DECISIONS.md): the most providers matched to one presenter. */
  max_matches_per_presenter: number;
  /**
   * Matching setting ('Correct for lenient and harsh raters'): score on each provider's
   * ratings standardised against their own (domain/insights.ts). Absent: false.
   */
  fair_scores?: boolean;
  /**
   * Matching setting ('Exclude conflicts of interest from matching'): never match a
   * provider with a presenter of the same company or e-mail domain. Absent: true.
   */
  exclude_conflicts?: boolean;
  /**
   * 'Share feedback with presenters': matching writes each presenter their ratings and
   * comments without authors (domain/feedback.ts). Absent: false.
   */
  share_feedback?: boolean;
  /** The pitch timer's length of a pitch in seconds (domain/pitchTimer.ts). Absent: 180, the spec's 3 minutes. */
  pitch_seconds?: number;
  /** Question time after each pitch, in seconds. Absent: none (0). */
  question_seconds?: number;
  /** Meetings after matching (domain/meetingSettings.ts). Absent: off, with the defaults. */
  meetings?: StoredMeetingSettings<Time>;
  /** The live presenter's clock; null or absent when nobody with a clock is live. */
  timer?: StoredTimer<Time> | null;
  /** What the clock saw of each presenter who has been live, by presenter id. */
  pitch_times?: Record<string, StoredPitchRecord<Time>>;
  /** Where the matching reaction stands (DECISIONS.md); written by the server only, absent until it first runs. */
  matching_status?: ReactionStatus<Time>;
  /** Where the e-mailing reaction stands (DECISIONS.md); written by the server only, absent until it first runs. */
  emailing_status?: ReactionStatus<Time>;
}

/** A server reaction's progress, as the admin console shows it. */
export interface ReactionStatus<Time = unknown> {
  state: 'running' | 'done' | 'failed';
  /** When it entered this state. */
  at: Time;
  /** What it produced, when done (for example presenters matched, e-mails sent). */
  counts?: Record<string, number>;
  /** Why it failed, when it did. */
  reason?: string;
}

/** providers/{uid}: the document id is the provider's anonymous Auth uid. */
export interface ProviderDocument {
  first_name: string;
  last_name: string;
  email: string;
  company: string;
  /** '(###) ###-####', or '' when not given. */
  phone: string;
  terms_accepted: boolean;
}

export type PresenterStatus = (typeof PRESENTER_STATUSES)[number];

/** presenters/{presenterId} */
export interface PresenterDocument {
  first_name: string;
  last_name: string;
  email: string;
  company: string;
  phone: string;
  website: string;
  /** Photo URL. */
  profile_url: string;
  linkedin_url: string;
  /** Question ids the presenter cares most about (matching scores on these). */
  favourites: string[];
  verified: boolean;
  status: PresenterStatus;
  terms_accepted: boolean;
  /** The invite the presenter signed up through, when they did. */
  invite_id?: string;
}

/**
 * questions/{questionId}. The field names are the spec's (section 3) and stay as stored, though
 * two read alike: `questions` is the prompt the provider reads under the title, and `question` is the
 * question's short name (the demo data's equals its title), which the spec keeps and no screen shows.
 */
export interface QuestionDocument {
  question_number: number;
  /** One of the one list's types (domain/questionTypes.ts). */
  type: QuestionType;
  title: string;
  /** The prompt: the text under the title that asks the question (the spec's name, plural). */
  questions: string;
  /** The short name, kept as the spec has it; not shown. */
  question: string;
}

/** responses/{provider_id}_{event_id}_{presenter_id}_{question_id}: one answer per question. */
export interface ResponseDocument<Time = unknown> {
  event_id: string;
  question_id: string;
  presenter_id: string;
  provider_id: string;
  /** The question's type: what the answer carries (domain/questionTypes.ts's AnswerKind). */
  type: QuestionType;
  /** A 'rating' answer's whole number 1-5 (the field is named for the value, not the 'rating' type), or null. */
  rating: number | null;
  /** A 'rating' answer's comment, at most 1000 characters, or null. */
  comment: string | null;
  /** A 'written' answer's text, at most 1000 characters, or null (the spec's name: the written response). */
  response: string | null;
  /** The server's time of the last change. */
  updated_at: Time;
}

/** invites/{inviteId}: the id is an unguessable auto-id. */
export interface InviteDocument<Time = unknown> {
  email: string;
  /** The admin who created it, and when. */
  created_by: string;
  created_at: Time;
  /** The absolute signup link (the app's origin + /signup?c={id}), as the e-mail carries it. */
  signup_url: string;
  /** Set by the admin's 'Send invite' or 'Retry': each new value is a new request. */
  mail_requested_at?: Time;
  /** Written by the server only: how the last request went. */
  mail_status?: InviteMailStatus<Time>;
}

export interface PresenterDetails {
  first_name: string;
  last_name: string;
  email: string;
  company: string;
  linkedin_url: string | null;
  profile_url: string | null;
}

export interface ProviderDetails {
  first_name: string;
  last_name: string;
  email: string;
  company: string;
}

/** One question that made a match (domain/matching.ts): the provider's star rating on it. */
export interface MatchReason {
  question_id: string;
  /** The question's title when matching ran, so the reason reads without the question document. */
  title: string;
  rating: number;
}

/** One provider of a final match: the spec's section 3 fields only (why they matched is in match_reasons). */
export interface MatchedProvider {
  provider_id: string;
  provider_details: ProviderDetails;
}

/** final_matches/{id}: one presenter of one event and the providers matched with them. */
export interface FinalMatchDocument {
  event_id: string;
  presenter_id: string;
  presenter_details: PresenterDetails;
  matched_providers: MatchedProvider[];
}

/** Why one provider matched one presenter (domain/matching.ts's ScoredMatch without the details). */
export interface ProviderMatchReasons {
  provider_id: string;
  /** The mean star rating that made the match (0 for the innovation office's fallback). */
  score: number;
  /** How many of the questions that count the provider answered. */
  questions_answered: number;
  /** The questions that counted, highest rating first (empty for the fallback). */
  reasons: MatchReason[];
}

/** Why a provider and a presenter conflict (domain/insights.ts): the same company comes first when both hold. */
export type ConflictReason = 'same company' | 'same e-mail domain';

/** A provider who reached the minimum score but was not matched, because of a conflict of interest. */
export interface ExcludedConflict {
  provider_id: string;
  /** The provider's first and last name, so the reason reads without the provider document. */
  name: string;
  reason: ConflictReason;
}

/**
 * match_reasons/{id}, the same id as the final match: why each of its providers matched. It tells
 * how each provider rated the presenter, and responses are private to their provider and admins
 * (DECISIONS.md, "Identity and access"), so only admins read it, unlike final_matches.
 */
export interface MatchReasonsDocument {
  event_id: string;
  presenter_id: string;
  /** True when nobody reached the minimum score: the one provider is the innovation office's contact. */
  fallback: boolean;
  /** In the final match's order. */
  providers: ProviderMatchReasons[];
  /** True when the scores are fair scores (the event's `fair_scores`); absent otherwise. */
  fair_scores?: boolean;
  /** Providers left out because of a conflict of interest, best score first; absent when none. */
  excluded_conflicts?: ExcludedConflict[];
}

/**
 * events/{eventId}.timer: the live presenter's clock (the pitch timer, domain/pitchTimer.ts). Completed pauses are folded into paused_ms
 * at the next pause, from timestamps the server wrote, so no client's clock enters a figure.
 */
export interface StoredTimer<Time = unknown> {
  presenter_id: string;
  /** When the presenter went live (or the clock was restarted). */
  started_at: Time;
  /** The length of the pauses before the one paused_at / resumed_at describe, in ms. */
  paused_ms: number;
  /** When the latest pause began; null when there was none. */
  paused_at: Time | null;
  /** When the latest pause ended; null while it lasts (or when there was none). */
  resumed_at: Time | null;
}

/** events/{eventId}.pitch_times.{presenterId}: what the clock saw of one presenter. */
export interface StoredPitchRecord<Time = unknown> {
  started_at: Time;
  /** When they stopped being live (the pause's start when they left while paused). */
  ended_at: Time;
  /** Pauses within, in ms. */
  paused_ms: number;
  /** The event's pitch and question time then, so later edits do not rewrite history. */
  pitch_seconds: number;
  question_seconds: number;
}
