// The rehearsal's meetings after matching, once the result e-mails are out: each room's event turns
// meetings on, providers ask their matches for slots (all at once, so requests race for slots),
// presenters accept about half, and the admin presses Schedule all on the control screen for the
// rest; the Cloud Functions answer as in production. The check is an oracle of its own, not the
// scheduler again: no person and no place in two meetings of one slot, nobody over the limit,
// every pair left without a meeting truly unable to fit (at the limit, or no slot both have free
// with a place), and each confirmed meeting's invite in both people's inboxes exactly once.

import { FieldValue, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import type { ParsedMail } from 'mailparser';

const FALLBACK_ID = 'innovation-office';
const SLOTS = 4;
const MAX_PER_PERSON = 2;

export interface MeetingsCheck {
  requests: number;
  requestsRefused: number;
  accepted: number;
  scheduled: number;
  /** Meetings that hold a slot at the end (requested or confirmed), and the confirmed ones. */
  booked: number;
  confirmed: number;
  pairs: number;
  doubleBookings: string[];
  overLimit: string[];
  /** Pairs left without a meeting although one fitted. */
  missedPairs: string[];
  /** Places two presenters were given, or hold meetings at. */
  sharedPlaces: string[];
  unanswered: number;
  invites: { expected: number; received: number; duplicated: string[] };
}

interface MeetingsRoom {
  letter: string;
  eventId: string;
  /** Presses Schedule all on the room's control screen. */
  scheduleAll(): Promise<void>;
}

interface Pair {
  presenterId: string;
  providerId: string;
}

interface Held {
  presenterId: string;
  providerId: string;
  slot: number;
  place: string;
  status: string;
}

export interface MeetingsOptions {
  db: Firestore;
  rooms: MeetingsRoom[];
  /** Final matches by presenter id (their event_id says the room). */
  finals: Map<string, DocumentData>;
  mails: ParsedMail[];
  random: () => number;
  until(check: () => Promise<boolean>, timeoutMs: number, what: string, everyMs?: number): Promise<void>;
  log(line: string): void;
}

const pairsOf = (finals: DocumentData[]): Pair[] =>
  finals.flatMap((final) =>
    ((final.matched_providers ?? []) as { provider_id: string }[])
      .filter((match) => match.provider_id !== FALLBACK_ID)
      .map((match) => ({ presenterId: String(final.presenter_id), providerId: match.provider_id })),
  );

/** Writes the requests at once and waits until the server has answered each; resolves with the answers. */
async function ask(options: MeetingsOptions, requests: Record<string, unknown>[], what: string) {
  const { db } = options;
  const refs = await Promise.all(
    requests.map((request) => db.collection('meeting_requests').add({ ...request, requested_at: FieldValue.serverTimestamp() })),
  );
  const answers = new Map<string, string>();
  await options
    .until(
      async () => {
        for (const ref of refs) {
          if (answers.has(ref.id)) continue;
          const state = (await ref.get()).get('outcome.state') as string | undefined;
          if (state) answers.set(ref.id, state);
        }
        return answers.size === refs.length;
      },
      120_000,
      what,
      500,
    )
    .catch(() => undefined);
  return {
    done: [...answers.values()].filter((state) => state === 'done').length,
    unanswered: refs.length - answers.size,
    refs,
    answers,
  };
}

/**
 * The oracle's verdict on one room's meetings; `given` is the place each presenter was given for
 * the session (meeting_places), which stays theirs even with no meeting left.
 */
export function checkMeetings(
  pairs: Pair[],
  held: Held[],
  places: string[],
  slots: number,
  max: number,
  given: Record<string, string> = {},
) {
  const doubleBookings: string[] = [];
  const seen = new Map<string, Held>();
  for (const meeting of held) {
    for (const key of [`p ${meeting.presenterId}`, `v ${meeting.providerId}`, `t ${meeting.place}`]) {
      const slotKey = `${meeting.slot} ${key}`;
      const other = seen.get(slotKey);
      if (other) doubleBookings.push(`slot ${meeting.slot}: ${key} in two meetings`);
      seen.set(slotKey, meeting);
    }
  }
  const count = (side: 'presenterId' | 'providerId', id: string) => held.filter((meeting) => meeting[side] === id).length;
  const overLimit = [
    ...new Set(held.flatMap((meeting) => [`presenter ${meeting.presenterId}`, `provider ${meeting.providerId}`])),
  ].filter((who) => {
    const [side, id = ''] = who.split(' ');
    return count(side === 'presenter' ? 'presenterId' : 'providerId', id) > max;
  });
  // A presenter keeps one place for the session; a presenter without one needs a place nobody holds.
  const placeOf = (presenterId: string) =>
    given[presenterId] ??
    held.filter((meeting) => meeting.presenterId === presenterId).sort((a, b) => a.slot - b.slot)[0]?.place ??
    null;
  const heldPlaces = new Set([...held.map((meeting) => meeting.place), ...Object.values(given)]);
  const presentersAt = new Map<string, Set<string>>();
  for (const [presenterId, place] of [
    ...held.map((meeting): [string, string] => [meeting.presenterId, meeting.place]),
    ...Object.entries(given),
  ]) {
    presentersAt.set(place, (presentersAt.get(place) ?? new Set()).add(presenterId));
  }
  const sharedPlaces = [...presentersAt]
    .filter(([, presenters]) => presenters.size > 1)
    .map(([place, presenters]) => `${place}: ${[...presenters].sort().join(' and ')}`);
  const missedPairs = pairs
    .filter((pair) => !held.some((meeting) => meeting.presenterId === pair.presenterId && meeting.providerId === pair.providerId))
    .filter((pair) => {
      if (count('presenterId', pair.presenterId) >= max || count('providerId', pair.providerId) >= max) return false;
      const place = placeOf(pair.presenterId) ?? places.find((candidate) => !heldPlaces.has(candidate)) ?? null;
      if (place === null) return false;
      return Array.from({ length: slots }, (_, slot) => slot).some(
        (slot) =>
          !held.some(
            (meeting) =>
              meeting.slot === slot &&
              (meeting.presenterId === pair.presenterId || meeting.providerId === pair.providerId || meeting.place === place),
          ),
      );
    })
    .map((pair) => `${pair.presenterId} and ${pair.providerId}`);
  return { doubleBookings, overLimit, missedPairs, sharedPlaces };
}

/** The calendar part of a mail: its METHOD and UID, or null for a mail without one. */
function inviteOf(mail: ParsedMail): { method: string; uid: string; sequence: string } | null {
  const part = mail.attachments.find((attachment) => attachment.contentType === 'text/calendar');
  if (!part) return null;
  const text = part.content.toString('utf8').replace(/\r\n[ \t]/g, '');
  const field = (name: string) => new RegExp(`^${name}[^:]*:(.*)$`, 'm').exec(text)?.[1]?.trim() ?? '';
  return { method: field('METHOD'), uid: field('UID'), sequence: field('SEQUENCE') };
}

export async function rehearseMeetings(options: MeetingsOptions): Promise<MeetingsCheck> {
  const { db, log } = options;
  const check: MeetingsCheck = {
    requests: 0,
    requestsRefused: 0,
    accepted: 0,
    scheduled: 0,
    booked: 0,
    confirmed: 0,
    pairs: 0,
    doubleBookings: [],
    overLimit: [],
    missedPairs: [],
    sharedPlaces: [],
    unanswered: 0,
    invites: { expected: 0, received: 0, duplicated: [] },
  };
  const mailsBefore = options.mails.length;
  for (const room of options.rooms) {
    const finals = [...options.finals.values()].filter((final) => final.event_id === room.eventId);
    const pairs = pairsOf(finals);
    const presenters = [...new Set(pairs.map((pair) => pair.presenterId))];
    const places = presenters.map((_, index) => `Table ${index + 1}`);
    check.pairs += pairs.length;
    await db.doc(`events/${room.eventId}`).update({
      meetings: {
        enabled: true,
        start_time: Timestamp.fromMillis(Date.now() + 2 * 3_600_000),
        slot_minutes: 10,
        slots: SLOTS,
        places,
        max_per_person: MAX_PER_PERSON,
      },
    });

    // Half the pairs' providers ask, each for a slot of their own choosing, all at once.
    const asking = pairs.filter(() => options.random() < 0.5);
    const requests = asking.map((pair) => ({
      event_id: room.eventId,
      presenter_id: pair.presenterId,
      provider_id: pair.providerId,
      action: 'request',
      slot: Math.floor(options.random() * SLOTS),
      by: 'provider',
    }));
    log(`room ${room.letter}: ${requests.length} meeting requests from providers, at once…`);
    const asked = await ask(options, requests, `room ${room.letter}'s meeting requests to be answered`);
    check.requests += requests.length;
    check.requestsRefused += requests.length - asked.done - asked.unanswered;
    check.unanswered += asked.unanswered;

    // Their presenters accept about half of those booked.
    const booked = asked.refs.flatMap((ref, index) => (asked.answers.get(ref.id) === 'done' ? [asking[index]] : []));
    const accepting = booked.filter((pair): pair is Pair => pair !== undefined && options.random() < 0.5);
    const accepted = await ask(
      options,
      accepting.map((pair) => ({
        event_id: room.eventId,
        presenter_id: pair.presenterId,
        provider_id: pair.providerId,
        action: 'accept',
        by: 'presenter',
      })),
      `room ${room.letter}'s acceptances to be answered`,
    );
    check.accepted += accepted.done;
    check.unanswered += accepted.unanswered;

    // The admin schedules the rest.
    log(`room ${room.letter}: Schedule all…`);
    await room.scheduleAll();
    await options
      .until(
        async () => (await db.doc(`meeting_schedules/${room.eventId}`).get()).get('state') === 'done',
        120_000,
        `room ${room.letter}'s Schedule all`,
        500,
      )
      .catch(() => (check.unanswered += 1));
    check.scheduled += Number((await db.doc(`meeting_schedules/${room.eventId}`).get()).get('placed') ?? 0);

    const meetings = await db.collection('meetings').where('event_id', '==', room.eventId).get();
    const held: Held[] = meetings.docs
      .map((doc) => ({
        presenterId: String(doc.get('presenter_id')),
        providerId: String(doc.get('provider_id')),
        slot: Number(doc.get('slot')),
        place: String(doc.get('place')),
        status: String(doc.get('status')),
      }))
      .filter((meeting) => meeting.status === 'requested' || meeting.status === 'accepted');
    const given = (await db.doc(`meeting_places/${room.eventId}`).get()).get('presenters') as Record<string, string> | undefined;
    const verdict = checkMeetings(pairs, held, places, SLOTS, MAX_PER_PERSON, given ?? {});
    check.booked += held.length;
    check.confirmed += held.filter((meeting) => meeting.status === 'accepted').length;
    check.doubleBookings.push(...verdict.doubleBookings.map((line) => `room ${room.letter}: ${line}`));
    check.overLimit.push(...verdict.overLimit.map((line) => `room ${room.letter}: ${line}`));
    check.missedPairs.push(...verdict.missedPairs.map((line) => `room ${room.letter}: ${line}`));
    check.sharedPlaces.push(...verdict.sharedPlaces.map((line) => `room ${room.letter}: ${line}`));
  }

  // Each confirmed meeting's invite, to both of its people, once.
  check.invites.expected = 2 * check.confirmed;
  const invites = () =>
    options.mails.slice(mailsBefore).flatMap((mail) => {
      const invite = inviteOf(mail);
      const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((group) =>
        group.value.map((address) => address.address ?? ''),
      );
      return invite && invite.method === 'REQUEST' ? to.map((address) => `${address} ${invite.uid} ${invite.sequence}`) : [];
    });
  await options
    .until(async () => invites().length >= check.invites.expected, 120_000, 'the meeting invites to arrive', 500)
    .catch(() => undefined);
  const received = invites();
  check.invites.received = received.length;
  check.invites.duplicated = [...new Set(received.filter((key, index) => received.indexOf(key) !== index))];
  log(
    `meetings: ${check.booked} booked (${check.confirmed} confirmed) for ${check.pairs} pairs; ` +
      `${check.invites.received} invites of ${check.invites.expected}`,
  );
  return check;
}

/** What must never happen with the meetings. */
export function meetingFailures(check: MeetingsCheck): string[] {
  return [
    ...check.doubleBookings.map((line) => `meetings: double booking, ${line}`),
    ...check.overLimit.map((line) => `meetings: over the limit, ${line}`),
    ...check.missedPairs.map((line) => `meetings: a pair that fits was left out, ${line}`),
    ...check.sharedPlaces.map((line) => `meetings: two presenters at one place, ${line}`),
    ...(check.unanswered > 0 ? [`meetings: ${check.unanswered} requests or Schedule alls never answered`] : []),
    ...(check.invites.received !== check.invites.expected
      ? [`meetings: ${check.invites.received} invites received, ${check.invites.expected} expected`]
      : []),
    ...check.invites.duplicated.map((line) => `meetings: an invite sent twice, ${line}`),
  ];
}
