// The result e-mails' guard and the recipients review against a real SMTP server and
// firebase-admin on the local backend (docs/email.md, "Who gets a result e-mail"): a provider
// profile that never rated a presenter of the event gets nothing; two profiles with one address get
// one mail; a run over the event's limit (raters plus presenters) sends nothing and says why on the
// event, as the control screen shows it; and the review reaction answers with the list, who was
// left out and why, and one mail of each kind, after which the run sends exactly the reviewed list
// less what the admin left out, reporting a recipient who appeared since instead of mailing them.

import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import functionsTest from 'firebase-functions-test';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { PresenterDetails, ProviderDetails } from '../../domain/documents';
import { FALLBACK_PROVIDER_ID } from '../../domain/matching';
import { LEFT_OUT_REASONS } from '../../domain/resultMailGuard';
import { reviewRecipients } from '../../functions/src/emails/recipientReview';
import { runEmailing } from '../../functions/src/emails/runEmailing';
import { createMailer, type Mailer } from '../../functions/src/mail/transport';
import { describeReaction } from '../../src/lib/reactionStatus';
import { storedEvent, useAdminDb } from '../db/appDb';
import { uniqueProjectId } from '../support/emulators';
import { addressOf, startSmtpCatcher, type SmtpCatcher } from '../support/smtpCatcher';
import {
  EVENT,
  finalMatch,
  KIM,
  LEE,
  OFFICE,
  setAnswer,
  setMailParams,
  storedEventData,
  type ReactionAnswer,
} from './reactionFixtures';

const projectId = uniqueProjectId('mail-guard');
const admin = useAdminDb(projectId);

const ORGANISATION = 'Northfield Polytechnic Innovation Office';
const TITLE = 'Med-Tech Pitch Session';

const presenter = (first_name: string, last_name: string): PresenterDetails => ({
  first_name,
  last_name,
  email: `${first_name.toLowerCase()}@example.com`,
  company: `${last_name} Labs`,
  linkedin_url: null,
  profile_url: null,
});
const ADA = presenter('Ada', 'Okafor');
const LIN = presenter('Lin', 'Chen');
const SAM = presenter('Sam', 'Rivera');
/** A profile someone made with a stranger's address: matched by hand-made data, never rated. */
const STRANGER: ProviderDetails = {
  first_name: 'Max',
  last_name: 'Mustermann',
  email: 'stranger@example.org',
  company: 'Nowhere',
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function smtp(): Promise<SmtpCatcher> {
  const catcher = await startSmtpCatcher();
  cleanups.push(() => catcher.close());
  return catcher;
}

function mailer(port: number): Mailer {
  const made = createMailer({ host: '127.0.0.1', port, secure: false, from: OFFICE.email, organisation: ORGANISATION });
  cleanups.push(() => made.close());
  return made;
}

const recipientsOf = (catcher: SmtpCatcher): string[] => catcher.mails.map(addressOf).sort();

interface Seed {
  matches: [PresenterDetails, [string, ProviderDetails][]][];
  answers: ReactionAnswer[];
  /** The presenters in the event's rounds (by default those of storedEvent: Ada, Lin and Sam). */
  rounds?: PresenterDetails[];
  requested?: boolean;
}

async function seed(db: Firestore, { matches, answers, rounds, requested = true }: Seed): Promise<void> {
  const batch = db.batch();
  const roundEntries = rounds && {
    round_1: rounds.map((details) => ({
      presenter_id: `p-${details.first_name.toLowerCase()}`,
      first_name: details.first_name,
      last_name: details.last_name,
    })),
  };
  batch.set(db.collection('events').doc(EVENT), {
    ...storedEvent({ title: TITLE, rounds: roundEntries }),
    is_emailing: requested,
  });
  for (const [details, providers] of matches) {
    const match = finalMatch(EVENT, details, providers);
    batch.set(db.collection('final_matches').doc(`${EVENT}_${match.presenter_id}`), match);
  }
  for (const answer of answers) setAnswer(batch, db, EVENT, answer);
  await batch.commit();
}

describe('the guard on a run', () => {
  it('sends nothing to a provider profile that never rated a presenter of the event, and reports it as left out', async () => {
    const db = admin();
    const catcher = await smtp();
    await seed(db, {
      matches: [
        [
          ADA,
          [
            ['prov-kim', KIM],
            ['prov-stranger', STRANGER],
          ],
        ],
      ],
      // A written answer and a rating in another event are not ratings of this event's presenters.
      answers: [
        ['prov-kim', 'p-ada', 'q-team', 5, null],
        ['prov-stranger', 'p-ada', 'q-advice', null, 'Call me'],
      ],
    });
    await db.doc(`responses/prov-stranger_other-event_p-ada_q-team`).set({
      event_id: 'other-event',
      question_id: 'q-team',
      presenter_id: 'p-ada',
      provider_id: 'prov-stranger',
      type: 'stars',
      rating: 5,
      comment: null,
      response: null,
      updated_at: FieldValue.serverTimestamp(),
    });

    const outcome = await runEmailing(db, EVENT, mailer(catcher.port));

    expect(outcome).toEqual({ state: 'done', counts: { sent: 2, failed: 0, total: 2, left_out: 1 }, sentNow: 2 });
    expect(recipientsOf(catcher)).toEqual([ADA.email, KIM.email].sort());
    // Ada's own mail still lists every match: only the stranger's address is not written to.
    expect(catcher.mails.find((mail) => addressOf(mail) === ADA.email)?.text).toContain('Kim Park');
  });

  it('sends one mail to an address two profiles share, when one of them rated', async () => {
    const db = admin();
    const catcher = await smtp();
    const kimOnPhone = { ...KIM, email: 'Kim@Example.com ' };
    await seed(db, {
      matches: [
        [ADA, [['prov-kim-laptop', KIM]]],
        [LIN, [['prov-kim-phone', kimOnPhone]]],
      ],
      answers: [['prov-kim-phone', 'p-lin', 'q-team', 4, null]],
    });

    const outcome = await runEmailing(db, EVENT, mailer(catcher.port));

    expect(outcome).toEqual({ state: 'done', counts: { sent: 3, failed: 0, total: 3 }, sentNow: 3 });
    expect(recipientsOf(catcher)).toEqual([ADA.email, KIM.email, LIN.email].sort());
    const kim = catcher.mails.find((mail) => addressOf(mail) === KIM.email);
    expect(kim?.text).toContain('Ada Okafor');
    expect(kim?.text).toContain('Lin Chen');
  });

  it('refuses a run over the limit of raters plus presenters, sending nothing, with the reason the control screen shows', async () => {
    const db = admin();
    const catcher = await smtp();
    // Hand-made final matches name three presenters, but only Ada is in the rounds and one provider rated.
    await seed(db, {
      rounds: [ADA],
      matches: [
        [ADA, [['prov-kim', KIM]]],
        [LIN, [[FALLBACK_PROVIDER_ID, OFFICE]]],
        [SAM, [[FALLBACK_PROVIDER_ID, OFFICE]]],
      ],
      answers: [['prov-kim', 'p-ada', 'q-team', 5, null]],
    });

    const outcome = await runEmailing(db, EVENT, mailer(catcher.port));

    const reason =
      "Not sent: 4 e-mails are more than this event's limit of 2 (1 providers who rated + 1 presenters). " +
      'Check the final matches, or leave addresses out in the review.';
    expect(outcome).toEqual({ state: 'failed', reason, counts: { sent: 0, failed: 0, total: 4 }, sentNow: 0 });
    expect(catcher.mails).toEqual([]);
    expect((await db.collection('email_sends').where('event_id', '==', EVENT).get()).size).toBe(0);
    const event = await storedEventData(db);
    expect(event).toMatchObject({ is_emailing: false, emailing_status: { state: 'failed', reason } });
    expect(describeReaction('E-mails', false, { state: 'failed', at: null, reason: event.emailing_status.reason })).toBe(
      `E-mails failed: ${reason}`,
    );
  });
});

/** The admin's Send Emails: asks for a review (the whole document replaced by the request). */
async function askForReview(db: Firestore): Promise<void> {
  await db.collection('email_reviews').doc(EVENT).set({ requested_at: FieldValue.serverTimestamp(), requested_by: 'admin-uid' });
}

async function storedReview(db: Firestore): Promise<Record<string, unknown>> {
  return (await db.collection('email_reviews').doc(EVENT).get()).data() ?? {};
}

/** The admin confirms the stored answer, leaving `excluded` out, and raises is_emailing. */
async function confirm(db: Firestore, excluded: { role: string; email: string }[]): Promise<void> {
  const review = await storedReview(db);
  await db
    .collection('email_reviews')
    .doc(EVENT)
    .update({
      confirmed: { review_id: review.review_id, excluded, at: FieldValue.serverTimestamp(), by: 'admin-uid' },
    });
  await db.collection('events').doc(EVENT).update({ is_emailing: true });
}

const SPRING: Seed = {
  matches: [
    [
      ADA,
      [
        ['prov-kim', KIM],
        ['prov-lee', LEE],
        ['prov-stranger', STRANGER],
      ],
    ],
    [LIN, [['prov-lee', LEE]]],
  ],
  answers: [
    ['prov-kim', 'p-ada', 'q-team', 5, 'Strong team'],
    ['prov-lee', 'p-lin', 'q-team', 4, null],
  ],
  requested: false,
};

describe('the recipients review', () => {
  it('answers with the recipients, who is left out and why, the limit, and one mail of each kind as it will be sent', async () => {
    const db = admin();
    const catcher = await smtp();
    await seed(db, SPRING);
    await askForReview(db);

    expect(await reviewRecipients(db, EVENT, mailer(catcher.port))).toEqual({ state: 'ready', recipients: 4, leftOut: 1 });

    const review = await storedReview(db);
    expect(review).toMatchObject({
      requested_by: 'admin-uid',
      state: 'ready',
      review_id: expect.any(String),
      recipients: [
        { role: 'presenter', email: ADA.email, first_name: 'Ada', last_name: 'Okafor' },
        { role: 'presenter', email: LIN.email, first_name: 'Lin', last_name: 'Chen' },
        { role: 'provider', email: KIM.email, first_name: 'Kim', last_name: 'Park' },
        { role: 'provider', email: LEE.email, first_name: 'Lee', last_name: 'Moreau' },
      ],
      left_out: [
        {
          role: 'provider',
          email: STRANGER.email,
          first_name: 'Max',
          last_name: 'Mustermann',
          reason: LEFT_OUT_REASONS.neverRated,
        },
      ],
      raters: 2,
      presenters: 3,
      limit: 5,
      previews: {
        presenter: { to: ADA.email, subject: `Your matches from ${TITLE}` },
        provider: { to: KIM.email, subject: `The presenters matched with you at ${TITLE}` },
      },
    });
    const previews = review.previews as Record<string, { text: string }>;
    expect(previews.presenter?.text).toContain('Hello Ada,');
    expect(previews.presenter?.text).toContain('Kim Park');
    expect(previews.provider?.text).toContain('Hello Kim,');
    // A review sends nothing, and an answered request is not answered again.
    expect(catcher.mails).toEqual([]);
    expect(await reviewRecipients(db, EVENT, mailer(catcher.port))).toEqual({ state: 'skipped' });
  });

  it('sends exactly the reviewed list less what the admin left out, and reports a recipient who appeared since', async () => {
    const db = admin();
    const catcher = await smtp();
    await seed(db, SPRING);
    await askForReview(db);
    await reviewRecipients(db, EVENT, mailer(catcher.port));
    // After the review, the stranger's profile rates: the address is now due, but nobody reviewed it.
    const late = db.batch();
    setAnswer(late, db, EVENT, ['prov-stranger', 'p-ada', 'q-team', 5, null]);
    await late.commit();

    await confirm(db, [{ role: 'provider', email: LEE.email }]);
    const outcome = await runEmailing(db, EVENT, mailer(catcher.port));

    expect(outcome).toEqual({
      state: 'done',
      counts: { sent: 3, failed: 0, total: 3, left_out: 1, not_reviewed: 1 },
      sentNow: 3,
    });
    expect(recipientsOf(catcher)).toEqual([ADA.email, KIM.email, LIN.email].sort());
    const event = await storedEventData(db);
    expect(describeReaction('E-mails', false, { state: 'done', at: null, counts: event.emailing_status.counts })).toBe(
      'E-mails: done (sent: 3, failed: 0, total: 3, left out: 1, not reviewed: 1)',
    );
  });
});

describe('the Cloud Function (wrapped with firebase-functions-test)', () => {
  const functions = functionsTest({ projectId });
  afterAll(() => functions.cleanup());

  it('onEmailReviewWritten answers a request, and leaves an answered one alone', async () => {
    const db = admin();
    const catcher = await smtp();
    setMailParams(projectId, catcher.port, { from: OFFICE.email, organisation: ORGANISATION });
    await seed(db, SPRING);
    const { onEmailReviewWritten } = await import('../../functions/src/index');
    const wrapped = functions.wrap(onEmailReviewWritten);
    await askForReview(db);
    const requested = await db.collection('email_reviews').doc(EVENT).get();

    await wrapped({ params: { eventId: EVENT }, data: functions.makeChange(requested, requested) });

    const answered = await storedReview(db);
    expect(answered).toMatchObject({ state: 'ready', recipients: expect.any(Array) });
    const after = await db.collection('email_reviews').doc(EVENT).get();
    await wrapped({ params: { eventId: EVENT }, data: functions.makeChange(requested, after) });
    expect((await storedReview(db)).review_id).toBe(answered.review_id);
  });
});
