// The feedback presenters take home in Debian's Chromium, on the built app against the
// local backend with the project's rules in force: a presenter signs up through an invite on a
// phone; providers rate her (market access by 4, team by 2, advice written by 3); matching runs
// with 'Share feedback with presenters' on; on /feedback/{eventId} she sees her mean, how the
// ratings spread and the comments with no author, and 'Not enough ratings to share' for the
// question 2 rated. The page fits 360 px and 1280 px and passes axe; printed, it shows no bars and
// no buttons, and it saves as a PDF. Another phone asking for her feedback is refused, and an
// admin previews it from the match details.
// Screenshots: tests/artifacts/presenter-feedback-360.png, presenter-feedback-1280.png and
// admin-feedback-preview-1280.png; as printed: presenter-feedback-print-360.png and
// tests/artifacts/presenter-feedback.pdf.

import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { runMatching } from '../../functions/src/matching/runMatching';
import { storedEvent } from '../db/appDb';
import { createAccount, type TestAccount } from '../support/adminAccount';
import { checkPage, openPhone, useBuiltApp } from '../support/builtApp';
import { uniqueProjectId } from '../support/emulators';
import { signUpByInvite } from '../support/presenterSignup';
import { loadFirestoreRules } from '../support/projectRules';
import { setAnswer } from '../functions/reactionFixtures';

const projectId = uniqueProjectId('e2e-feedback');
const bed = useBuiltApp(projectId);
const EVENT = 'spring-session';
const INVITE = 'inviteForAdaOkafor01';
const OFFICE = { first_name: 'Innovation', last_name: 'Office', email: 'innovation@example.edu', company: 'Polytechnic' };

let account: TestAccount;

beforeAll(async () => {
  await loadFirestoreRules(projectId);
  account = await createAccount(projectId);
}, 60_000);

/** Signs Ada up through her invite on the phone, as the invite e-mail's link does; returns her presenter id (her uid). */
async function signUpAda(page: Page): Promise<string> {
  const { admin, app } = bed();
  return signUpByInvite(page, {
    db: admin.db,
    appUrl: app.url,
    inviteId: INVITE,
    email: 'ada@example.com',
    createdBy: account.uid,
  });
}

/** The event with Ada and Lin, its questions, and the providers' answers about Ada; then matching, sharing on. */
async function rateAndMatch(ada: string): Promise<void> {
  const { db } = bed().admin;
  const batch = db.batch();
  batch.set(db.doc(`events/${EVENT}`), {
    ...storedEvent({
      rounds: {
        round_1: [
          { presenter_id: ada, first_name: 'Ada', last_name: 'Okafor' },
          { presenter_id: 'p-lin', first_name: 'Lin', last_name: 'Chen' },
        ],
      },
    }),
    share_feedback: true,
    is_matching: true,
  });
  batch.set(db.doc('presenters/p-lin'), { first_name: 'Lin', last_name: 'Chen', email: 'lin@example.com', company: 'Chen Labs' });
  for (const [id, question_number, type, title] of [
    ['q-market', 1, 'stars', 'Market access'],
    ['q-team', 2, 'stars', 'Team'],
    ['q-advice', 3, 'text', 'Advice'],
  ] as const) {
    batch.set(db.doc(`questions/${id}`), { question_number, type, title, questions: title, question: title });
  }
  const answers: [string, string, number | null, string | null][] = [
    ['kim', 'q-market', 5, 'Strong pilot data.'],
    ['lee', 'q-market', 4, null],
    ['noa', 'q-market', 4, 'Clear ask, realistic price.'],
    ['ola', 'q-market', 3, null],
    ['kim', 'q-team', 2, 'Who is the CTO?'],
    ['lee', 'q-team', 5, null],
    ['kim', 'q-advice', null, 'Talk to hospital buyers early.'],
    ['lee', 'q-advice', null, 'Price per bed, not per licence.'],
    ['noa', 'q-advice', null, 'Apply for the regional health grant.'],
  ];
  for (const [provider, question, rating, text] of answers) setAnswer(batch, db, EVENT, [provider, ada, question, rating, text]);
  await batch.commit();
  expect(await runMatching(db, EVENT, { fallback: OFFICE })).toMatchObject({ state: 'done' });
}

/** The page's question card by its title. */
const card = (page: Page, title: string) => page.getByRole('region', { name: title });

describe('the feedback page', () => {
  it('shows a presenter her means, distributions and anonymous comments, prints without bars or buttons, and is hers alone', async () => {
    const { browser, app } = bed();
    const phone = await openPhone(browser);
    const other = await openPhone(browser);
    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = phone.page;
      const ada = await signUpAda(page);
      await rateAndMatch(ada);

      // Ada opens the link of her result e-mail on the phone she signed up with.
      const link = new URL(`/feedback/${EVENT}`, app.url).href;
      await page.goto(link);
      await page.getByRole('heading', { name: 'Your pitch feedback' }).waitFor();
      await page.getByText('Med-Tech Pitch Session').first().waitFor();

      const market = card(page, 'Market access');
      await market.getByText('of 5 from 4 ratings').waitFor();
      expect(await market.textContent()).toContain('4.0 of 5 from 4 ratings');
      const spread = market.getByRole('list', { name: 'How the ratings spread' }).getByRole('listitem');
      expect(await spread.allTextContents()).toEqual([
        '5 stars: 1 rating1',
        '4 stars: 2 ratings2',
        '3 stars: 1 rating1',
        '2 stars: 0 ratings0',
        '1 star: 0 ratings0',
      ]);
      expect(await market.getByRole('list', { name: 'Comments' }).getByRole('listitem').allTextContents()).toEqual([
        'Clear ask, realistic price.',
        'Strong pilot data.',
      ]);
      await card(page, 'Team').getByText('Not enough ratings to share').waitFor();
      expect(await card(page, 'Team').textContent()).not.toContain('Who is the CTO?');
      expect(await card(page, 'Advice').getByRole('list', { name: 'Answers' }).getByRole('listitem').count()).toBe(3);
      // No provider is named anywhere on the page.
      expect(await page.locator('main').textContent()).not.toMatch(/\b(kim|lee|noa|ola)\b/i);
      await checkPage(page, 360, 'presenter-feedback');

      // Printed: the content stays, the app's bars and the buttons go; it saves as a PDF.
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('header').isVisible()).toBe(false);
      expect(await page.getByRole('navigation').isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Print or save as PDF' }).isVisible()).toBe(false);
      expect(await market.isVisible()).toBe(true);
      await page.screenshot({ path: 'tests/artifacts/presenter-feedback-print-360.png', fullPage: true });
      const pdf = await page.pdf({ format: 'A4' });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      await fs.writeFile('tests/artifacts/presenter-feedback.pdf', pdf);
      await page.emulateMedia({ media: 'screen' });

      await page.setViewportSize({ width: 1280, height: 900 });
      await checkPage(page, 1280, 'presenter-feedback');

      // Another phone (a provider, say) asking for Ada's feedback is refused by the rules, and
      // finds none of its own.
      await other.page.goto(`${link}?presenter=${encodeURIComponent(ada)}`);
      await other.page.getByText('This feedback belongs to another presenter.', { exact: false }).waitFor();
      await other.page.goto(link);
      await other.page.getByText('There is no feedback for you from this event yet.', { exact: false }).waitFor();

      // An admin previews it from the match details.
      const admin = await desk.newPage();
      await admin.goto(new URL('/events', app.url).href);
      await admin.getByLabel('Email').fill(account.email);
      await admin.getByLabel('Password').fill(account.password);
      await admin.getByRole('button', { name: 'Continue' }).click();
      await admin.getByRole('heading', { name: 'Events Dashboard' }).waitFor();
      await admin.goto(new URL(`/match/${EVENT}_${ada}`, app.url).href);
      await admin.getByRole('link', { name: 'Preview the presenter’s feedback' }).click();
      await admin.getByRole('heading', { name: 'Feedback for Ada Okafor' }).waitFor();
      await card(admin, 'Market access').getByText('4.0').waitFor();
      await checkPage(admin, 1280, 'admin-feedback-preview');
    } finally {
      await phone.context.close();
      await other.context.close();
      await desk.close();
    }
  }, 240_000);
});
