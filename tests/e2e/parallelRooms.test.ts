// Parallel rooms in Debian's Chromium, on the built app against the local backend with
// the project's rules in force and the Cloud Functions in the Functions emulator running the
// server reactions: two events open at once, each with its room display. Two phones each join by
// scanning their room's QR code (decoded from a screenshot of the display), make their profile and
// land on their room's queue; Next pressed on room A's control screen (a signed-in admin) moves room A's display and
// phone only; a third phone, which has chosen
// no room, is asked which room it is in (screenshots tests/artifacts/room-chooser-360.png and
// -1280.png, axe clean). Each phone rates in its room, and matching per room equals the
// rehearsal's independent oracle per room (an answer given in room B about a room-A presenter
// counts for neither).

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMatches } from '../../scripts/rehearse/checks';
import { oracleMatches, type OracleAnswer } from '../../scripts/rehearse/oracle';
import { roomCode } from '../../src/lib/roomChoice';
import { storedEvent } from '../db/appDb';
import { createAccount, type TestAccount } from '../support/adminAccount';
import { checkPage, openPhone, useBuiltApp } from '../support/builtApp';
import { uniqueProjectId } from '../support/emulators';
import { loadFirestoreRules } from '../support/projectRules';
import { decodeQr } from '../support/qr';
import { startReactions, type Reactions } from '../support/reactions';

const projectId = uniqueProjectId('e2e-parallel-rooms');
const bed = useBuiltApp(projectId);

const QUESTIONS = {
  'q-clinical': { question_number: 1, type: 'stars', title: 'Clinical validation' },
  'q-funding': { question_number: 2, type: 'stars', title: 'Funding' },
} as const;

const ROOMS = {
  'room-a': {
    title: 'Med-Tech Room A',
    location: 'Hall A, first floor',
    presenters: [
      { presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' },
      { presenter_id: 'p-lin', first_name: 'Lin', last_name: 'Chen' },
    ],
  },
  'room-b': {
    title: 'Bio-Tech Room B',
    location: 'Hall B, ground floor',
    presenters: [
      { presenter_id: 'p-kofi', first_name: 'Kofi', last_name: 'Mensah' },
      { presenter_id: 'p-mira', first_name: 'Mira', last_name: 'Novak' },
    ],
  },
} as const;
type RoomId = keyof typeof ROOMS;

/** Providers seeded with their answers (as if they had rated earlier), to give matching something to rank. */
const SEEDED = [
  { id: 'seed-omar', first_name: 'Omar', last_name: 'Diaz', company: 'MedScale', email: 'omar@medscale.example' },
  { id: 'seed-yuki', first_name: 'Yuki', last_name: 'Sato', company: 'Sato Ventures', email: 'yuki@sato.example' },
];
/** Seeded answers: [provider, event, presenter, clinical, funding]. The last one is about room A's Ada, given in room B. */
const SEEDED_ANSWERS: [string, RoomId, string, number, number][] = [
  ['seed-omar', 'room-a', 'p-ada', 4, 5],
  ['seed-omar', 'room-a', 'p-lin', 2, 3],
  ['seed-yuki', 'room-b', 'p-kofi', 5, 4],
  ['seed-yuki', 'room-b', 'p-mira', 4, 4],
  ['seed-yuki', 'room-b', 'p-ada', 5, 5],
];

let account: TestAccount;
let reactions: Reactions;

beforeAll(async () => {
  await loadFirestoreRules(projectId);
  account = await createAccount(projectId);
  // Before the seed: its writes build the rooms' rosters, as production's first writes would.
  reactions = await startReactions(projectId, { from: 'results@example.edu', organisation: 'Demo Polytechnic' });
  const { db } = bed().admin;
  const batch = db.batch();
  for (const [id, question] of Object.entries(QUESTIONS))
    batch.set(db.doc(`questions/${id}`), {
      ...question,
      questions: `How well can you support ${question.title.toLowerCase()}?`,
      question: question.title,
    });
  for (const [id, room] of Object.entries(ROOMS)) {
    batch.set(db.doc(`events/${id}`), {
      ...storedEvent({ title: room.title, open: true, presenterIndex: 0, rounds: { round_1: [...room.presenters] } }),
      location: room.location,
    });
    for (const presenter of room.presenters)
      batch.set(db.doc(`presenters/${presenter.presenter_id}`), {
        first_name: presenter.first_name,
        last_name: presenter.last_name,
        email: `${presenter.first_name.toLowerCase()}@startup.example`,
        company: `${presenter.last_name} Health`,
        verified: true,
        status: 'Up Next',
        // Ada counts clinical validation only; the others every star question.
        favourites: presenter.presenter_id === 'p-ada' ? ['q-clinical'] : [],
      });
  }
  for (const { id, ...details } of SEEDED) batch.set(db.doc(`providers/${id}`), { ...details, phone: '', terms_accepted: true });
  SEEDED_ANSWERS.forEach(([provider, eventId, presenter, clinical, funding], i) => {
    for (const [question, rating] of [
      ['q-clinical', clinical],
      ['q-funding', funding],
    ] as const)
      batch.set(db.doc(`responses/seed-${i}-${question}`), {
        event_id: eventId,
        presenter_id: presenter,
        provider_id: provider,
        question_id: question,
        type: 'stars',
        rating,
        comment: null,
        response: null,
        updated_at: new Date(Date.UTC(2030, 4, 1, 10, i)),
      });
  });
  await batch.commit();
}, 180_000);

afterAll(async () => {
  await reactions?.stop();
});

const liveName = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Live' }).getByRole('link', { name: new RegExp(`^${name}\\s*,\\s*Live$`) });

/** Opens the room display of `eventId` at 1280×720 and reads its QR code as a phone's camera would. */
async function openRoomDisplay(eventId: RoomId): Promise<{ page: Page; link: string }> {
  const context = await bed().browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[room display]', error.message));
  await page.goto(new URL(`/events/${eventId}/screen`, bed().app.url).href);
  await page.getByRole('region', { name: 'Live Presenter' }).getByText(`${ROOMS[eventId].presenters[0].first_name} `).waitFor();
  const qr = page.getByRole('complementary', { name: 'Scan to join' }).getByRole('img', { name: /^QR code for / });
  const link = await decodeQr(page, qr);
  expect(link, `the QR code of ${eventId}`).toBeDefined();
  return { page, link: link ?? '' };
}

/** A phone that scans `link`, makes its profile and lands on the queue; returns its page and provider id. */
async function joinByScanning(link: string, person: { first: string; last: string; email: string; company: string }) {
  const { context, page } = await openPhone(bed().browser);
  await page.goto(link);
  await page.getByRole('heading', { name: 'Provider Profile' }).waitFor();
  await page.getByLabel('First Name').fill(person.first);
  await page.getByLabel('Last Name').fill(person.last);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Company Name').fill(person.company);
  await page.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/presenters');
  const providerId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('profile') ?? '{}') as { user_id: string }).user_id,
  );
  return { context, page, providerId };
}

/** Rates `name` (a Finished entry) on the phone: the two star questions, then Submit. */
async function rate(page: Page, name: string, clinical: number, funding: number) {
  await page
    .getByRole('region', { name: 'Finished' })
    .getByRole('link', { name: new RegExp(`^${name}`) })
    .click();
  const rules = page.getByRole('dialog', { name: 'Star Rating System' });
  await rules.getByRole('button', { name: 'OK' }).click();
  await rules.waitFor({ state: 'hidden' });
  for (const [title, stars] of [
    ['Clinical validation', clinical],
    ['Funding', funding],
  ] as const)
    await page
      .getByRole('region', { name: title })
      .locator('label', { hasText: new RegExp(`^${stars} Stars?:`) })
      .click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Responses submitted successfully!').waitFor();
  await page.waitForURL('**/presenters');
}

describe('two rooms open at once', () => {
  it('each phone joins its room by its QR code and follows it alone; a phone with no room is asked; matching is per room', async () => {
    const { admin, browser } = bed();
    const displayA = await openRoomDisplay('room-a');
    const displayB = await openRoomDisplay('room-b');
    expect(displayA.link).toBe(new URL(`/join/${roomCode('room-a')}`, bed().app.url).href);
    expect(displayB.link).toBe(new URL(`/join/${roomCode('room-b')}`, bed().app.url).href);
    expect(displayA.link).not.toBe(displayB.link);

    const phoneA = await joinByScanning(displayA.link, {
      first: 'Grace',
      last: 'Hopper',
      email: 'grace@navy.example',
      company: 'Navy Labs',
    });
    const phoneB = await joinByScanning(displayB.link, {
      first: 'Alan',
      last: 'Kay',
      email: 'alan@parc.example',
      company: 'PARC',
    });
    try {
      await phoneA.page.getByRole('heading', { name: ROOMS['room-a'].title, level: 1 }).waitFor();
      await liveName(phoneA.page, 'Ada Okafor').waitFor();
      await phoneB.page.getByRole('heading', { name: ROOMS['room-b'].title, level: 1 }).waitFor();
      await liveName(phoneB.page, 'Kofi Mensah').waitFor();
      // The phone remembers its room: opened again at /presenters, without the link, it is still in room B.
      await phoneB.page.goto(new URL('/presenters', bed().app.url).href);
      await phoneB.page.getByRole('heading', { name: ROOMS['room-b'].title, level: 1 }).waitFor();
      await liveName(phoneB.page, 'Kofi Mensah').waitFor();

      // Next on room A's control screen: room A's display and phone move; room B's stay where they were.
      const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const control = await adminContext.newPage();
      await control.goto(new URL('/events/room-a', bed().app.url).href);
      await control.getByLabel('Email').fill(account.email);
      await control.getByLabel('Password').fill(account.password);
      await control.getByRole('button', { name: 'Continue' }).click();
      await control.getByRole('heading', { name: 'Manage Presenters' }).waitFor();
      await control.getByRole('button', { name: 'Next presenter' }).click();
      await liveName(phoneA.page, 'Lin Chen').waitFor();
      await displayA.page.getByRole('region', { name: 'Live Presenter' }).getByText('Lin Chen').waitFor();
      await liveName(phoneB.page, 'Kofi Mensah').waitFor();
      expect(await liveName(phoneB.page, 'Lin Chen').count()).toBe(0);
      expect(await displayB.page.getByRole('region', { name: 'Live Presenter' }).innerText()).toContain('Kofi Mensah');
      expect((await admin.db.doc('events/room-b').get()).get('presenter_index')).toBe(0);
      await adminContext.close();

      // A third phone that has chosen no room is asked which room it is in, on the landing page and on /presenters.
      for (const width of [360, 1280]) {
        const context = await browser.newContext({ viewport: { width, height: width === 360 ? 740 : 800 } });
        try {
          const page = await context.newPage();
          page.on('pageerror', (error) => console.error('[browser]', error.message));
          await page.goto(bed().app.url);
          await page.getByRole('heading', { name: 'Which room are you in?' }).waitFor();
          for (const room of Object.values(ROOMS)) {
            const choice = page.getByRole('button', { name: room.title });
            await choice.getByText(room.location).waitFor();
          }
          await checkPage(page, width, 'room-chooser');
          // Choosing room B: it follows room B from then on, and remembers it.
          await page.getByRole('button', { name: ROOMS['room-b'].title }).click();
          await page.getByText('Please complete your profile in order to participate.').waitFor();
          expect(await page.evaluate(() => localStorage.getItem('room'))).toContain('room-b');
        } finally {
          await context.close();
        }
      }

      // Each phone rates in its room; both rooms close and match.
      await admin.db.doc('events/room-b').update({ presenter_index: 1 });
      await liveName(phoneB.page, 'Mira Novak').waitFor();
      await rate(phoneA.page, 'Ada Okafor', 5, 1);
      await rate(phoneB.page, 'Kofi Mensah', 4, 5);
      for (const eventId of Object.keys(ROOMS))
        await admin.db.doc(`events/${eventId}`).update({ is_event_open: false, presenter_index: 2, is_matching: true });
      // A limit only a hang reaches: matching runs in the Functions emulator, which starts a process for a
      // function that has none idle, while the rest of a full run shares both cores.
      await expect
        .poll(
          async () =>
            (await Promise.all(Object.keys(ROOMS).map((id) => admin.db.doc(`events/${id}`).get()))).map((snapshot) =>
              snapshot.get('matching_status.state'),
            ),
          { timeout: 180_000, interval: 500 },
        )
        .toEqual(['done', 'done'])
        .catch(async (error: unknown) => {
          // What the server reactions did meanwhile: whether the events reached the functions, and what they said.
          const events = await Promise.all(Object.keys(ROOMS).map((id) => admin.db.doc(`events/${id}`).get()));
          const flags = events.map((snapshot) =>
            JSON.stringify({
              id: snapshot.id,
              is_matching: snapshot.get('is_matching'),
              matching_status: snapshot.get('matching_status'),
            }),
          );
          throw new Error([String(error), ...flags, reactions.explain()].join('\n'), { cause: error });
        });

      const providers = Object.fromEntries(
        (await admin.db.collection('providers').get()).docs.map((document) => [
          document.id,
          {
            first_name: String(document.get('first_name')),
            last_name: String(document.get('last_name')),
            email: String(document.get('email')),
            company: String(document.get('company')),
          },
        ]),
      );
      for (const [eventId, room] of Object.entries(ROOMS)) {
        const responses = await admin.db.collection('responses').where('event_id', '==', eventId).get();
        const answers = responses.docs.map((document): OracleAnswer => ({
          providerId: String(document.get('provider_id')),
          presenterId: String(document.get('presenter_id')),
          questionId: String(document.get('question_id')),
          type: document.get('type') as OracleAnswer['type'],
          rating: (document.get('rating') as number | null) ?? null,
          answeredAt: (document.get('updated_at') as { toMillis(): number } | undefined)?.toMillis() ?? Number.POSITIVE_INFINITY,
        }));
        const oracle = oracleMatches({
          presenterIds: room.presenters.map((presenter) => presenter.presenter_id),
          favourites: { 'p-ada': ['q-clinical'] },
          questionTypes: Object.fromEntries(Object.entries(QUESTIONS).map(([id, question]) => [id, question.type])),
          providers,
          answers,
          minScore: 4,
          maxMatches: 5,
        });
        const finals = await admin.db.collection('final_matches').where('event_id', '==', eventId).get();
        const differences = checkMatches(
          oracle,
          new Map(finals.docs.map((document) => [String(document.get('presenter_id')), document.data()])),
        );
        expect(differences, `matching of ${eventId}`).toEqual([]);
        // The phones' answers went to their own room.
        const raters = new Set(answers.map((answer) => answer.providerId));
        expect(raters.has(eventId === 'room-a' ? phoneA.providerId : phoneB.providerId)).toBe(true);
        expect(raters.has(eventId === 'room-a' ? phoneB.providerId : phoneA.providerId)).toBe(false);
      }
      // Room A: Ada matched by Grace (5 on her one favourite question) and Omar (4), not by Yuki's room-B answer.
      const ada = await admin.db
        .collection('final_matches')
        .where('event_id', '==', 'room-a')
        .where('presenter_id', '==', 'p-ada')
        .get();
      expect((ada.docs[0]?.get('matched_providers') as { provider_id: string }[]).map((match) => match.provider_id)).toEqual([
        phoneA.providerId,
        'seed-omar',
      ]);
    } finally {
      await Promise.all([
        phoneA.context.close(),
        phoneB.context.close(),
        displayA.page.context().close(),
        displayB.page.context().close(),
      ]);
    }
    // A limit only a hang reaches: the journey took 163 s of a full run on an idle 2-core machine.
  }, 600_000);
});
