// A meeting's calendar invite by e-mail (meetingInvite.ts makes the file): when a meeting is
// confirmed (accepted, or placed by Schedule all), both people get a REQUEST; when a confirmed
// meeting gets another slot or place, an updated REQUEST with its higher SEQUENCE; when it is
// cancelled or declined after being confirmed, a CANCEL. Sent through the result e-mails' mail
// path (transport.ts, with their retries), each person their own message.
//
// Where nothing else says (docs/decisions.md, "Meetings after matching"):
// - The guard against strangers: the addresses are the presenter's and the provider's own
//   documents', never anything a client wrote on the meeting; a REQUEST goes only to a pair of
//   the event's final matches (never the fallback contact) while the event has meetings on; a
//   CANCEL only to people who were sent that meeting's REQUEST.
// - Once each: the trigger may arrive more than once, so each mail of a meeting (its sequence
//   and method) is claimed on the meeting document, in a transaction, before it is sent, and the
//   claim records what happened (`invites`). Recording it writes the meeting again, which needs
//   no mail.

import { Body, Container, Head, Heading, Html, Link, Preview, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { createElement as h } from 'react';
import { meetingSettingsFrom } from '../../../domain/meetingSettings.js';
import { slotWindow } from '../../../domain/meetings.js';
import { sendWithRetries } from '../emails/runEmailing.js';
import { resultMailStyles as styles } from '../emails/resultMails.js';
import type { RenderedMail } from '../mail/inviteMail.js';
import type { Mailer } from '../mail/transport.js';
import { isMatchedPair, toMs } from './booking.js';
import type { InviteDue } from './inviteDue.js';
import { meetingInvite, type InvitePerson } from './meetingInvite.js';

/** The key of one mail of a meeting in its `invites` record. */
export const inviteKey = (due: InviteDue): string => `${due.sequence}-${due.method}`;

export interface InviteRecord {
  state: 'sending' | 'sent' | 'failed' | 'refused';
  reason?: string;
}

export type InviteOutcome = { state: 'sent' | 'failed' | 'refused' | 'skipped'; reason?: string };

export const meetingMailRefusals = {
  notMatched: 'The two are not a pair of the final matches, or the event has meetings off.',
  neverInvited: 'Neither person was sent this meeting’s invite, so there is nothing to cancel.',
  noAddress: 'A person of the meeting has no e-mail address on record.',
  noTime: 'The event’s meetings have no start time.',
} as const;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function personOf(data: DocumentData | undefined): InvitePerson | null {
  const email = text(data?.email);
  if (!email.includes('@')) return null;
  const name = [text(data?.first_name), text(data?.last_name)].filter(Boolean).join(' ') || email;
  const company = text(data?.company);
  return { name, email, ...(company ? { company } : {}) };
}

export const meetingMailSubject = (method: InviteDue['method'], other: InvitePerson, eventTitle: string): string =>
  method === 'request'
    ? `Your meeting with ${other.name} at ${eventTitle}`
    : `Cancelled: your meeting with ${other.name} at ${eventTitle}`;

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' });

export interface MeetingMailInput {
  method: InviteDue['method'];
  organisation: string;
  eventTitle: string;
  other: InvitePerson;
  startMs: number;
  place: string;
  link?: string;
}

export async function renderMeetingMail(input: MeetingMailInput): Promise<RenderedMail> {
  const subject = meetingMailSubject(input.method, input.other, input.eventTitle);
  const who = input.other.company ? `${input.other.name} (${input.other.company})` : input.other.name;
  const when = `${timeFormat.format(new Date(input.startMs))} UTC`;
  const lines =
    input.method === 'request'
      ? [
          `You meet ${who} on ${when}, at ${input.place}.`,
          'The attached invite puts it in your calendar and keeps it up to date.',
        ]
      : [
          `Your meeting with ${who} on ${when}, at ${input.place}, is cancelled.`,
          'The attached update takes it out of your calendar.',
        ];
  const element = h(
    Html,
    { lang: 'en' },
    h(Head, null),
    h(Preview, null, lines[0]),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Heading, { as: 'h1', style: styles.heading }, subject),
        ...lines.map((line) => h(Text, { style: styles.text }, line)),
        ...(input.link
          ? [h(Text, { style: styles.text }, h(Link, { href: input.link, style: styles.link }, 'See all your meetings'))]
          : []),
        h(Text, { style: styles.footer }, `Sent by ${input.organisation}.`),
      ),
    ),
  );
  const [html, plain] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text: plain };
}

/** Claims the mail on the meeting; false when it was claimed before (a repeated trigger). */
async function claim(firestore: Firestore, meetingId: string, key: string): Promise<boolean> {
  const ref = firestore.collection('meetings').doc(meetingId);
  return firestore.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) return false;
    const invites = (snapshot.get('invites') as Record<string, unknown> | undefined) ?? {};
    if (invites[key] !== undefined) return false;
    transaction.update(ref, { [`invites.${key}`]: { state: 'sending', at: FieldValue.serverTimestamp() } });
    return true;
  });
}

async function record(firestore: Firestore, meetingId: string, key: string, outcome: InviteRecord): Promise<void> {
  await firestore
    .collection('meetings')
    .doc(meetingId)
    .update({ [`invites.${key}`]: { ...outcome, at: FieldValue.serverTimestamp() } });
}

/**
 * Sends the mails `due` asks for about the meeting, once: the guard first, then each person's
 * message with the invite. Throws only when Firestore does.
 */
export async function sendMeetingMails(
  firestore: Firestore,
  mailer: Mailer,
  meetingId: string,
  due: InviteDue,
  nowMs = Date.now(),
): Promise<InviteOutcome> {
  const meetingSnapshot = await firestore.collection('meetings').doc(meetingId).get();
  const meeting = meetingSnapshot.data();
  if (!meeting) return { state: 'skipped', reason: 'The meeting no longer exists.' };
  const eventId = text(meeting.event_id);
  const presenterId = text(meeting.presenter_id);
  const providerId = text(meeting.provider_id);
  const key = inviteKey(due);
  if (!(await claim(firestore, meetingId, key))) return { state: 'skipped', reason: 'Already sent.' };

  const refuse = async (reason: string): Promise<InviteOutcome> => {
    await record(firestore, meetingId, key, { state: 'refused', reason });
    return { state: 'refused', reason };
  };
  const [event, match, presenterDoc, providerDoc] = await Promise.all([
    firestore.collection('events').doc(eventId).get(),
    firestore.collection('final_matches').doc(`${eventId}_${presenterId}`).get(),
    firestore.collection('presenters').doc(presenterId).get(),
    firestore.collection('providers').doc(providerId).get(),
  ]);
  const settings = meetingSettingsFrom(event.get('meetings'), toMs);
  if (due.method === 'request' && (!settings.enabled || !isMatchedPair(match.data(), eventId, providerId))) {
    return refuse(meetingMailRefusals.notMatched);
  }
  if (due.method === 'cancel') {
    const invites = (meeting.invites as Record<string, InviteRecord> | undefined) ?? {};
    const requested = Object.entries(invites).some(([other, sent]) => other.endsWith('-request') && sent.state === 'sent');
    if (!requested) return refuse(meetingMailRefusals.neverInvited);
  }
  const presenter = personOf(presenterDoc.data());
  const provider = personOf(providerDoc.data());
  if (!presenter || !provider) return refuse(meetingMailRefusals.noAddress);
  if (settings.startTime === null) return refuse(meetingMailRefusals.noTime);

  // The slot and place the calendar holds: for a cancel, the ones the cancelled meeting had.
  const slot = Number(meeting.slot);
  const place = text(meeting.place);
  const { startMs, endMs } = slotWindow(settings.startTime, settings.slotMinutes, slot);
  const eventTitle = text(event.get('title')) || 'the pitch session';
  const link = mailer.appUrl ? `${mailer.appUrl}/meetings/${encodeURIComponent(eventId)}` : undefined;
  const invite = meetingInvite({
    meetingId,
    sequence: due.sequence,
    method: due.method,
    startMs,
    endMs,
    place,
    eventTitle,
    organiser: { name: mailer.organisation, email: mailer.from },
    presenter,
    provider,
    ...(link ? { link } : {}),
    stampMs: nowMs,
  });
  const failures: string[] = [];
  for (const [person, other] of [
    [presenter, provider],
    [provider, presenter],
  ] as const) {
    const mail = await renderMeetingMail({
      method: due.method,
      organisation: mailer.organisation,
      eventTitle,
      other,
      startMs,
      place,
      link,
    });
    const result = await sendWithRetries(mailer, { to: person.email, ...mail, icalEvent: invite });
    if (result.state === 'failed') failures.push(`${person.email}: ${result.reason}`);
  }
  const outcome: { state: 'sent' | 'failed'; reason?: string } =
    failures.length === 0 ? { state: 'sent' } : { state: 'failed', reason: failures.join('; ') };
  await record(firestore, meetingId, key, outcome);
  return outcome;
}
