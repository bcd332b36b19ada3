// The event as the app sees it: the stored events/{eventId} document with its id, Timestamps as
// Dates and camelCase names. The queue entries keep the stored names (they are the event's own
// lists, written back as they are).

/** A key of the event's `rounds` map: round_1, round_2, … */
export type RoundKey = `round_${number}`;

/** One entry of a round: who presents, in order. Ids and names only (no contact details). */
export interface PresenterEntry {
  presenter_id: string;
  first_name: string;
  last_name: string;
}

export interface Developer {
  name: string;
  linkedinUrl: string;
}

export interface Event {
  id: string;
  title: string;
  description: string;
  location: string;
  startTime: Date | null;
  /** 1, 2 or 3. */
  numberOfRounds: number;
  rounds: Record<RoundKey, PresenterEntry[]>;
  isEventOpen: boolean;
  /** The current round, from 1. */
  roundNumber: number;
  /** The live presenter's index in the current round; -1 when none is live. */
  presenterIndex: number;
  isMatching: boolean;
  isEmailing: boolean;
  normalLogo: string | null;
  middleLogo: string | null;
  developers: Developer[];
  isSliderOpen: boolean;
  /** Matching setting: the least mean star rating that makes a match (default 4 of 5). */
  minMatchScore: number;
  /** Matching setting: the most providers matched to one presenter (default 5). */
  maxMatchesPerPresenter: number;
}
