// Meetings after matching: a time slot and a place for each pair of the final matches that meets
// (a presenter and one of their matched providers, never the fallback contact). Pure, so the
// server's Schedule all, the admin's grid and the tests schedule with the same code.
//
// Where the event's meeting settings leave it open, this module decides (and its tests pin down):
// - A presenter keeps one place for the session: the place of their earliest kept meeting, else
//   the first place nobody holds, in the order the settings list them, handed out as the
//   presenters' best pairs come up. A place is one presenter's for the session, so it never hosts
//   two meetings in one slot.
// - Pairs are taken highest score first, ties by presenter id and then provider id (code-unit
//   order), so the order the pairs arrive in never changes the schedule. A pair listed twice
//   counts once, at its higher score; a pair that already has a meeting gets no second one.
// - A pair is taken while both people are under the most meetings per person (and no more than
//   there are slots) and its presenter has a place. The pairs taken then get their slots one by
//   one, each the earliest slot both people have free, else the earliest after swapping two slots
//   along an alternating path of meetings (edge colouring of a bipartite graph): that finds a slot
//   for every pair taken, since nobody has more meetings than there are slots (König's theorem).
// - Kept meetings (requested and accepted, or placed before) never move: a swap that would move
//   one is not made, and a pair that then finds no slot both people have free is left out.

/** A pair of the final matches that may meet, with its match score (higher is placed first). */
export interface MeetingPair {
  presenterId: string;
  providerId: string;
  score: number;
}

/** A meeting with its slot (0 is the first) and place. */
export interface PlacedMeeting {
  presenterId: string;
  providerId: string;
  slot: number;
  place: string;
}

/** Why Schedule all left a pair out. */
export type UnplacedReason = 'presenter-limit' | 'provider-limit' | 'no-place' | 'no-common-slot';

export const unplacedMessages: Record<UnplacedReason, string> = {
  'presenter-limit': 'The presenter has as many meetings as one person may have.',
  'provider-limit': 'The provider has as many meetings as one person may have.',
  'no-place': 'Every place is already a presenter’s for the session.',
  'no-common-slot': 'The two have no free slot in common.',
};

export interface ScheduleInput {
  /** How many slots the session has. */
  slots: number;
  /** The places, in the order they are handed out (tables by number or name, or an online link). */
  places: readonly string[];
  /** The places already given to presenters for the session, by presenter id: theirs, and nobody else's. */
  given?: Readonly<Record<string, string>>;
  /** The most meetings one person may have. */
  maxPerPerson: number;
  pairs: readonly MeetingPair[];
  /** Meetings already booked (requested and accepted, or placed before): they stay as they are. */
  kept: readonly PlacedMeeting[];
}

export interface ScheduleResult {
  /** Every meeting, the kept ones and the new ones, by slot and then place. */
  meetings: PlacedMeeting[];
  /** The new ones only. */
  added: PlacedMeeting[];
  /** The pairs left out, best score first, each with the reason. */
  unplaced: { pair: MeetingPair; reason: UnplacedReason }[];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const pairKey = (presenterId: string, providerId: string) => `${presenterId}\u0000${providerId}`;
const bySlotThenPlace = (a: PlacedMeeting, b: PlacedMeeting) =>
  a.slot - b.slot || byText(a.place, b.place) || byText(a.presenterId, b.presenterId) || byText(a.providerId, b.providerId);

/** The pairs to consider: each once, at its best score, best first, ties by ids. */
function rankedPairs(pairs: readonly MeetingPair[]): MeetingPair[] {
  const best = new Map<string, MeetingPair>();
  for (const pair of pairs) {
    const key = pairKey(pair.presenterId, pair.providerId);
    const seen = best.get(key);
    if (!seen || pair.score > seen.score) best.set(key, pair);
  }
  return [...best.values()].sort(
    (a, b) => b.score - a.score || byText(a.presenterId, b.presenterId) || byText(a.providerId, b.providerId),
  );
}

interface Booking {
  presenter: string;
  provider: string;
  slot: number;
  kept: boolean;
}

/**
 * Who has which slot: for each person (presenters and providers apart, so one id may be both),
 * the booking in each of their taken slots.
 */
class SlotBook {
  private readonly taken = new Map<string, Map<number, Booking>>();

  constructor(private readonly slots: number) {}

  private of(person: string): Map<number, Booking> {
    let slots = this.taken.get(person);
    if (!slots) {
      slots = new Map();
      this.taken.set(person, slots);
    }
    return slots;
  }

  add(booking: Booking): void {
    this.of(`p:${booking.presenter}`).set(booking.slot, booking);
    this.of(`v:${booking.provider}`).set(booking.slot, booking);
  }

  private remove(booking: Booking): void {
    this.of(`p:${booking.presenter}`).delete(booking.slot);
    this.of(`v:${booking.provider}`).delete(booking.slot);
  }

  free(person: string): number[] {
    const taken = this.of(person);
    return Array.from({ length: this.slots }, (_, slot) => slot).filter((slot) => !taken.has(slot));
  }

  /**
   * The meetings along the path that starts at `person` with their meeting in slot `first`, then
   * goes on through the other person's meeting in slot `second`, and so on, alternating.
   */
  private alternatingPath(person: string, first: number, second: number): Booking[] {
    const path: Booking[] = [];
    let at = person;
    let slot = first;
    for (;;) {
      const booking = this.of(at).get(slot);
      if (!booking) return path;
      path.push(booking);
      at = at.startsWith('p:') ? `v:${booking.provider}` : `p:${booking.presenter}`;
      slot = slot === first ? second : first;
    }
  }

  /**
   * A slot for a new meeting of presenter `p` and provider `v`, both with at least one slot free:
   * the earliest both have free, else the earliest freed for both by swapping two slots along an
   * alternating path that moves no kept meeting; null when there is none.
   */
  slotFor(p: string, v: string): number | null {
    const presenterFree = this.free(p);
    const providerFree = this.free(v);
    const common = presenterFree.find((slot) => providerFree.includes(slot));
    if (common !== undefined) return common;
    for (const a of presenterFree) {
      for (const b of providerFree) {
        // `a` is free for the presenter and taken for the provider: swapping a and b along the
        // provider's a–b path frees `a` for them. In a bipartite graph the path never reaches
        // the presenter, so `a` stays free for them.
        const path = this.alternatingPath(v, a, b);
        if (path.some((booking) => booking.kept)) continue;
        for (const booking of path) this.remove(booking);
        for (const booking of path) {
          booking.slot = booking.slot === a ? b : a;
          this.add(booking);
        }
        return a;
      }
    }
    return null;
  }
}

/** Schedule all: a slot and a place for every pair that fits, the kept meetings as they are. */
export function scheduleMeetings(input: ScheduleInput): ScheduleResult {
  const slots = Math.max(0, Math.floor(input.slots));
  const cap = Math.max(0, Math.min(Math.floor(input.maxPerPerson), slots));
  const kept = [...input.kept].sort(bySlotThenPlace);

  const placeOf = new Map<string, string>();
  const held = new Set<string>();
  const count = new Map<string, number>();
  const met = new Set<string>();
  const book = new SlotBook(slots);
  const bump = (person: string) => count.set(person, (count.get(person) ?? 0) + 1);
  for (const [presenterId, place] of Object.entries(input.given ?? {})) {
    placeOf.set(presenterId, place);
    held.add(place);
  }
  for (const meeting of kept) {
    if (!placeOf.has(meeting.presenterId)) placeOf.set(meeting.presenterId, meeting.place);
    held.add(meeting.place);
    bump(`p:${meeting.presenterId}`);
    bump(`v:${meeting.providerId}`);
    met.add(pairKey(meeting.presenterId, meeting.providerId));
    book.add({ presenter: meeting.presenterId, provider: meeting.providerId, slot: meeting.slot, kept: true });
  }

  const unplaced: ScheduleResult['unplaced'] = [];
  const taken: { pair: MeetingPair; booking: Booking }[] = [];
  const freePlaces = input.places.filter((place, index) => !held.has(place) && input.places.indexOf(place) === index);
  for (const pair of rankedPairs(input.pairs)) {
    if (met.has(pairKey(pair.presenterId, pair.providerId))) continue;
    const presenter = `p:${pair.presenterId}`;
    const provider = `v:${pair.providerId}`;
    if ((count.get(presenter) ?? 0) >= cap) {
      unplaced.push({ pair, reason: 'presenter-limit' });
      continue;
    }
    if ((count.get(provider) ?? 0) >= cap) {
      unplaced.push({ pair, reason: 'provider-limit' });
      continue;
    }
    // A presenter new to a place has every slot free, so the slot below is found: no place is
    // handed out to a pair that is then left out.
    if (!placeOf.has(pair.presenterId)) {
      const place = freePlaces.shift();
      if (place === undefined) {
        unplaced.push({ pair, reason: 'no-place' });
        continue;
      }
      placeOf.set(pair.presenterId, place);
    }
    const slot = book.slotFor(presenter, provider);
    if (slot === null) {
      unplaced.push({ pair, reason: 'no-common-slot' });
      continue;
    }
    const booking: Booking = { presenter: pair.presenterId, provider: pair.providerId, slot, kept: false };
    book.add(booking);
    bump(presenter);
    bump(provider);
    taken.push({ pair, booking });
  }

  // Slots are read only now: a later pair's swap may have moved an earlier new meeting.
  const added = taken
    .map(({ pair, booking }): PlacedMeeting => ({
      presenterId: pair.presenterId,
      providerId: pair.providerId,
      slot: booking.slot,
      place: placeOf.get(pair.presenterId) ?? '',
    }))
    .sort(bySlotThenPlace);
  return { meetings: [...kept, ...added].sort(bySlotThenPlace), added, unplaced };
}

/** When a slot starts and ends (ms since the epoch), from the session's start and the slot length. */
export function slotWindow(startMs: number, slotMinutes: number, slot: number): { startMs: number; endMs: number } {
  const from = startMs + slot * slotMinutes * 60_000;
  return { startMs: from, endMs: from + slotMinutes * 60_000 };
}

// ---- the room display's meetings board ----

/** Where the public meetings board of an event lives: meeting_boards/{eventId}, written by the server. */
export const MEETING_BOARDS_COLLECTION = 'meeting_boards';

/** A confirmed meeting as the room display shows it: who meets whom, where (names and companies only). */
export interface BoardMeeting {
  slot: number;
  place: string;
  presenter: string;
  presenter_company: string;
  provider: string;
  provider_company: string;
}

/** meeting_boards/{eventId}: the event's confirmed meetings, by slot and then place. */
export interface MeetingBoardDocument {
  event_id: string;
  meetings: BoardMeeting[];
}

/** Where the meetings session stands at a moment. */
export type BoardStage =
  /** Before the first slot: `next` is 0 and the change is its start. */
  | { phase: 'before'; current: null; next: number; changeAtMs: number }
  /** During slot `current`: the change is its end, when `next` (null after the last) begins. */
  | { phase: 'during'; current: number; next: number | null; changeAtMs: number }
  | { phase: 'after'; current: null; next: null; changeAtMs: null };

export function boardStage(startMs: number, slotMinutes: number, slots: number, nowMs: number): BoardStage {
  const slotMs = slotMinutes * 60_000;
  if (slots <= 0 || slotMs <= 0) return { phase: 'after', current: null, next: null, changeAtMs: null };
  if (nowMs < startMs) return { phase: 'before', current: null, next: 0, changeAtMs: startMs };
  const current = Math.floor((nowMs - startMs) / slotMs);
  if (current >= slots) return { phase: 'after', current: null, next: null, changeAtMs: null };
  return {
    phase: 'during',
    current,
    next: current + 1 < slots ? current + 1 : null,
    changeAtMs: startMs + (current + 1) * slotMs,
  };
}
