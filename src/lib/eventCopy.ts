// 'Duplicate event': what the copy of an event for the next session of a
// series keeps and what it starts afresh. It keeps the settings, the logos and the rounds'
// presenters; it starts closed at round 1 with nobody live, with no matching or e-mailing under
// way or done, and its title and start time say it is the next session.

import { INITIAL_ROUND_NUMBER, NO_PRESENTER_INDEX } from '../../domain/constants';

/** The copy's title: 'Copy of {title}', cut to the 200 characters firestore.rules allow. */
export function copyTitle(title: string): string {
  return `Copy of ${title}`.slice(0, 200);
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The copy's start time: the same weekday and time of day as the original, on the first week
 * after it that is still ahead of `now` (a weekly series' next session; the admin edits it for
 * any other rhythm). Null stays null. Counted in the organiser's own calendar, so a change to or
 * from summer time keeps the time of day.
 */
export function nextSessionStart(start: Date | null, now: Date): Date | null {
  if (!start) return null;
  const weeks = Math.max(1, Math.floor((now.getTime() - start.getTime()) / WEEK_MS));
  for (let week = weeks; ; week++) {
    const next = new Date(start);
    next.setDate(start.getDate() + 7 * week);
    if (next.getTime() > now.getTime()) return next;
  }
}

/**
 * The copy's first meeting: as far after (or before) the copy's start as the original's was after
 * the original's. Kept as it is when either start is unknown.
 */
export function shiftedMeetingStart(meetingStart: Date | null, originalStart: Date | null, copyStart: Date | null): Date | null {
  if (!meetingStart || !originalStart || !copyStart) return meetingStart;
  return new Date(meetingStart.getTime() + (copyStart.getTime() - originalStart.getTime()));
}

/**
 * The fields of the event's stored document that belong to one session only: its progress
 * (open, round, live presenter), its matching and e-mailing (flags and the server's status), the
 * room's slider, and what the pitch timer saw (the live clock and the recorded pitches). Every
 * other field is a setting and is copied as it is (the pitch length, question time and meeting
 * settings too; the first meeting moves with the start, shiftedMeetingStart).
 */
const SESSION_FIELDS = [
  'is_event_open',
  'round_number',
  'presenter_index',
  'is_matching',
  'is_emailing',
  'is_slider_open',
  'matching_status',
  'emailing_status',
  'timer',
  'pitch_times',
] as const;

/** One entry of a stored round, as stored. */
type StoredEntry = Record<string, unknown>;

function copyRounds(rounds: unknown): Record<string, StoredEntry[]> {
  if (typeof rounds !== 'object' || rounds === null) return {};
  return Object.fromEntries(
    Object.entries(rounds).map(([key, entries]) => [
      key,
      Array.isArray(entries) ? entries.map((entry: StoredEntry) => ({ ...entry })) : [],
    ]),
  );
}

/**
 * The copy's stored document from the original's: the settings as they are, the rounds' entries
 * in their order, the given title, start time and logo URLs, and a fresh session (closed, round 1,
 * nobody live, no matching or e-mails).
 */
export function copiedEventData<Time>(
  original: Record<string, unknown>,
  copy: {
    title: string;
    startTime: Time | null;
    normalLogo: string | null;
    middleLogo: string | null;
    /** The first meeting's start in the copy (shiftedMeetingStart). */
    meetingStartTime: Time | null;
  },
): Record<string, unknown> {
  const settings = Object.fromEntries(
    Object.entries(original).filter(([key]) => !(SESSION_FIELDS as readonly string[]).includes(key)),
  );
  return {
    ...settings,
    rounds: copyRounds(original.rounds),
    title: copy.title,
    start_time: copy.startTime,
    normalLogo: copy.normalLogo,
    middleLogo: copy.middleLogo,
    is_event_open: false,
    round_number: INITIAL_ROUND_NUMBER,
    presenter_index: NO_PRESENTER_INDEX,
    is_matching: false,
    is_emailing: false,
    is_slider_open: false,
    ...(typeof original.meetings === 'object' && original.meetings !== null
      ? { meetings: { ...original.meetings, start_time: copy.meetingStartTime } }
      : {}),
  };
}
