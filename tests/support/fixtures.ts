// The people and documents the suites share, one fixture per kind: the test provider, Grace Hopper
// (as the form collects her profile and as the browser keeps it), and the rules suites' provider,
// Alice Ng; the test presenter, Ada Okafor (as the admin's presenter form saves her and as
// presenters/{id} stores her); Nia Addo's invited signup; an event, a question, an answer and a
// final match as stored; an event as the app reads it; and a 1×1 PNG for logo uploads. Times are the SDK's own values, so the
// documents that need one leave it to the suite.

import { DEFAULT_MEETING_SETTINGS } from '../../domain/meetingSettings';
import type { PresenterDocument } from '../../domain/documents';
import type { QuestionType } from '../../domain/questionTypes';
import type { Event } from '../../src/types/event';
import type { PresenterFields } from '../../src/types/presenter';
import type { Provider, ProviderProfile } from '../../src/types/provider';

export const graceProfile: ProviderProfile = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  company: 'Navy Labs',
  phone: '',
  terms_accepted: true,
};

/** Grace's profile as the browser stores it, under the given uid. */
export const storedGrace = (userId: string): Provider => ({ user_id: userId, ...graceProfile });

/** Ada's presenter fields, every one filled, as the admin's presenter form saves them. */
export const adaFields: PresenterFields = {
  first_name: 'Ada',
  last_name: 'Okafor',
  email: 'ada@startup.example',
  company: 'PulseLoop',
  phone: '(555) 010-0001',
  website: 'https://pulseloop.example',
  profile_url: 'https://cdn.example.com/ada.jpg',
  linkedin_url: 'https://www.linkedin.com/in/ada',
  favourites: ['q1'],
};

/**
 * A presenters/{id} document as stored: Ada's fields, verified, Up Next, terms accepted, with
 * `fields` in place of any of them.
 */
export const storedPresenter = (fields: Partial<PresenterDocument> = {}): PresenterDocument => ({
  ...adaFields,
  verified: true,
  status: 'Up Next',
  terms_accepted: true,
  ...fields,
});

/** Each of a presenter's contact fields one past its longest allowed (the spec's section 5), one at a time. */
export const overLongContactFields: Record<string, unknown>[] = [
  { first_name: 'f'.repeat(101) },
  { last_name: 'l'.repeat(101) },
  { company: 'c'.repeat(201) },
  { phone: '1'.repeat(21) },
  { website: 'w'.repeat(2049) },
  { profile_url: 'p'.repeat(2049) },
  { linkedin_url: 'k'.repeat(2049) },
];

/** Each of the presenter fields the admin's form saves one past its longest allowed, one at a time. */
export const overLongPresenterFields: Record<string, unknown>[] = [
  ...overLongContactFields,
  { favourites: Array.from({ length: 51 }, (_, index) => `q${index}`) },
  { invite_id: 'i'.repeat(201) },
];

/** Ada, and Lin Chen, in an event's round. */
export const adaEntry = { presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' };
export const linEntry = { presenter_id: 'p-lin', first_name: 'Lin', last_name: 'Chen' };

/** Nia's fields as she types them into the signup form (the first name with stray spaces). */
export const niaSignupFields = {
  first_name: ' Nia ',
  last_name: 'Addo',
  email: 'nia@example.com',
  company: 'CardioNest',
  phone: '(555) 010-0042',
  website: 'https://cardionest.example.com',
};

/** presenters/{uid} as Nia's signup through the invite `inviteId` stores it: unverified and Up Next. */
export const storedNiaSignup = (inviteId: string) => ({
  ...niaSignupFields,
  first_name: 'Nia',
  profile_url: '',
  linkedin_url: '',
  favourites: [],
  verified: false,
  status: 'Up Next',
  terms_accepted: true,
  invite_id: inviteId,
});

/** Alice Ng's profile, as the profile form saves it to providers/{uid}: the rules suites' provider. */
export const aliceProfile = (changes: Record<string, unknown> = {}) => ({
  first_name: 'Alice',
  last_name: 'Ng',
  email: 'alice@example.com',
  company: 'Acme Health',
  phone: '(555) 123-4567',
  terms_accepted: true,
  ...changes,
});

/** questions/{id} as the admin's question form stores question `number`. */
export const storedQuestion = (number: number, type: QuestionType = 'stars') => ({
  question_number: number,
  type,
  title: `Question ${number}`,
  questions: `Question ${number}?`,
  question: `Question ${number}`,
});

/** An open event with Ada live in its one round, and no server reaction running. */
export const liveEvent = (changes: Record<string, unknown> = {}) => ({
  title: 'Med-Tech',
  description: 'Pitches',
  location: 'Room 101',
  start_time: null,
  number_of_rounds: 1,
  rounds: { round_1: [adaEntry] },
  is_event_open: true,
  round_number: 1,
  presenter_index: 0,
  is_matching: false,
  is_emailing: false,
  ...changes,
});

/** An event as the app reads it: open, unscheduled, no rounds, in round 1 at its first presenter; titled by its id. */
export const appEvent = (id: string, changes: Partial<Event> = {}): Event => ({
  id,
  title: id,
  description: '',
  location: '',
  startTime: null,
  numberOfRounds: 1,
  rounds: {},
  isEventOpen: true,
  roundNumber: 1,
  presenterIndex: 0,
  isMatching: false,
  isEmailing: false,
  normalLogo: null,
  middleLogo: null,
  developers: [],
  isSliderOpen: false,
  minMatchScore: 4,
  maxMatchesPerPresenter: 5,
  pitchSeconds: 180,
  questionSeconds: 0,
  timer: null,
  pitchTimes: {},
  meetings: { ...DEFAULT_MEETING_SETTINGS, places: [...DEFAULT_MEETING_SETTINGS.places] },
  ...changes,
});

/**
 * An event's stored progress and settings once run to the end (its rounds and run records left to
 * the suite): two rounds, open, in round 2 past its last presenter, matched and mailed, the
 * matching's settings off their defaults, a developer named.
 */
export const eventRunToTheEnd = {
  number_of_rounds: 2,
  is_event_open: true,
  round_number: 2,
  presenter_index: 1,
  is_matching: true,
  is_emailing: true,
  is_slider_open: true,
  min_match_score: 3.5,
  max_matches_per_presenter: 7,
  fair_scores: true,
  exclude_conflicts: false,
  developers: [{ name: 'Dev One', linkedin_url: 'https://www.linkedin.com/in/dev-one' }],
};

/** The id the rating screen gives a provider's answer: provider, event, presenter and question. */
export const answerId = (provider: string, question = 'q1', presenter = 'p-ada', event = 'ev1') =>
  `${provider}_${event}_${presenter}_${question}`;

/** A provider's 4 stars for Ada's question q1 at event ev1, as the rating screen saves it, less its time. */
export const starsAnswer = (provider: string, changes: Record<string, unknown> = {}) => ({
  event_id: 'ev1',
  presenter_id: 'p-ada',
  question_id: 'q1',
  provider_id: provider,
  type: 'stars',
  rating: 4,
  comment: null,
  response: null,
  ...changes,
});

/** Bob Lee, the rules suites' other provider, as a final match names him. */
export const bobMatched = {
  provider_id: 'bob-uid',
  provider_details: { first_name: 'Bob', last_name: 'Lee', email: 'bob@example.com', company: 'MedBridge' },
};

/** final_matches/{id}: Ada at event `eventId`, matched with one provider (Bob unless told). */
export const adaFinalMatch = (eventId = 'ev1', matched: Record<string, unknown> = bobMatched) => ({
  event_id: eventId,
  presenter_id: 'p-ada',
  presenter_details: { first_name: 'Ada', last_name: 'Okafor', email: 'ada@example.com', company: 'PulseLoop' },
  matched_providers: [matched],
});

/**
 * One provider's part of a match_reasons document: the score, how many questions counted, and the
 * star ratings (question id, title, rating) that made the match.
 */
export const providerReasons = (
  providerId: string,
  score: number,
  questionsAnswered: number,
  ratings: [questionId: string, title: string, rating: number][],
) => ({
  provider_id: providerId,
  score,
  questions_answered: questionsAnswered,
  reasons: ratings.map(([questionId, title, rating]) => ({ question_id: questionId, title, rating })),
});

/** match_reasons/{id} as the matching reaction writes it: why each provider matched the presenter. */
export const storedMatchReasons = (
  eventId: string,
  presenterId: string,
  providers: ReturnType<typeof providerReasons>[],
  fallback = false,
) => ({ event_id: eventId, presenter_id: presenterId, fallback, providers });

/** The fallback's reasons: nobody matched, so the innovation office did, with no score. */
export const officeReasons = providerReasons('innovation-office', 0, 0, []);

/**
 * events/ev1/feedback/{presenterId} as the matching reaction writes it (domain/feedback.ts): Market
 * access shared (3 ratings, mean 13/3, one comment), Team with too few raters to share.
 */
export const storedFeedback = (presenterId: string, changes: Record<string, unknown> = {}) => ({
  event_id: 'ev1',
  presenter_id: presenterId,
  event_title: 'Med-Tech Pitch Session',
  presenter_name: 'Ada Okafor',
  questions: [
    {
      question_id: 'q1',
      title: 'Market access',
      type: 'stars',
      shared: true,
      count: 3,
      mean: 13 / 3,
      distribution: [0, 0, 0, 2, 1],
      comments: ['Clear ask.'],
    },
    { question_id: 'q2', title: 'Team', type: 'stars', shared: false },
  ],
  ...changes,
});

/** A 1×1 transparent PNG. */
export const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
