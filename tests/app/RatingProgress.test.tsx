// @vitest-environment happy-dom
// Rating progress on the control screen with the real app signed in as an admin against the local
// backend: 'n of m rated' for the live presenter and each finished one (not those up next), new
// answers showing within the next reads, the next presenter counted as soon as Next is pressed,
// and the link to the event's insights.

import userEvent from '@testing-library/user-event';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { storedEvent } from '../db/appDb';
import { answerId, starsAnswer, storedPresenter } from '../support/fixtures';
import { renderApp, screen, useAppTestBed, useSignedInAdmin } from './support/appTestBed';

const { projectId, adminDb } = await useAppTestBed();
useSignedInAdmin(projectId, { each: true });

/** Two refreshes of the live presenter's count, and the time a busy machine needs. */
const UPDATE_TIMEOUT_MS = 15_000;

async function answer(provider: string, presenter: string, question: string) {
  await adminDb()
    .doc(`responses/${answerId(provider, question, presenter, 'medtech')}`)
    .set({
      ...starsAnswer(provider, { event_id: 'medtech', presenter_id: presenter, question_id: question }),
      updated_at: Timestamp.now(),
    });
}

beforeEach(async () => {
  const db = adminDb();
  // Ada finished, Lin live, Sam up next.
  await db.doc('events/medtech').set(storedEvent({ open: true, presenterIndex: 1 }));
  for (const [id, first_name, last_name] of [
    ['p-ada', 'Ada', 'Okafor'],
    ['p-lin', 'Lin', 'Chen'],
    ['p-sam', 'Sam', 'Rivera'],
  ] as const) {
    await db.doc(`presenters/${id}`).set(storedPresenter({ first_name, last_name }));
  }
  await db.doc('questions/q1').set({ question_number: 1, type: 'stars', title: 'Market need', questions: '', question: '' });
  await db.doc('questions/q2').set({ question_number: 2, type: 'stars', title: 'Team', questions: '', question: '' });
  await answer('u1', 'p-ada', 'q1');
  await answer('u1', 'p-ada', 'q2');
  // u2 skipped the first question: still one who rated.
  await answer('u2', 'p-ada', 'q2');
  await answer('u1', 'p-lin', 'q1');
});

async function openControl() {
  await renderApp('/events/medtech');
  await screen.findByRole('heading', { name: 'Rating progress' }, { timeout: 15_000 });
  return userEvent.setup();
}

const progress = (name: string) => screen.findByRole('progressbar', { name }, { timeout: UPDATE_TIMEOUT_MS });

describe('rating progress on the control screen', () => {
  it('shows n of m rated for the live presenter and the finished ones, not those up next', async () => {
    await openControl();

    expect(await progress('Lin Chen: 1 of 2 rated')).toBeTruthy();
    expect(await progress('Ada Okafor: 2 of 2 rated')).toBeTruthy();
    expect(screen.getByText('Lin Chen (live)')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: /^Sam Rivera/ })).toBeNull();
  });

  it('updates as answers arrive', async () => {
    await openControl();
    await progress('Lin Chen: 1 of 2 rated');

    await answer('u2', 'p-lin', 'q1');
    expect(await progress('Lin Chen: 2 of 2 rated')).toBeTruthy();

    await answer('u3', 'p-lin', 'q1');
    expect(await progress('Lin Chen: 3 of 3 rated')).toBeTruthy();
    expect(await progress('Ada Okafor: 2 of 3 rated')).toBeTruthy();
  }, 60_000);

  it('counts the next presenter as soon as Next is pressed', async () => {
    await answer('u1', 'p-sam', 'q1');
    const user = await openControl();
    await progress('Lin Chen: 1 of 2 rated');

    await user.click(screen.getByRole('button', { name: 'Next presenter' }));

    expect(await screen.findByText('Sam Rivera (live)', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await progress('Sam Rivera: 1 of 2 rated')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Lin Chen: 1 of 2 rated' })).toBeTruthy();
  });

  it("links to the event's insights", async () => {
    await openControl();
    expect(screen.getByRole('link', { name: 'Insights' }).getAttribute('href')).toBe('/events/medtech/insights');
  });
});
