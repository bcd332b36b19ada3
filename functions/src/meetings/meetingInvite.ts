// A meeting's calendar invite (iCalendar, RFC 5545, sent as RFC 5546 asks): the file both people
// of a confirmed meeting get with its e-mail, so their calendars hold the meeting and follow it.
// - One meeting is one calendar entry: its UID is made from the meeting's id, never from its
//   time, so a move updates the entry instead of adding a second one.
// - A move is a REQUEST with a higher SEQUENCE; a cancel is a CANCEL (the entry CANCELLED) with a
//   higher SEQUENCE again, which calendars apply over any earlier version and never the other way.
// - Times are UTC (each calendar shows them in its own time zone); the organiser is the office
//   that sends the mails, and both people are required attendees asked to reply.
// Written with ical-generator; the tests read the invites back with ical.js.

import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

export interface InvitePerson {
  name: string;
  email: string;
  company?: string;
}

export interface MeetingInviteInput {
  /** The meeting's id: the entry's UID is made from it. */
  meetingId: string;
  /** 0 when first sent, raised on every move and on the cancel. */
  sequence: number;
  method: 'request' | 'cancel';
  startMs: number;
  endMs: number;
  /** The table or room, or the online link. */
  place: string;
  /** The event the meeting belongs to, named in the entry's title. */
  eventTitle: string;
  organiser: { name: string; email: string };
  presenter: InvitePerson;
  provider: InvitePerson;
  /** Where either person sees their meetings in the app, if known. */
  link?: string;
  /** When the invite is made (its DTSTAMP). */
  stampMs: number;
}

/** An invite as nodemailer's `icalEvent` takes it (a text/calendar part with its method). */
export interface MeetingInvite {
  method: 'REQUEST' | 'CANCEL';
  filename: 'invite.ics';
  content: string;
}

/** The UID of a meeting's entry: the meeting's id at the sender's domain (RFC 5545 suggests a domain to keep UIDs unique). */
export function meetingUid(meetingId: string, organiserEmail: string): string {
  const domain = organiserEmail.split('@')[1] ?? 'localhost';
  return `meeting-${meetingId}@${domain}`;
}

const withCompany = (person: InvitePerson) => (person.company ? `${person.name} (${person.company})` : person.name);

export function meetingInvite(input: MeetingInviteInput): MeetingInvite {
  const cancel = input.method === 'cancel';
  const calendar = ical({
    prodId: { company: input.organiser.name, product: 'Pitch Live meetings', language: 'EN' },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  const description = [
    `${withCompany(input.presenter)} meets ${withCompany(input.provider)} at ${input.eventTitle}.`,
    `Place: ${input.place}`,
    ...(input.link ? [`Your meetings: ${input.link}`] : []),
  ].join('\n');
  calendar.createEvent({
    id: meetingUid(input.meetingId, input.organiser.email),
    sequence: input.sequence,
    stamp: new Date(input.stampMs),
    start: new Date(input.startMs),
    end: new Date(input.endMs),
    summary: `Meeting: ${input.presenter.name} and ${input.provider.name}`,
    description,
    location: input.place,
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: input.organiser.name, email: input.organiser.email },
    attendees: [input.presenter, input.provider].map((person) => ({
      name: person.name,
      email: person.email,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
      rsvp: !cancel,
    })),
  });
  return { method: cancel ? 'CANCEL' : 'REQUEST', filename: 'invite.ics', content: calendar.toString() };
}
