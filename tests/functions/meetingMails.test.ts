// A meeting's invite e-mails (functions/src/meetings/meetingMails.ts) with firebase-admin on the
// local backend and a real SMTP server: a confirmed meeting mails both people a REQUEST, a move an
// update of the same entry with a higher SEQUENCE, a cancel a CANCEL; each mail once, however often
// the trigger comes; only to a matched pair's own addresses. The invites are read back with ical.js.
// And the public meetings board the same trigger rebuilds for the room display.

import type { ParsedMail } from 'mailparser';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rebuildMeetingBoard } from '../../functions/src/meetings/board';
import { meetingUid } from '../../functions/src/meetings/meetingInvite';
import { inviteDue, type InviteDue } from '../../functions/src/meetings/inviteDue';
import { meetingMailRefusals, sendMeetingMails } from '../../functions/src/meetings/meetingMails';
import { createMailer, type Mailer } from '../../functions/src/mail/transport';
import { useAdminDb } from '../db/appDb';
import { uniqueProjectId } from '../support/emulators';
import { readInvite } from '../support/icalInvite';
import { addressOf, startSmtpCatcher, type SmtpCatcher } from '../support/smtpCatcher';

const projectId = uniqueProjectId('meeting-mails');
const admin = useAdminDb(projectId);

const OFFICE = 'innovation@example.edu';
const FIRST_SLOT = Date.UTC(2030, 4, 1, 20, 0);
const SLOT_MS = 10 * 60_000;
const MEETING = 'medtech_p-ada_v-bo';

let catcher: SmtpCatcher;
let mailer: Mailer;

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  mailer = createMailer({
    host: '127.0.0.1',
    port: catcher.port,
    secure: false,
    from: OFFICE,
    organisation: 'Innovation Office',
    appUrl: 'https://pitch.example.edu',
  });
});

afterAll(async () => {
  mailer.close();
  await catcher.close();
});

beforeEach(async () => {
  catcher.mails.length = 0;
  const db = admin();
  await db.doc('events/medtech').set({
    title: 'Med-Tech Pitch Session',
    meetings: {
      enabled: true,
      start_time: Timestamp.fromMillis(FIRST_SLOT),
      slot_minutes: 10,
      slots: 3,
      places: ['Table 1', 'Table 2'],
      max_per_person: 2,
    },
  });
  await db.doc('final_matches/medtech_p-ada').set({
    event_id: 'medtech',
    presenter_id: 'p-ada',
    presenter_details: { first_name: 'Ada', last_name: 'Okafor', company: 'HeartWise', email: 'ada@example.com' },
    matched_providers: [
      {
        provider_id: 'v-bo',
        provider_details: { first_name: 'Bo', last_name: 'Lindqvist', company: 'Nordic Care', email: 'bo@example.org' },
      },
      {
        provider_id: 'innovation-office',
        provider_details: { first_name: 'Innovation', last_name: 'Office', company: '', email: OFFICE },
      },
    ],
  });
  await db
    .doc('presenters/p-ada')
    .set({ first_name: 'Ada', last_name: 'Okafor', email: 'ada@example.com', company: 'HeartWise' });
  await db
    .doc('providers/v-bo')
    .set({ first_name: 'Bo', last_name: 'Lindqvist', email: 'bo@example.org', company: 'Nordic Care' });
  await db.doc('providers/innovation-office').set({ first_name: 'Innovation', last_name: 'Office', email: OFFICE, company: '' });
  const meetings = await db.collection('meetings').get();
  await Promise.all(meetings.docs.map((doc) => doc.ref.delete()));
  await setMeeting(MEETING, { status: 'accepted', slot: 1, place: 'Table 2', sequence: 0 });
});

/** Writes the meeting's fields as the booking does, keeping what else it holds (its invites). */
async function setMeeting(id: string, fields: Record<string, unknown>) {
  const [, presenter_id, provider_id] = id.split('_');
  await admin()
    .doc(`meetings/${id}`)
    .set(
      { event_id: 'medtech', presenter_id, provider_id, requested_by: 'provider', updated_at: Timestamp.now(), ...fields },
      { merge: true },
    );
}

/** The calendar part of a caught mail, as a calendar reads it (the fields these tests compare). */
function inviteOf(mail: ParsedMail) {
  const part = mail.attachments.find((attachment) => attachment.contentType === 'text/calendar');
  if (!part) throw new Error(`The mail "${mail.subject ?? ''}" carries no calendar invite.`);
  const { method, uid, sequence, status, start, location, attendees } = readInvite(part.content.toString('utf8'));
  return { method, uid, sequence, status, start, location, attendees: attendees.map((attendee) => attendee.email).sort() };
}

const send = (due: InviteDue, id = MEETING) => sendMeetingMails(admin(), mailer, id, due, FIRST_SLOT - 86_400_000);

describe('which change of a meeting mails what', () => {
  const meeting = (status: string, slot = 0, place = 'Table 1', sequence = 0) => ({ status, slot, place, sequence }) as never;

  it('asks for a REQUEST when a meeting is confirmed or moved, a CANCEL when a confirmed one is taken back, and nothing else', () => {
    expect(inviteDue(undefined, meeting('accepted'))).toEqual({ method: 'request', sequence: 0 });
    expect(inviteDue(meeting('requested'), meeting('accepted'))).toEqual({ method: 'request', sequence: 0 });
    expect(inviteDue(meeting('accepted'), meeting('accepted', 2, 'Table 1', 1))).toEqual({ method: 'request', sequence: 1 });
    expect(inviteDue(meeting('accepted'), meeting('cancelled', 0, 'Table 1', 1))).toEqual({ method: 'cancel', sequence: 1 });
    expect(inviteDue(meeting('accepted', 0, 'Table 1', 3), meeting('declined', 0, 'Table 1', 3))).toEqual({
      method: 'cancel',
      sequence: 4,
    });
    expect(inviteDue(meeting('accepted', 0, 'Table 1', 2), undefined)).toEqual({ method: 'cancel', sequence: 3 });
    // A request not yet accepted, a decline of one, We met and the mail's own record: no mail.
    expect(inviteDue(undefined, meeting('requested'))).toBeNull();
    expect(inviteDue(meeting('requested'), meeting('declined'))).toBeNull();
    expect(inviteDue(meeting('accepted'), meeting('accepted'))).toBeNull();
  });
});

describe("a meeting's invites", () => {
  it('mails both people the invite once, then the move as an update of the same entry, then the cancel', async () => {
    expect(await send({ method: 'request', sequence: 0 })).toEqual({ state: 'sent' });
    expect(catcher.mails.map(addressOf).sort()).toEqual(['ada@example.com', 'bo@example.org']);
    const [first] = catcher.mails.map(inviteOf);
    const uid = meetingUid(MEETING, OFFICE);
    expect(first).toEqual({
      method: 'REQUEST',
      uid,
      sequence: 0,
      status: 'CONFIRMED',
      start: FIRST_SLOT + SLOT_MS,
      location: 'Table 2',
      attendees: ['ada@example.com', 'bo@example.org'],
    });
    const toAda = catcher.mails.find((mail) => addressOf(mail) === 'ada@example.com');
    expect(toAda?.subject).toBe('Your meeting with Bo Lindqvist at Med-Tech Pitch Session');
    expect(toAda?.text).toContain('https://pitch.example.edu/meetings/medtech');

    // The trigger again (it arrives at least once): nothing more.
    expect(await send({ method: 'request', sequence: 0 })).toMatchObject({ state: 'skipped' });
    expect(catcher.mails).toHaveLength(2);

    await setMeeting(MEETING, { status: 'accepted', slot: 2, place: 'Table 1', sequence: 1 });
    expect(await send({ method: 'request', sequence: 1 })).toEqual({ state: 'sent' });
    const moved = catcher.mails.slice(2).map(inviteOf);
    expect(moved).toHaveLength(2);
    expect(moved[0]).toMatchObject({ method: 'REQUEST', uid, sequence: 1, start: FIRST_SLOT + 2 * SLOT_MS, location: 'Table 1' });

    await setMeeting(MEETING, { status: 'cancelled', slot: 2, place: 'Table 1', sequence: 2 });
    expect(await send({ method: 'cancel', sequence: 2 })).toEqual({ state: 'sent' });
    const cancelled = catcher.mails.slice(4).map(inviteOf);
    expect(cancelled.map((invite) => [invite.method, invite.uid, invite.sequence, invite.status])).toEqual([
      ['CANCEL', uid, 2, 'CANCELLED'],
      ['CANCEL', uid, 2, 'CANCELLED'],
    ]);
    expect(catcher.mails[4]?.subject).toMatch(/^Cancelled: your meeting with /);
    // What happened is recorded on the meeting, for the admin and for a repeated trigger.
    const invites = (await admin().doc(`meetings/${MEETING}`).get()).get('invites') as Record<string, { state: string }>;
    expect(Object.fromEntries(Object.entries(invites).map(([key, value]) => [key, value.state]))).toEqual({
      '0-request': 'sent',
      '1-request': 'sent',
      '2-cancel': 'sent',
    });
  });

  it('mails no stranger: not the fallback contact, not a pair outside the final matches, no cancel nobody was invited to', async () => {
    await setMeeting('medtech_p-ada_innovation-office', { status: 'accepted', slot: 0, place: 'Table 2', sequence: 0 });
    expect(await send({ method: 'request', sequence: 0 }, 'medtech_p-ada_innovation-office')).toEqual({
      state: 'refused',
      reason: meetingMailRefusals.notMatched,
    });
    await admin()
      .doc('providers/v-eve')
      .set({ first_name: 'Eve', last_name: 'Stranger', email: 'eve@example.net', company: 'X' });
    await setMeeting('medtech_p-ada_v-eve', { status: 'accepted', slot: 0, place: 'Table 2', sequence: 0 });
    expect(await send({ method: 'request', sequence: 0 }, 'medtech_p-ada_v-eve')).toMatchObject({ state: 'refused' });

    await setMeeting(MEETING, { status: 'cancelled', slot: 1, place: 'Table 2', sequence: 1 });
    expect(await send({ method: 'cancel', sequence: 1 })).toEqual({ state: 'refused', reason: meetingMailRefusals.neverInvited });

    // With meetings turned off, a confirmed pair gets nothing either.
    await admin().doc('events/medtech').update({ 'meetings.enabled': false });
    await setMeeting(MEETING, { status: 'accepted', slot: 1, place: 'Table 2', sequence: 2 });
    expect(await send({ method: 'request', sequence: 2 })).toMatchObject({ state: 'refused' });
    expect(catcher.mails).toEqual([]);
  });
});

describe("the room display's meetings board", () => {
  it('shows the confirmed meetings with names and companies only, by slot, and goes with its event', async () => {
    await setMeeting('medtech_p-ada_innovation-office', { status: 'requested', slot: 0, place: 'Table 2', sequence: 0 });
    expect(await rebuildMeetingBoard(admin(), 'medtech')).toBe(1);
    expect((await admin().doc('meeting_boards/medtech').get()).data()).toEqual({
      event_id: 'medtech',
      meetings: [
        {
          slot: 1,
          place: 'Table 2',
          presenter: 'Ada Okafor',
          presenter_company: 'HeartWise',
          provider: 'Bo Lindqvist',
          provider_company: 'Nordic Care',
        },
      ],
    });

    await setMeeting(MEETING, { status: 'cancelled', sequence: 1 });
    expect(await rebuildMeetingBoard(admin(), 'medtech')).toBe(0);
    expect((await admin().doc('meeting_boards/medtech').get()).get('meetings')).toEqual([]);

    await admin().doc('events/medtech').delete();
    await rebuildMeetingBoard(admin(), 'medtech');
    expect((await admin().doc('meeting_boards/medtech').get()).exists).toBe(false);
  });
});
