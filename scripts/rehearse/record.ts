// What the rehearsal records as it runs, shared by the main thread, the provider threads and the
// phones: the answers each provider gave (the last one per question wins), when each provider saw
// each live-presenter change, and the errors any client met. Also the seeded random source, so a
// seed replays the same plan.

import type { QuestionType } from '../../domain/questionTypes';

/** One answer as a provider gave it (the fields saveResponses stores). */
export interface GivenAnswer {
  question_id: string;
  type: QuestionType;
  rating: number | null;
  comment: string | null;
  response: string | null;
}

/** One submit: a provider's answers about one presenter. */
export interface RatingRecord {
  providerId: string;
  presenterId: string;
  eventId: string;
  answers: GivenAnswer[];
  /** When the answers were in the client's cache (ms since the epoch). */
  at: number;
  /** A later change of answers already given. */
  edit: boolean;
  /** Given while the provider's connection was cut. */
  offline: boolean;
  client: 'sdk' | 'phone';
}

/** A provider's view of the live presenter: which (round, index) it showed, and when. */
export interface Sighting {
  round: number;
  index: number;
  at: number;
}

/** The queue position the admin's press set: round_number and presenter_index. */
export interface LiveState {
  round: number;
  index: number;
}

export const stateKey = (state: LiveState): string => `${state.round}:${state.index}`;

/** The app's response id (src/db/responses.ts responseId), for the checks on what was stored. */
export const answerKey = (providerId: string, eventId: string, presenterId: string, questionId: string): string =>
  `${providerId}_${eventId}_${presenterId}_${questionId}`;

/** mulberry32: a small seeded generator, so a --seed replays the same answers, drops and delays. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const pick = <T>(random: () => number, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new RangeError('pick() from an empty list');
  return item;
};

/** A star rating leaning high, as an interested room rates: enough reach the match threshold. */
export function randomStars(random: () => number): number {
  const r = random();
  return r < 0.1 ? 1 : r < 0.2 ? 2 : r < 0.4 ? 3 : r < 0.7 ? 4 : 5;
}

export interface QuestionPlan {
  question_id: string;
  type: QuestionType;
  title: string;
}

/** Messages from a provider thread to the main thread. */
export type ThreadMessage =
  | { type: 'ready'; index: number; providerId: string; profile: ProviderProfileRecord; memoryRss: number }
  | { type: 'seen'; providerId: string; sighting: Sighting }
  | { type: 'rated'; record: RatingRecord }
  | { type: 'error'; providerId: string; message: string }
  | { type: 'signedUp'; email: string; presenterId: string }
  | {
      type: 'settled';
      providerId: string;
      pending: boolean;
      /** Synced only once its streams were restarted, as a browser's 'online' event restarts them. */
      restarted?: boolean;
      message?: string;
    }
  | { type: 'started'; ready: number; failed: number; memoryRss: number }
  | { type: 'done'; memoryRss: number };

/** Messages from the main thread to a provider thread. */
export type MainMessage =
  | { type: 'signup'; presenters: { inviteId: string; first_name: string; last_name: string; email: string; company: string }[] }
  | { type: 'settle'; timeoutMs: number }
  | { type: 'stop' };

/** The profile a provider saved (what matching reads of providers/{uid}). */
export interface ProviderProfileRecord {
  first_name: string;
  last_name: string;
  email: string;
  company: string;
}
