// An event's meeting settings (Create and Edit Event's Meetings section): whether the matches
// meet after the matching, when the first slot starts, how long a slot lasts, how many slots
// there are, the places (tables by number or name, or an online link) and the most meetings one
// person may have. Stored on the event as `meetings` (firestore.rules checks the same limits);
// read with the defaults filled in, so events saved before the section existed have meetings off.

/** The settings as the app and the server use them; `Time` is how a moment is held (Date, Timestamp, ms). */
export interface MeetingSettings<Time> {
  enabled: boolean;
  /** When the first slot starts; null until the admin chooses. */
  startTime: Time | null;
  slotMinutes: number;
  slots: number;
  /** The places in the order Schedule all hands them out. */
  places: string[];
  maxPerPerson: number;
}

/** The settings as stored on the event document. */
export interface StoredMeetingSettings<Time> {
  enabled: boolean;
  start_time: Time | null;
  slot_minutes: number;
  slots: number;
  places: string[];
  max_per_person: number;
}

/** What firestore.rules accept (the same numbers are written there). */
export const MEETING_LIMITS = {
  slotMinutes: { min: 5, max: 120 },
  slots: { min: 1, max: 48 },
  places: { max: 200, length: 200 },
  maxPerPerson: { min: 1 },
} as const;

/**
 * Ten-minute slots, six of them (an hour's networking break), six numbered tables and three
 * meetings each: a pitch night of a dozen presenters fits, and each presenter keeps a table.
 */
export const DEFAULT_MEETING_SETTINGS: MeetingSettings<never> = {
  enabled: false,
  startTime: null,
  slotMinutes: 10,
  slots: 6,
  places: ['Table 1', 'Table 2', 'Table 3', 'Table 4', 'Table 5', 'Table 6'],
  maxPerPerson: 3,
};

export function storedMeetingSettings<Time>(settings: MeetingSettings<Time>): StoredMeetingSettings<Time> {
  return {
    enabled: settings.enabled,
    start_time: settings.startTime,
    slot_minutes: settings.slotMinutes,
    slots: settings.slots,
    places: [...settings.places],
    max_per_person: settings.maxPerPerson,
  };
}

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/**
 * The settings from a stored `meetings` field, whatever it holds: a missing or damaged field
 * reads as the defaults with meetings off, a damaged part as that part's default.
 */
export function meetingSettingsFrom<Time>(stored: unknown, toTime: (value: unknown) => Time | null): MeetingSettings<Time> {
  if (typeof stored !== 'object' || stored === null)
    return { ...DEFAULT_MEETING_SETTINGS, places: [...DEFAULT_MEETING_SETTINGS.places] };
  const record = stored as Record<string, unknown>;
  const places = Array.isArray(record.places)
    ? record.places.filter((place): place is string => typeof place === 'string' && place !== '')
    : [];
  return {
    enabled: record.enabled === true,
    startTime: toTime(record.start_time),
    slotMinutes: isWhole(record.slot_minutes) ? record.slot_minutes : DEFAULT_MEETING_SETTINGS.slotMinutes,
    slots: isWhole(record.slots) ? record.slots : DEFAULT_MEETING_SETTINGS.slots,
    places: places.length > 0 ? places : [...DEFAULT_MEETING_SETTINGS.places],
    maxPerPerson: isWhole(record.max_per_person) ? record.max_per_person : DEFAULT_MEETING_SETTINGS.maxPerPerson,
  };
}

/** The form's text for each setting, as typed. */
export interface MeetingSettingsDraft<Time> {
  enabled: boolean;
  startTime: Time | null;
  slotMinutes: string;
  slots: string;
  /** One place per line. */
  places: string;
  maxPerPerson: string;
}

export function meetingSettingsDraft<Time>(settings: MeetingSettings<Time>): MeetingSettingsDraft<Time> {
  return {
    enabled: settings.enabled,
    startTime: settings.startTime,
    slotMinutes: String(settings.slotMinutes),
    slots: String(settings.slots),
    places: settings.places.join('\n'),
    maxPerPerson: String(settings.maxPerPerson),
  };
}

export const meetingSettingsMessages = {
  startTime: 'Choose when the first meeting starts.',
  slotMinutes: `A slot lasts ${MEETING_LIMITS.slotMinutes.min} to ${MEETING_LIMITS.slotMinutes.max} minutes, in whole minutes.`,
  slots: `Between ${MEETING_LIMITS.slots.min} and ${MEETING_LIMITS.slots.max} slots.`,
  places: `Name at least one place, one per line: at most ${MEETING_LIMITS.places.max}, each once and up to ${MEETING_LIMITS.places.length} characters.`,
  maxPerPerson: 'At least 1, and no more than the number of slots.',
} as const;

export type MeetingSettingsField = keyof typeof meetingSettingsMessages;

/** The places typed one per line: each line trimmed, blank lines left out. */
export function placesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A whole number typed as digits only (spaces around allowed), else null. */
function wholeNumberOf(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The settings the draft says, or the fields that are wrong. With meetings off nothing else is
 * checked and the rest is kept as typed where it is valid (so switching back on loses nothing).
 */
export function meetingSettingsOfDraft<Time>(
  draft: MeetingSettingsDraft<Time>,
  isValidTime: (time: Time) => boolean,
): { settings: MeetingSettings<Time> } | { problems: Partial<Record<MeetingSettingsField, string>> } {
  const slotMinutes = wholeNumberOf(draft.slotMinutes);
  const slots = wholeNumberOf(draft.slots);
  const maxPerPerson = wholeNumberOf(draft.maxPerPerson);
  const places = placesOf(draft.places);
  const problems: Partial<Record<MeetingSettingsField, string>> = {};
  if (draft.startTime === null || !isValidTime(draft.startTime)) problems.startTime = meetingSettingsMessages.startTime;
  if (slotMinutes === null || slotMinutes < MEETING_LIMITS.slotMinutes.min || slotMinutes > MEETING_LIMITS.slotMinutes.max) {
    problems.slotMinutes = meetingSettingsMessages.slotMinutes;
  }
  if (slots === null || slots < MEETING_LIMITS.slots.min || slots > MEETING_LIMITS.slots.max)
    problems.slots = meetingSettingsMessages.slots;
  if (
    places.length === 0 ||
    places.length > MEETING_LIMITS.places.max ||
    new Set(places).size !== places.length ||
    places.some((place) => place.length > MEETING_LIMITS.places.length)
  ) {
    problems.places = meetingSettingsMessages.places;
  }
  if (
    maxPerPerson === null ||
    maxPerPerson < MEETING_LIMITS.maxPerPerson.min ||
    (slots !== null && !problems.slots && maxPerPerson > slots)
  ) {
    problems.maxPerPerson = meetingSettingsMessages.maxPerPerson;
  }
  if (!draft.enabled) {
    const keptSlots = problems.slots || slots === null ? DEFAULT_MEETING_SETTINGS.slots : slots;
    const keptMax =
      problems.maxPerPerson || maxPerPerson === null || maxPerPerson > keptSlots
        ? Math.min(DEFAULT_MEETING_SETTINGS.maxPerPerson, keptSlots)
        : maxPerPerson;
    return {
      settings: {
        enabled: false,
        startTime: problems.startTime ? null : draft.startTime,
        slotMinutes: problems.slotMinutes || slotMinutes === null ? DEFAULT_MEETING_SETTINGS.slotMinutes : slotMinutes,
        slots: keptSlots,
        places: problems.places ? [...DEFAULT_MEETING_SETTINGS.places] : places,
        maxPerPerson: keptMax,
      },
    };
  }
  if (Object.keys(problems).length > 0 || slotMinutes === null || slots === null || maxPerPerson === null) return { problems };
  return { settings: { enabled: true, startTime: draft.startTime, slotMinutes, slots, places, maxPerPerson } };
}
