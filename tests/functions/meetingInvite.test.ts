// A meeting's calendar invite (functions/src/meetings/meetingInvite.ts), read back with ical.js, a
// real iCalendar parser, and applied to a calendar that follows RFC 5546 as calendar apps do: an
// update replaces the entry of the same UID only with a SEQUENCE at least as high, and a CANCEL
// removes it. A move and a cancel must reach every calendar, whatever order the mails arrive in.

import { describe, expect, it } from 'vitest';
import { readInvite } from '../support/icalInvite';
import { meetingInvite, meetingUid, type MeetingInviteInput } from '../../functions/src/meetings/meetingInvite';

const start = Date.UTC(2026, 11, 3, 19, 30);
const base: MeetingInviteInput = {
  meetingId: 'medtech_p-ada_v-vic',
  sequence: 0,
  method: 'request',
  startMs: start,
  endMs: start + 10 * 60_000,
  place: 'Table 4',
  eventTitle: 'Med-Tech Pitch Session',
  organiser: { name: 'Innovation Office', email: 'innovation@example.edu' },
  presenter: { name: 'Ada Okafor', email: 'ada@example.com', company: 'HeartWise' },
  provider: { name: 'Vic Stone', email: 'vic@example.org', company: 'Clinical Trials Ltd' },
  link: 'https://pitch.example.edu/meetings',
  stampMs: start - 60 * 60_000,
};

type Entry = ReturnType<typeof readInvite>;

/**
 * A calendar app: entries by UID, changed by invites as RFC 5546 (section 3.2) says. A cancelled
 * entry is kept, marked cancelled, so an older invite arriving late cannot bring it back.
 */
function calendarApp() {
  const held = new Map<string, Entry>();
  return {
    /** The entries the calendar shows. */
    get entries() {
      return new Map([...held].filter(([, entry]) => entry.status !== 'CANCELLED'));
    },
    receive(content: string) {
      const invite = readInvite(content);
      const before = held.get(invite.uid);
      if (before && invite.sequence < before.sequence) return; // an older version: ignored
      held.set(invite.uid, invite.method === 'CANCEL' ? { ...invite, status: 'CANCELLED' } : invite);
    },
  };
}

describe("a meeting's calendar invite", () => {
  it('is a REQUEST that parses: the slot in UTC, the place, both people as required attendees asked to reply', () => {
    const invite = meetingInvite(base);
    expect(invite.method).toBe('REQUEST');
    const entry = readInvite(invite.content);
    expect(entry).toMatchObject({
      method: 'REQUEST',
      uid: meetingUid(base.meetingId, 'innovation@example.edu'),
      sequence: 0,
      status: 'CONFIRMED',
      start,
      end: start + 10 * 60_000,
      location: 'Table 4',
      summary: 'Meeting: Ada Okafor and Vic Stone',
    });
    expect(entry.uid).toBe('meeting-medtech_p-ada_v-vic@example.edu');
    expect(entry.organizer).toMatch(/innovation@example\.edu/i);
    expect(entry.attendees).toEqual([
      { email: 'ada@example.com', role: 'REQ-PARTICIPANT', rsvp: 'TRUE' },
      { email: 'vic@example.org', role: 'REQ-PARTICIPANT', rsvp: 'TRUE' },
    ]);
  });

  it('moves the same entry when the meeting moves, and removes it when the meeting is cancelled', () => {
    const app = calendarApp();
    app.receive(meetingInvite(base).content);
    const moved = { ...base, sequence: 1, startMs: start + 20 * 60_000, endMs: start + 30 * 60_000, place: 'Table 6' };
    app.receive(meetingInvite(moved).content);
    expect([...app.entries.values()]).toHaveLength(1);
    expect([...app.entries.values()][0]).toMatchObject({ start: start + 20 * 60_000, location: 'Table 6', sequence: 1 });

    const cancel = meetingInvite({ ...moved, sequence: 2, method: 'cancel' });
    expect(cancel.method).toBe('CANCEL');
    expect(readInvite(cancel.content)).toMatchObject({
      method: 'CANCEL',
      status: 'CANCELLED',
      uid: readInvite(meetingInvite(base).content).uid,
    });
    app.receive(cancel.content);
    expect(app.entries.size).toBe(0);
  });

  it('keeps the latest version when the mails arrive out of order', () => {
    const app = calendarApp();
    const moved = { ...base, sequence: 1, startMs: start + 20 * 60_000, endMs: start + 30 * 60_000 };
    app.receive(meetingInvite(moved).content);
    app.receive(meetingInvite(base).content);
    expect([...app.entries.values()][0]).toMatchObject({ start: start + 20 * 60_000, sequence: 1 });
    app.receive(meetingInvite({ ...moved, sequence: 2, method: 'cancel' }).content);
    app.receive(meetingInvite(moved).content);
    expect(app.entries.size).toBe(0);
  });

  it('gives two meetings two entries', () => {
    const app = calendarApp();
    app.receive(meetingInvite(base).content);
    app.receive(meetingInvite({ ...base, meetingId: 'medtech_p-lin_v-vic' }).content);
    expect(app.entries.size).toBe(2);
  });
});
