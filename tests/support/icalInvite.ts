// A calendar invite read back as a calendar reads it, with ical.js (a real iCalendar parser): the
// invite tests and the invite e-mail tests share it.

import ICAL from 'ical.js';

/** The invite as a calendar reads it. */
export function readInvite(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('The invite has no VEVENT.');
  const event = new ICAL.Event(vevent);
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: event.uid,
    sequence: event.sequence,
    status: String(vevent.getFirstPropertyValue('status')),
    start: event.startDate.toJSDate().getTime(),
    end: event.endDate.toJSDate().getTime(),
    location: event.location,
    summary: event.summary,
    organizer: String(vevent.getFirstPropertyValue('organizer')),
    attendees: event.attendees.map((attendee) => ({
      email: String(attendee.getFirstValue()).replace(/^mailto:/i, ''),
      role: attendee.getParameter('role'),
      rsvp: attendee.getParameter('rsvp'),
    })),
  };
}
