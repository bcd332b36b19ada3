// Feedback presenters take home with firebase-admin on the local backend and a real SMTP
// server: when the event shares feedback, matching writes events/{id}/feedback/{presenterId} for
// each presenter of its rounds (per question the count, mean, distribution and comments, with no
// provider named; nothing of a question with 2 raters); with the setting off nothing is written,
// and turning it off takes back what an earlier run wrote. The presenter's result e-mail sums the
// feedback up and links to its page; with the setting off it says nothing of feedback. The Cloud
// Function (wrapped with firebase-functions-test) runs both, with the app's address from APP_URL.

import type { Firestore } from 'firebase-admin/firestore';
import functionsTest from 'firebase-functions-test';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runEmailing } from '../../functions/src/emails/runEmailing';
import { createMailer, type Mailer } from '../../functions/src/mail/transport';
import { runMatching } from '../../functions/src/matching/runMatching';
import { storedEvent, useAdminDb } from '../db/appDb';
import { uniqueProjectId } from '../support/emulators';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtpCatcher';
import {
  EVENT,
  KIM,
  LEE,
  mailTo,
  OFFICE,
  reactionPresenter,
  setAnswer,
  setMailParams,
  type ReactionAnswer,
} from './reactionFixtures';

const projectId = uniqueProjectId('feedback');
const admin = useAdminDb(projectId);
const APP_URL = 'https://pitch.example.edu';
const FEEDBACK_URL = `${APP_URL}/feedback/${EVENT}`;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function smtp(): Promise<SmtpCatcher> {
  const catcher = await startSmtpCatcher();
  cleanups.push(() => catcher.close());
  return catcher;
}

function mailer(port: number, appUrl: string | undefined = APP_URL): Mailer {
  const made = createMailer({ host: '127.0.0.1', port, secure: false, from: OFFICE.email, organisation: 'Office', appUrl });
  cleanups.push(() => made.close());
  return made;
}

const PROVIDERS = {
  'prov-kim': KIM,
  'prov-lee': LEE,
  'prov-noa': { first_name: 'Noa', last_name: 'Hale', email: 'noa@example.com', company: 'Hale Ventures' },
  'prov-ola': { first_name: 'Ola', last_name: 'Berg', email: 'ola@example.com', company: 'Berg Capital' },
};

/**
 * Ada is rated on market access by four providers (5, 4, 4, 3, with two comments), on team by two
 * (too few to share), and three wrote her advice. Lin got one rating. Sam got none.
 */
const ANSWERS: ReactionAnswer[] = [
  ['prov-kim', 'p-ada', 'q-market', 5, 'Strong pilot data.'],
  ['prov-lee', 'p-ada', 'q-market', 4, null],
  ['prov-noa', 'p-ada', 'q-market', 4, 'Clear ask.'],
  ['prov-ola', 'p-ada', 'q-market', 3, null],
  ['prov-kim', 'p-ada', 'q-team', 2, 'Who is the CTO?'],
  ['prov-lee', 'p-ada', 'q-team', 5, null],
  ['prov-kim', 'p-ada', 'q-advice', null, 'Talk to hospital buyers.'],
  ['prov-lee', 'p-ada', 'q-advice', null, 'Price per bed.'],
  ['prov-noa', 'p-ada', 'q-advice', null, 'Apply for the grant.'],
  ['prov-kim', 'p-lin', 'q-market', 5, 'Great.'],
];

async function seed(db: Firestore, event: Record<string, unknown>): Promise<void> {
  const batch = db.batch();
  const questions = [
    ['q-market', 1, 'stars', 'Market access'],
    ['q-team', 2, 'stars', 'Team'],
    ['q-advice', 3, 'text', 'Advice'],
  ] as const;
  for (const [id, question_number, type, title] of questions) {
    batch.set(db.collection('questions').doc(id), { question_number, type, title, questions: title, question: title });
  }
  for (const [id, first, last] of [
    ['p-ada', 'Ada', 'Okafor'],
    ['p-lin', 'Lin', 'Chen'],
    ['p-sam', 'Sam', 'Rivera'],
  ] as const) {
    batch.set(db.collection('presenters').doc(id), reactionPresenter(first, last));
  }
  for (const [id, details] of Object.entries(PROVIDERS)) {
    batch.set(db.collection('providers').doc(id), { ...details, phone: '', terms_accepted: true });
  }
  batch.set(db.collection('events').doc(EVENT), {
    ...storedEvent({
      rounds: {
        round_1: [
          { presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' },
          { presenter_id: 'p-lin', first_name: 'Lin', last_name: 'Chen' },
          { presenter_id: 'p-sam', first_name: 'Sam', last_name: 'Rivera' },
        ],
      },
    }),
    is_matching: true,
    ...event,
  });
  for (const answer of ANSWERS) setAnswer(batch, db, EVENT, answer);
  await batch.commit();
}

const feedbackDocs = async (db: Firestore) =>
  Object.fromEntries(
    (await db.collection('events').doc(EVENT).collection('feedback').get()).docs.map((doc) => [doc.id, doc.data()]),
  );

/** What Ada's result mail says of her feedback (the plain text writes the heading in capitals). */
const ADA_SUMMARY = [
  'HOW YOUR PITCH WAS RATED',
  'Market access: 4.0 of 5 from 4 ratings',
  'Team: Not enough ratings to share',
  'Advice: 3 answers',
];

describe('matching with "Share feedback with presenters" on', () => {
  it('writes each presenter their ratings and comments per question, with no provider named and nothing of a question with 2 raters', async () => {
    const db = admin();
    await seed(db, { share_feedback: true });

    expect(await runMatching(db, EVENT, { fallback: OFFICE })).toMatchObject({ state: 'done' });

    const feedback = await feedbackDocs(db);
    expect(Object.keys(feedback).sort()).toEqual(['p-ada', 'p-lin', 'p-sam']);
    expect(feedback['p-ada']).toMatchObject({
      event_id: EVENT,
      presenter_id: 'p-ada',
      event_title: 'Med-Tech Pitch Session',
      presenter_name: 'Ada Okafor',
      questions: [
        {
          question_id: 'q-market',
          title: 'Market access',
          shared: true,
          count: 4,
          mean: 4,
          distribution: [0, 0, 1, 2, 1],
          comments: ['Clear ask.', 'Strong pilot data.'],
        },
        { question_id: 'q-team', title: 'Team', type: 'stars', shared: false },
        {
          question_id: 'q-advice',
          shared: true,
          count: 3,
          comments: ['Apply for the grant.', 'Price per bed.', 'Talk to hospital buyers.'],
        },
      ],
    });
    expect(feedback['p-ada']?.questions[1]).not.toHaveProperty('comments');
    expect(feedback['p-lin']?.questions.every((question: { shared: boolean }) => !question.shared)).toBe(true);
    const stored = JSON.stringify(feedback);
    for (const [id, provider] of Object.entries(PROVIDERS)) {
      for (const trace of [id, provider.first_name, provider.last_name, provider.email, provider.company]) {
        expect(stored).not.toContain(trace);
      }
    }
  });

  it('mails each presenter the summary and the link to their feedback page', async () => {
    const db = admin();
    const catcher = await smtp();
    await seed(db, { share_feedback: true });
    await runMatching(db, EVENT, { fallback: OFFICE });
    await db.collection('events').doc(EVENT).update({ is_emailing: true });

    expect(await runEmailing(db, EVENT, mailer(catcher.port))).toMatchObject({ state: 'done' });

    const ada = mailTo(catcher, 'ada@example.com');
    for (const line of ADA_SUMMARY) expect(ada.text).toContain(line);
    expect(ada.text).toContain(FEEDBACK_URL);
    expect(ada.html).toContain('How your pitch was rated');
    expect(ada.html).toContain(`href="${FEEDBACK_URL}"`);
    // Comments stay on the page, behind the rules; the mail carries the numbers only.
    expect(ada.text).not.toContain('Strong pilot data.');
    expect(mailTo(catcher, 'lin@example.com').text).toContain('Market access: Not enough ratings to share');
    // Providers' mails say nothing of feedback.
    expect(mailTo(catcher, 'kim@example.com').text).not.toContain('HOW YOUR PITCH WAS RATED');
  });
});

describe('a question of a type this version does not know', () => {
  it('is left out of matching, the feedback and the mail, and its answers stay as stored', async () => {
    const db = admin();
    const catcher = await smtp();
    await seed(db, { share_feedback: true });
    // A newer version's Yes/No question, answered by three providers about Sam, who has no other answers.
    const batch = db.batch();
    batch.set(db.collection('questions').doc('q-poll'), { question_number: 4, type: 'yesno', title: 'Would you pilot it?' });
    const stored = (provider: string) => ({
      event_id: EVENT,
      question_id: 'q-poll',
      presenter_id: 'p-sam',
      provider_id: provider,
      type: 'yesno',
      rating: 5,
      comment: null,
      response: 'yes',
      updated_at: new Date('2026-11-01T10:00:00Z'),
    });
    for (const provider of ['prov-kim', 'prov-lee', 'prov-noa']) {
      batch.set(db.doc(`responses/${provider}_${EVENT}_p-sam_q-poll`), stored(provider));
    }
    await batch.commit();

    expect(await runMatching(db, EVENT, { fallback: OFFICE })).toMatchObject({ state: 'done' });
    await db.collection('events').doc(EVENT).update({ is_emailing: true });
    expect(await runEmailing(db, EVENT, mailer(catcher.port))).toMatchObject({ state: 'done' });

    // Its 5s do not count as star ratings: Sam still gets the innovation office's fallback.
    const sam = (await db.collection('final_matches').where('presenter_id', '==', 'p-sam').get()).docs[0]?.data();
    expect(sam?.matched_providers.map((match: { provider_id: string }) => match.provider_id)).toEqual(['innovation-office']);
    const feedback = await feedbackDocs(db);
    expect(feedback['p-sam']?.questions.map((question: { question_id: string }) => question.question_id)).toEqual([
      'q-market',
      'q-team',
      'q-advice',
    ]);
    expect(mailTo(catcher, 'sam@example.com').text).not.toContain('Would you pilot it?');
    const kept = await db.doc(`responses/prov-kim_${EVENT}_p-sam_q-poll`).get();
    expect({ ...kept.data(), updated_at: kept.get('updated_at').toDate() }).toEqual(stored('prov-kim'));
  });
});

describe('matching with "Share feedback with presenters" off', () => {
  it('writes no feedback, and the presenter’s mail says nothing of it', async () => {
    const db = admin();
    const catcher = await smtp();
    await seed(db, {});
    await runMatching(db, EVENT, { fallback: OFFICE });
    expect(await feedbackDocs(db)).toEqual({});

    await db.collection('events').doc(EVENT).update({ is_emailing: true });
    await runEmailing(db, EVENT, mailer(catcher.port));
    const ada = mailTo(catcher, 'ada@example.com');
    expect(ada.text).not.toContain('HOW YOUR PITCH WAS RATED');
    expect(ada.text).not.toContain('/feedback/');
  });

  it('takes back the feedback an earlier run shared', async () => {
    const db = admin();
    await seed(db, { share_feedback: true });
    await runMatching(db, EVENT, { fallback: OFFICE });
    expect(Object.keys(await feedbackDocs(db))).toHaveLength(3);

    await db.collection('events').doc(EVENT).update({ share_feedback: false, is_matching: true });
    expect(await runMatching(db, EVENT, { fallback: OFFICE })).toMatchObject({ state: 'done' });
    expect(await feedbackDocs(db)).toEqual({});
  });

  it('fails the run, writing nothing, when the setting is not true or false', async () => {
    const db = admin();
    await seed(db, { share_feedback: 'yes' });
    expect(await runMatching(db, EVENT, { fallback: OFFICE })).toEqual({
      state: 'failed',
      reason: "The event's share_feedback is not true or false.",
    });
    expect(await feedbackDocs(db)).toEqual({});
  });
});

describe('the Cloud Function (wrapped with firebase-functions-test)', () => {
  const functions = functionsTest({ projectId });
  afterAll(() => functions.cleanup());

  it('onEventUpdated, with matching and e-mails raised together, writes the feedback and mails a sign-in link to it from APP_URL', async () => {
    const db = admin();
    const catcher = await smtp();
    setMailParams(projectId, catcher.port, { from: OFFICE.email, organisation: 'Office', more: { APP_URL: `${APP_URL}/` } });
    cleanups.push(() => {
      delete process.env.APP_URL;
    });
    await seed(db, { share_feedback: true, is_matching: false });
    const onEventUpdated = functions.wrap((await import('../../functions/src/index')).onEventUpdated);
    const before = await db.collection('events').doc(EVENT).get();
    await db.collection('events').doc(EVENT).update({ is_matching: true, is_emailing: true });
    const after = await db.collection('events').doc(EVENT).get();

    await onEventUpdated({ params: { eventId: EVENT }, data: functions.makeChange(before, after) });

    expect(Object.keys(await feedbackDocs(db)).sort()).toEqual(['p-ada', 'p-lin', 'p-sam']);
    const ada = mailTo(catcher, 'ada@example.com');
    for (const line of ADA_SUMMARY) expect(ada.text).toContain(line);
    // The Cloud Function signs the presenter in on the way: a sign-in link that lands on the page.
    const link = /http:\/\/127\.0\.0\.1:\d+\/emulator\/action\?\S+/.exec(ada.text ?? '')?.[0];
    expect(link && new URL(link).searchParams.get('continueUrl')).toBe(FEEDBACK_URL);
  });
});
