// The result e-mails reaction (DECISIONS.md, "Result e-mails"): when an admin presses Send Emails
// (the event's `is_emailing`), mail every presenter of the event's final matches their providers
// and every matched provider their presenters. Triggers arrive at least once and two runners may
// see one request, so the run is claimed in a transaction ('running' with a run id) before
// anything is sent, and only the claim's owner records the outcome; when to run and to whom are
// the domain's decisions (domain/emailingRun.ts). Every recipient's send is recorded in
// email_sends/{eventId}_{key} (queued, then sent with the Message-ID or failed with the reason):
// a recipient already sent to is skipped, so pressing Send Emails again, or after a failed run,
// sends only what was not sent. When the event shares feedback, each presenter's mail
// sums up the feedback matching wrote them and links to its page. Before anything is sent the
// guard (domain/resultMailGuard.ts) leaves out providers who never rated, cuts the list to what
// the admin reviewed and refuses a run over the event's limit. The Cloud Function and the local
// worker both run this.

import { createHash, randomUUID } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import { FieldValue, Timestamp, type DocumentData, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import type { FinalMatchDocument, PresenterDetails } from '../../../domain/documents.js';
import { parseFeedbackQuestions, type QuestionFeedback } from '../../../domain/feedback.js';
import {
  decideEmailingRun,
  EMAILING_MAX_ATTEMPTS,
  emailingRetryDelayMs,
  recipientKey,
  resultRecipients,
  type EmailingCounts,
  type EmailingRunDecision,
  type EmailingStatus,
  type ResultRecipient,
} from '../../../domain/emailingRun.js';
import {
  applyReview,
  ceilingRefusal,
  guardResultRecipients,
  roundPresenterIds,
  type GuardedRecipients,
  type ReviewedRun,
} from '../../../domain/resultMailGuard.js';
import type { RenderedMail } from '../mail/inviteMail.js';
import type { MailMessage, Mailer } from '../mail/transport.js';
import { renderPresenterResultMail } from './presenterResultMail.js';
import { renderProviderResultMail } from './providerResultMail.js';
import { resultSignInLink } from './signInLinks.js';
import { confirmedReview, eventRatings } from './guardReads.js';
import type { ResultMailEvent } from './resultMails.js';
import { contactDetails, millis, record, text } from '../values.js';

export interface EmailingOptions {
  /** The time (ms) a claim's age is measured at; by default the server's, when it reads the event. */
  now?: number;
  /**
   * The Auth whose accounts the mails' sign-in links open (signInLinks.ts); without it, or without
   * the app's address, the mails carry the pages' plain addresses.
   */
  auth?: Auth;
}

/**
 * What became of one call: the run done or failed (with the counts when the recipients were
 * known, and how many mails this call sent); skipped (no request, or another runner's fresh
 * claim holds it); or superseded (our claim was taken over as abandoned, and its new owner
 * records the outcome).
 */
export type EmailingOutcome =
  | { state: 'done'; counts: EmailingCounts; sentNow: number }
  | { state: 'failed'; reason: string; counts?: EmailingCounts; sentNow: number }
  | { state: 'skipped' }
  | { state: 'superseded' };

/** email_sends/{id}: one recipient's result mail for one event. Written by the server only. */
export interface EmailSendDocument<Time = unknown> {
  event_id: string;
  role: ResultRecipient['role'];
  email: string;
  state: 'queued' | 'sent' | 'failed';
  /** When it entered this state. */
  at: Time;
  /** The run that wrote it. */
  run_id: string;
  /** Attempts of that run, once it ended. */
  attempts?: number;
  message_id?: string;
  reason?: string;
}

/** Mails in flight at once: the mail path's pool has as many connections (transport.ts). */
const CONCURRENCY = 3;
/** The longest failure reason kept on the event or a send record. */
const REASON_MAX_LENGTH = 500;

/** Whether the event, as written, needs an e-mailing run by `now` (ms) or a look again later. */
export function emailingRunDecision(data: DocumentData | undefined, now: number = Date.now()): EmailingRunDecision {
  const status = data?.emailing_status as EmailingStatus | undefined;
  return decideEmailingRun(
    {
      is_emailing: data?.is_emailing === true,
      emailing_status: status && { state: status.state, at: millis(status.at) },
    },
    now,
  );
}

const reasonOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, REASON_MAX_LENGTH) || 'Unknown error';

/** The send record's id: per event and recipient, hashed since an address may hold characters an id may not. */
export function emailSendId(eventId: string, recipient: Pick<ResultRecipient, 'role' | 'email'>): string {
  return `${eventId}_${createHash('sha256').update(recipientKey(recipient)).digest('hex')}`;
}

/**
 * Sends the event's result mails when they are requested and not already claimed, skipping
 * recipients already sent to, and records 'done' with the counts, or 'failed' with the reason
 * (and the counts when known), lowering `is_emailing` either way. Throws only when Firestore does
 * (the claim or the outcome cannot be written).
 */
export async function runEmailing(
  firestore: Firestore,
  eventId: string,
  mailer: Mailer,
  options: EmailingOptions = {},
): Promise<EmailingOutcome> {
  const ref = firestore.collection('events').doc(eventId);
  const runId = randomUUID();

  const event = await firestore.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    const data = snapshot.data();
    // The server's read time is "now": a claim's age is measured on the clock that stamped it.
    if (!data || emailingRunDecision(data, options.now ?? snapshot.readTime.toMillis()).action !== 'run') return undefined;
    const claim: EmailingStatus<FieldValue> = {
      state: 'running',
      at: FieldValue.serverTimestamp(),
      started_at: FieldValue.serverTimestamp(),
      run_id: runId,
    };
    transaction.update(ref, { emailing_status: claim });
    return data;
  });
  if (!event) return { state: 'skipped' };

  let run: RunResult;
  try {
    run = await sendResultMails(firestore, eventId, event, mailer, runId, options.auth);
  } catch (error) {
    const reason = reasonOf(error);
    const recorded = await recordOutcome(firestore, ref, runId, { state: 'failed', reason });
    return recorded ? { state: 'failed', reason, sentNow: 0 } : { state: 'superseded' };
  }
  const { counts, sentNow, reason } = run;
  const outcome = reason === undefined ? { state: 'done' as const, counts } : { state: 'failed' as const, reason, counts };
  const recorded = await recordOutcome(firestore, ref, runId, outcome);
  return recorded ? { ...outcome, sentNow } : { state: 'superseded' };
}

/**
 * Ends the run over our own claim only, in one update with `is_emailing` lowered; returns false
 * when the claim is no longer ours (taken over, or the event deleted meanwhile).
 */
async function recordOutcome(
  firestore: Firestore,
  ref: DocumentReference,
  runId: string,
  outcome: { state: 'done'; counts: EmailingCounts } | { state: 'failed'; reason: string; counts?: EmailingCounts },
): Promise<boolean> {
  return firestore.runTransaction(async (transaction) => {
    const claim = (await transaction.get(ref)).get('emailing_status') as EmailingStatus<Timestamp> | undefined;
    if (claim?.state !== 'running' || claim.run_id !== runId) return false;
    const status: EmailingStatus<Timestamp | FieldValue> = {
      ...outcome,
      at: FieldValue.serverTimestamp(),
      started_at: claim.started_at ?? claim.at,
      finished_at: FieldValue.serverTimestamp(),
    };
    transaction.update(ref, { emailing_status: status, is_emailing: false });
    return true;
  });
}

interface RunResult {
  counts: EmailingCounts;
  sentNow: number;
  /** Why the run failed, when a recipient's mail did. */
  reason?: string;
}

type Delivery = { state: 'sent'; now: boolean } | { state: 'failed'; reason: string };

/**
 * Reads the event's final matches, applies the guard and the admin's review, and sends every
 * recipient's mail not yet sent, a few at a time; a run over the event's limit sends nothing.
 */
async function sendResultMails(
  firestore: Firestore,
  eventId: string,
  event: DocumentData,
  mailer: Mailer,
  runId: string,
  auth: Auth | undefined,
): Promise<RunResult> {
  const matches = await firestore.collection('final_matches').where('event_id', '==', eventId).get();
  const finals = matches.docs.map((doc) => finalMatchOf(doc.data()));
  if (resultRecipients(finals).length === 0) {
    return {
      counts: { sent: 0, failed: 0, total: 0 },
      sentNow: 0,
      reason: 'The event has no final matches to mail: run matching first.',
    };
  }
  const guarded = guardResultRecipients(finals, await eventRatings(firestore, eventId), roundPresenterIds(record(event.rounds)));
  const review = await confirmedReview(firestore, eventId);
  const run: ReviewedRun = review
    ? applyReview(guarded.recipients, review)
    : { send: guarded.recipients, notReviewed: [], excluded: [] };
  const recipients = run.send;
  const refusal = ceilingRefusal(recipients.length, guarded);
  if (refusal)
    return { counts: reportCounts({ sent: 0, failed: 0, total: recipients.length }, guarded, run), sentNow: 0, reason: refusal };

  const mailEvent = resultMailEvent(event, eventId, mailer.appUrl);
  const feedback = event.share_feedback === true ? await feedbackByEmail(firestore, eventId, matches.docs, mailer) : null;

  // The sign-in link opens the recipient's own account on the page that is theirs: a presenter's
  // feedback (when the event shares it), else their meetings (when the event has them), a
  // provider's matches (which lead to their meetings).
  const pageOf = (recipient: ResultRecipient): string | null => {
    if (!mailer.appUrl) return null;
    if (recipient.role === 'provider') return `${mailer.appUrl}/results`;
    return feedback?.get(recipient.email.trim().toLowerCase())?.url ?? (recipient.meets ? mailEvent.meetingsUrl : null);
  };
  const signInLink = async (recipient: ResultRecipient): Promise<string | null> => {
    const uid = guarded.accounts.get(recipientKey(recipient));
    const page = pageOf(recipient);
    return auth && uid && page ? resultSignInLink(auth, uid, recipient.email, page) : null;
  };
  const deliveries = await inLanes(recipients, CONCURRENCY, (recipient) =>
    deliver(
      firestore,
      eventId,
      runId,
      recipient,
      async () => renderFor(recipient, mailEvent, mailer.organisation, feedback, await signInLink(recipient)),
      mailer,
    ),
  );
  const failures = deliveries.filter((delivery) => delivery.state === 'failed');
  const sent = deliveries.length - failures.length;
  const counts = reportCounts({ sent, failed: failures.length, total: recipients.length }, guarded, run);
  const sentNow = deliveries.filter((delivery) => delivery.state === 'sent' && delivery.now).length;
  const [first] = failures;
  return {
    counts,
    sentNow,
    reason: first && `${failures.length} of ${recipients.length} e-mails could not be sent. First error: ${first.reason}`,
  };
}

/** The run's counts, with who was left out and who appeared after the review when there are any. */
function reportCounts(counts: EmailingCounts, guarded: GuardedRecipients, run: ReviewedRun): EmailingCounts {
  const leftOut = guarded.leftOut.length + run.excluded.length;
  return {
    ...counts,
    ...(leftOut > 0 ? { left_out: leftOut } : {}),
    ...(run.notReviewed.length > 0 ? { not_reviewed: run.notReviewed.length } : {}),
  };
}

/** The event as the result mails name it. */
export function resultMailEvent(event: DocumentData, eventId: string, appUrl: string | undefined): ResultMailEvent {
  const meetings = record(event.meetings).enabled === true;
  return {
    title: text(event.title),
    normalLogo: typeof event.normalLogo === 'string' && event.normalLogo ? event.normalLogo : null,
    meetingsUrl: meetings && appUrl ? `${appUrl}/meetings/${encodeURIComponent(eventId)}` : null,
  };
}

export type PresenterFeedbackMail = { questions: QuestionFeedback[]; url: string | null };

/**
 * The feedback matching wrote for the event's presenters (events/{id}/feedback), by the presenter's
 * address as the final matches hold it, with the link to the feedback page when the app's address
 * is known. Read as domain/feedback.ts stores it: a malformed question, or one of an unknown type,
 * is left out rather than failing the mails.
 */
export async function feedbackByEmail(
  firestore: Firestore,
  eventId: string,
  matches: { get(field: string): unknown }[],
  mailer: Mailer,
): Promise<Map<string, PresenterFeedbackMail>> {
  const stored = await firestore.collection('events').doc(eventId).collection('feedback').get();
  const questionsOf = new Map(stored.docs.map((doc) => [doc.id, parseFeedbackQuestions(doc.get('questions'))]));
  const url = mailer.appUrl ? `${mailer.appUrl}/feedback/${encodeURIComponent(eventId)}` : null;
  const byEmail = new Map<string, PresenterFeedbackMail>();
  for (const match of matches) {
    const questions = questionsOf.get(text(match.get('presenter_id')));
    const email = text(record(match.get('presenter_details')).email)
      .trim()
      .toLowerCase();
    if (questions && email && !byEmail.has(email)) byEmail.set(email, { questions, url });
  }
  return byEmail;
}

/** A recipient's mail; `signInLink`, when given, stands for the page's address (feedback, meetings or matches). */
export function renderFor(
  recipient: ResultRecipient,
  event: ResultMailEvent,
  organisation: string,
  feedback: Map<string, PresenterFeedbackMail> | null,
  signInLink: string | null = null,
): Promise<RenderedMail> {
  const input = { organisation, event, firstName: recipient.first_name };
  if (recipient.role === 'provider') {
    return renderProviderResultMail({ ...input, presenters: recipient.presenters, resultsUrl: signInLink });
  }
  const shared = feedback?.get(recipient.email.trim().toLowerCase());
  const meetingsUrl = recipient.meets ? event.meetingsUrl : null;
  return renderPresenterResultMail({
    ...input,
    providers: recipient.providers,
    feedback: shared && { ...shared, url: signInLink ?? shared.url },
    // The link signs in on the feedback page when there is one: My meetings is one tap from there.
    meetingsUrl: meetingsUrl && (shared ? meetingsUrl : (signInLink ?? meetingsUrl)),
  });
}

/**
 * One recipient's mail: skipped when its record says sent; otherwise queued, sent with retries and
 * recorded as sent or failed. Only our run's claim on the event lets us here, so the record needs
 * no claim of its own; 'queued' left by a runner that died is sent again.
 */
async function deliver(
  firestore: Firestore,
  eventId: string,
  runId: string,
  recipient: ResultRecipient,
  render: () => Promise<RenderedMail>,
  mailer: Mailer,
): Promise<Delivery> {
  const ref = firestore.collection('email_sends').doc(emailSendId(eventId, recipient));
  const record = { event_id: eventId, role: recipient.role, email: recipient.email, run_id: runId };
  const due = await firestore.runTransaction(async (transaction) => {
    if ((await transaction.get(ref)).get('state') === 'sent') return false;
    const queued: EmailSendDocument<FieldValue> = { ...record, state: 'queued', at: FieldValue.serverTimestamp() };
    transaction.set(ref, queued);
    return true;
  });
  if (!due) return { state: 'sent', now: false };

  // A mail that cannot even be rendered is a failure to record, not a 'queued' to leave behind.
  const result: SendResult = await render().then(
    (mail) => sendWithRetries(mailer, { to: recipient.email, ...mail }),
    (error: unknown) => ({ state: 'failed', attempts: 0, reason: reasonOf(error) }),
  );
  const outcome: EmailSendDocument<FieldValue> = {
    ...record,
    state: result.state,
    at: FieldValue.serverTimestamp(),
    attempts: result.attempts,
    ...(result.state === 'sent' ? { message_id: result.messageId } : { reason: result.reason }),
  };
  await ref.set(outcome);
  return result.state === 'sent' ? { state: 'sent', now: true } : { state: 'failed', reason: result.reason };
}

export type SendResult =
  { state: 'sent'; attempts: number; messageId: string } | { state: 'failed'; attempts: number; reason: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function sendWithRetries(mailer: Mailer, message: MailMessage): Promise<SendResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return { state: 'sent', attempts: attempt, messageId: await mailer.sendMail(message) };
    } catch (error) {
      if (attempt >= EMAILING_MAX_ATTEMPTS) return { state: 'failed', attempts: attempt, reason: reasonOf(error) };
      await sleep(emailingRetryDelayMs(attempt));
    }
  }
}

/**
 * `work` on every item, at most `lanes` at once, results in the items' order. Every lane finishes
 * before the first error is thrown, so nothing is still sending when the run records its outcome.
 */
async function inLanes<T, R>(items: readonly T[], lanes: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  // One iterator shared by the lanes: each item is taken once, by whichever lane is free.
  const queue = items.entries();
  const settled = await Promise.allSettled(
    Array.from({ length: Math.min(lanes, items.length) }, async () => {
      for (const [index, item] of queue) results[index] = await work(item);
    }),
  );
  const failure = settled.find((lane) => lane.status === 'rejected');
  if (failure) throw failure.reason;
  return results;
}

/** A stored final match read defensively: an admin may have written one by hand. */
export function finalMatchOf(data: DocumentData): FinalMatchDocument {
  const presenter = record(data.presenter_details);
  const presenterDetails: PresenterDetails = {
    ...contactDetails(presenter),
    linkedin_url: text(presenter.linkedin_url) || null,
    profile_url: text(presenter.profile_url) || null,
  };
  const matched = Array.isArray(data.matched_providers) ? data.matched_providers.map(record) : [];
  return {
    event_id: text(data.event_id),
    presenter_id: text(data.presenter_id),
    presenter_details: presenterDetails,
    matched_providers: matched.map((match) => ({
      provider_id: text(match.provider_id),
      provider_details: contactDetails(match.provider_details),
    })),
  };
}
