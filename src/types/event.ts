// The event as the app sees it: the stored events/{eventId} document (domain/documents.ts) with
// its id, Timestamps as Dates and camelCase names. The queue entries keep the stored names (they
// are the event's own lists, written back as they are).

import type { EventDocument, ReactionStatus, StoredDeveloper } from '../../domain/documents';
import type { MeetingSettings } from '../../domain/meetingSettings';
import type { PitchTimes, Timer } from '../../domain/pitchTimer';
import type { RunningOrder } from '../../domain/rounds';

export type { PresenterEntry, RoundKey, Rounds } from '../../domain/documents';

/** snake_case → camelCase, one name at a time: `is_event_open` → `isEventOpen`. */
type Camel<Name extends string> = Name extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : Name;

type Camelized<T> = { [Key in keyof T as Key extends string ? Camel<Key> : Key]: T[Key] };

export type Developer = Camelized<StoredDeveloper>;

export interface Event
  extends
    RunningOrder,
    Omit<
      Camelized<EventDocument<Date>>,
      | keyof RunningOrder
      | 'developers'
      | 'matchingStatus'
      | 'emailingStatus'
      | 'pitchSeconds'
      | 'questionSeconds'
      | 'timer'
      | 'pitchTimes'
      | 'meetings'
    > {
  id: string;
  // fairScores and excludeConflicts stay optional as stored (older events lack them); the reader
  // (src/db/events.ts) fills in the defaults, DEFAULT_FAIR_SCORES and DEFAULT_EXCLUDE_CONFLICTS.
  developers: Developer[];
  /** Null `at`: the server's time is not known yet. */
  matchingStatus?: ReactionStatus<Date | null>;
  emailingStatus?: ReactionStatus<Date | null>;
  /** The pitch timer's settings, with the defaults filled in (domain/pitchTimer.ts). */
  pitchSeconds: number;
  questionSeconds: number;
  /** The live presenter's clock, its times in ms of the server's clock; null when none runs. */
  timer: Timer | null;
  /** What the clock saw of each presenter, by presenter id (times in ms of the server's clock). */
  pitchTimes: PitchTimes;
  /** Meetings after matching, with the defaults filled in (off for events saved before them). */
  meetings: MeetingSettings<Date>;
}
