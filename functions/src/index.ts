// The project's Cloud Functions (2nd gen): the server reactions to the event document's flags
// (DECISIONS.md, "Where the server reactions run") and to an invite's e-mail request (presenter
// onboarding), the public rosters the room display reads (domain/roster.ts), and
// a sweep that runs again what a lost trigger or a dead runner left requested. Which reactions an event change starts is the domain's decision
// (domain/reactions.ts); what each one does is in the registry (reactions.ts).

import { getApp, getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { onDocumentCreated, onDocumentUpdated, onDocumentWritten } from 'firebase-functions/firestore';
import { logger } from 'firebase-functions/logger';
import { onSchedule } from 'firebase-functions/scheduler';
import { raisedReactions, reactionsFor } from '../../domain/reactions.js';
import { eventRosterChanged, presenterRosterChanged } from '../../domain/roster.js';
import { reviewDue } from '../../domain/emailReview.js';
import { inviteMailDecision, sendInviteMail } from './invites/sendInviteMail.js';
import { rebuildMeetingBoard } from './meetings/board.js';
import type { MeetingDocument } from './meetings/booking.js';
import { inviteDue } from './meetings/inviteDue.js';
import { answerMeetingRequest } from './meetings/requests.js';
import { scheduleAll, scheduleDue } from './meetings/scheduleAll.js';
import { createMailer, mailParams, mailSettingsFromParams, type Mailer } from './mail/transport.js';
import { dispatchReaction } from './reactions.js';
import { rebuildRoster, rebuildRostersOf } from './rosters/rebuildRoster.js';

/**
 * Where every function runs. A Firestore trigger must run where the database is: us-central1
 * suits the nam5 multi-region; a database elsewhere needs its own here, e.g. europe-west1 for
 * eur3, or the database's region itself (docs/deploying.md, "Choose the Functions region").
 * firebase.json's firestore.location names the database's, and `npm run preflight` checks the two.
 */
const REGION = 'us-central1';

export const onEventUpdated = onDocumentUpdated(
  {
    document: 'events/{eventId}',
    region: REGION,
    // Matching reads every answer of one event, and e-mailing talks SMTP to every participant:
    // room for a large event, and bounded so a stuck SMTP server cannot hold an instance long.
    memory: '512MiB',
    timeoutSeconds: 300,
    maxInstances: 10,
    // No automatic redelivery: a failed reaction records its failure on the event and the admin
    // starts it again, rather than the platform retrying it for up to 7 days after the session.
    // Deliveries are still at least once, so every handler is idempotent.
    retry: false,
    // The result e-mails sign in to the SMTP server with it when SMTP_USER is set.
    secrets: [mailParams.password],
  },
  async (event) => {
    const change = event.data;
    if (!change) return;
    for (const reaction of reactionsFor(change.before.data(), change.after.data())) {
      // One after the other, in the domain's order: raised together, e-mails follow the matches.
      await dispatchReaction(reaction, { eventId: event.params.eventId });
    }
  },
);

/** One Admin app and one pooled mailer per instance, made at the first invocation (params are read at run time). */
let mailer: Mailer | undefined;
const defaultApp = () => (getApps().some((app) => app.name === '[DEFAULT]') ? getApp() : initializeApp());
const firestore = () => getFirestore(defaultApp());
const inviteMailer = (): Mailer => (mailer ??= createMailer(mailSettingsFromParams()));

export const onInviteWritten = onDocumentWritten(
  {
    document: 'invites/{inviteId}',
    region: REGION,
    // Three SMTP attempts of at most 30 s each and their pauses fit well inside the 2 minutes
    // after which a claim counts as abandoned (domain/inviteMail.ts).
    memory: '256MiB',
    timeoutSeconds: 120,
    maxInstances: 10,
    // As for the event: a failure is recorded on the invite and the admin presses Retry.
    retry: false,
    secrets: [mailParams.password],
  },
  async (event) => {
    const after = event.data?.after;
    // The reaction's own writes (its claim, its outcome) trigger this again and need nothing:
    // decided from the written data, they cost no transaction.
    if (!after?.exists || inviteMailDecision(after.data()).action !== 'send') return;
    const inviteId = event.params.inviteId;
    const outcome = await sendInviteMail(firestore(), inviteId, inviteMailer());
    if (outcome.state === 'failed') {
      logger.warn(`The invite e-mail failed after ${outcome.attempts} attempts: ${outcome.reason}`, { inviteId });
    } else if (outcome.state === 'sent') {
      logger.info(`The invite e-mail was sent (${outcome.messageId}).`, { inviteId, attempts: outcome.attempts });
    }
  },
);

/** An admin's Send Emails asks for the recipients review first: the server answers with the list and previews. */
export const onEmailReviewWritten = onDocumentWritten(
  {
    document: 'email_reviews/{eventId}',
    region: REGION,
    // Reads the event's matches and answers and renders two mails: small and quick.
    memory: '512MiB',
    timeoutSeconds: 120,
    maxInstances: 10,
    // A failure is written on the review and the admin asks again.
    retry: false,
    // The mail settings (their password among them) name the organisation and the app in the previews.
    secrets: [mailParams.password],
  },
  async (event) => {
    const after = event.data?.after;
    // The answer it writes triggers this again and needs nothing.
    if (!after?.exists || !reviewDue(after.data())) return;
    const eventId = event.params.eventId;
    const mail = createMailer(mailSettingsFromParams());
    try {
      // Loaded here, as every module that renders a mail is: most invocations send none, and the
      // mails' React components are over half of what an instance loads at its start.
      const { reviewRecipients } = await import('./emails/recipientReview.js');
      const outcome = await reviewRecipients(firestore(), eventId, mail);
      if (outcome.state === 'failed') logger.warn(`The recipients review failed: ${outcome.reason}`, { eventId });
    } finally {
      mail.close();
    }
  },
);

/** A visitor whose result e-mail's link was used or expired asks for a fresh one: mailed once a minute at most, only to a bound address. */
export const onSignInLinkRequested = onDocumentCreated(
  {
    document: 'sign_in_link_requests/{requestId}',
    region: REGION,
    memory: '256MiB',
    timeoutSeconds: 60,
    maxInstances: 10,
    // A failure is written on the request; the visitor asks again.
    retry: false,
    secrets: [mailParams.password],
  },
  async (event) => {
    const requestId = event.params.requestId;
    const { sendFreshSignInLink } = await import('./emails/freshSignInLink.js');
    const outcome = await sendFreshSignInLink(firestore(), getAuth(defaultApp()), requestId, inviteMailer());
    if (outcome.state === 'failed') logger.warn(`A fresh sign-in link failed: ${outcome.reason ?? ''}`, { requestId });
  },
);

/** A presenter or provider asks for, accepts, declines or cancels a meeting, or says it was held: answered on the request. */
export const onMeetingRequested = onDocumentCreated(
  {
    document: 'meeting_requests/{requestId}',
    region: REGION,
    // A few reads and one transaction.
    memory: '256MiB',
    timeoutSeconds: 60,
    maxInstances: 10,
    // A failure leaves the request unanswered; the person asks again.
    retry: false,
  },
  async (event) => {
    const requestId = event.params.requestId;
    const outcome = await answerMeetingRequest(firestore(), requestId);
    if (outcome?.state === 'refused') logger.info(`A meeting request was refused: ${outcome.message}`, { requestId });
  },
);

/**
 * A meeting confirmed, moved or cancelled: the room display's meetings board follows, and both
 * people get the calendar invite or its update, once.
 */
export const onMeetingWritten = onDocumentWritten(
  {
    document: 'meetings/{meetingId}',
    region: REGION,
    // A few reads, the board's rebuild, two mails and two small writes.
    memory: '256MiB',
    timeoutSeconds: 120,
    maxInstances: 10,
    secrets: [mailParams.password],
    // A mail that failed is recorded on the meeting (its invites); repeating the trigger sends nothing twice.
    retry: false,
  },
  async (event) => {
    const before = event.data?.before.data() as MeetingDocument<unknown> | undefined;
    const after = event.data?.after.data() as MeetingDocument<unknown> | undefined;
    // A confirmed meeting appeared, moved or went: what the board shows and what the invites say.
    const due = inviteDue(before, after);
    if (!due) return;
    const meetingId = event.params.meetingId;
    const eventId = String(after?.event_id ?? before?.event_id ?? '');
    if (eventId) await rebuildMeetingBoard(firestore(), eventId);
    const { sendMeetingMails } = await import('./meetings/meetingMails.js');
    const outcome = await sendMeetingMails(firestore(), inviteMailer(), meetingId, due);
    if (outcome.state === 'failed' || outcome.state === 'refused') {
      logger.warn(`A meeting's invite was not sent: ${outcome.reason ?? ''}`, { meetingId, ...due });
    }
  },
);

/** An admin's Schedule all: every matched pair without a meeting gets a slot and a place, answered on the ask. */
export const onMeetingScheduleWritten = onDocumentWritten(
  {
    document: 'meeting_schedules/{eventId}',
    region: REGION,
    // Reads the event's matches and meetings and books the new meetings one transaction each.
    memory: '256MiB',
    timeoutSeconds: 300,
    maxInstances: 10,
    // A failure leaves the ask unanswered; the admin asks again.
    retry: false,
  },
  async (event) => {
    const after = event.data?.after;
    // Its own answer triggers this again and needs nothing.
    if (!after?.exists || !scheduleDue(after.data())) return;
    const eventId = event.params.eventId;
    const outcome = await scheduleAll(firestore(), eventId);
    logger.info(`Schedule all booked ${outcome.placed} meetings and left out ${outcome.unplaced.length}.`, { eventId });
  },
);

/** A roster trigger's settings: small and quick (a few document reads and one write). */
const rosterTrigger = {
  region: REGION,
  memory: '256MiB',
  timeoutSeconds: 60,
  maxInstances: 10,
  // As for the reactions: no redelivery for days; the sweep rebuilds the open events' rosters.
  retry: false,
} as const;

/** An event created, deleted, or with other presenters in its rounds: its roster is rebuilt (or deleted). */
export const onEventWritten = onDocumentWritten({ document: 'events/{eventId}', ...rosterTrigger }, async (event) => {
  const change = event.data;
  if (!change || !eventRosterChanged(change.before.data(), change.after.data())) return;
  await rebuildRoster(firestore(), event.params.eventId);
});

/** A presenter created, deleted, or with another company: the rosters of the events naming them are rebuilt. */
export const onPresenterWritten = onDocumentWritten({ document: 'presenters/{presenterId}', ...rosterTrigger }, async (event) => {
  const change = event.data;
  if (!change || !presenterRosterChanged(change.before.data(), change.after.data())) return;
  await rebuildRostersOf(firestore(), event.params.presenterId);
});

/**
 * Every 10 minutes, runs again what is still requested: a trigger is not redelivered (retry is
 * off) and an instance can die mid-run, leaving a flag raised with a claim nobody finishes. Each
 * handler decides for itself from the event (domain/matchingRun.ts, domain/emailingRun.ts): a
 * live claim is left alone, one older than its abandonment limit (10 minutes) is taken over, and
 * a flag with no claim runs. The open events' rosters are rebuilt too, in case a roster trigger
 * failed. Locally, the Functions emulator's runner calls it on the same schedule.
 */
export const sweepReactions = onSchedule(
  {
    schedule: 'every 10 minutes',
    region: REGION,
    memory: '512MiB',
    timeoutSeconds: 540,
    // The next sweep is the retry.
    retryCount: 0,
    secrets: [mailParams.password],
  },
  async () => {
    const events = firestore().collection('events');
    const [matching, emailing, open] = await Promise.all([
      events.where('is_matching', '==', true).get(),
      events.where('is_emailing', '==', true).get(),
      events.where('is_event_open', '==', true).get(),
    ]);
    for (const event of open.docs) await rebuildRoster(firestore(), event.id);
    const raised = new Map([...matching.docs, ...emailing.docs].map((doc) => [doc.id, doc.data()]));
    for (const [eventId, data] of raised) {
      for (const reaction of raisedReactions(data)) {
        logger.info(`Sweep: ${reaction} is still requested.`, { eventId });
        await dispatchReaction(reaction, { eventId });
      }
    }
  },
);
