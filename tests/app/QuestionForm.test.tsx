// @vitest-environment happy-dom
// The rating questionnaire in the real app against the local backend: the Star Rating System
// dialog, the questions by type, submitting (then the presenters after 1 s), a returning
// provider's saved answers, answers given on a dead network, answers in progress brought back
// after the page reloads, and a failure.

import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually, storedEvent } from '../db/appDb';
import { renderApp, screen, storeProfile, useAppTestBed } from './support/appTestBed';

const { adminDb, network } = await useAppTestBed();
const { ensureSignedIn } = await import('../../src/db/session');

beforeEach(async () => {
  setOnline(true);
  storeProfile();
  const db = adminDb();
  const batch = db.batch();
  batch.set(db.doc('events/e1'), storedEvent({ open: true, presenterIndex: 0 }));
  batch.set(db.doc('questions/q1'), {
    question_number: 1,
    type: 'stars',
    title: 'Clinical validation',
    questions: 'How well can you support trials?',
    question: 'Clinical validation',
  });
  batch.set(db.doc('questions/q2'), {
    question_number: 2,
    type: 'rating',
    title: 'Overall',
    questions: 'How promising is it?',
    question: 'Overall',
  });
  batch.set(db.doc('questions/q3'), {
    question_number: 3,
    type: 'text',
    title: 'Comments',
    questions: 'Anything else?',
    question: 'Comments',
  });
  await batch.commit();
});

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

async function openQuestions(presenterId = 'p-ada') {
  const user = vi.isFakeTimers() ? userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) : userEvent.setup();
  const app = await renderApp(`/questions/${presenterId}`);
  const dialog = await screen.findByRole('dialog', { name: 'Star Rating System' });
  return { user, app, dialog };
}

/** Picks a star rating with the keyboard, as a screen-reader or keyboard user does. */
async function chooseStars(user: ReturnType<typeof userEvent.setup>, question: HTMLElement, name: string) {
  act(() => within(question).getByRole('radio', { name }).focus());
  await user.keyboard(' ');
}

async function dismissRules(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  // Generous: on a 2-core machine running the whole suite, the questions' read can take seconds.
  return screen.findByRole('region', { name: 'Clinical validation' }, { timeout: 30_000 });
}

describe('the questionnaire', () => {
  it('explains the five star meanings first, and Go Back returns to the presenters', async () => {
    const { user, app, dialog } = await openQuestions();
    const meanings = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(meanings).toEqual([
      '1 = Limited knowledge/support',
      '2 = Can help with some basic needs',
      '3 = Moderate support',
      '4 = Broad service offerings',
      '5 = Full-service',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Go Back' }));
    await eventually(() => expect(app.location()).toBe('/presenters'));
  });

  it('shows each question with its title, text and the input its type asks for', async () => {
    const { user } = await openQuestions();
    const stars = await dismissRules(user);
    expect(screen.getByRole('heading', { name: 'Rate Ada Okafor' })).toBeTruthy();
    expect(within(stars).getByText('How well can you support trials?')).toBeTruthy();
    expect(within(stars).getAllByRole('radio')).toHaveLength(6);
    expect(within(stars).getByLabelText('Comments')).toBeTruthy();
    const rating = screen.getByRole('region', { name: 'Overall' });
    expect(within(rating).getAllByRole('button', { name: /of 5$/ })).toHaveLength(5);
    const text = screen.getByRole('region', { name: 'Comments' });
    expect(within(text).getByLabelText('Your answer')).toBeTruthy();
  });

  it('counts comment characters and stops at 1000', async () => {
    const { user } = await openQuestions();
    const stars = await dismissRules(user);
    const comment = within(stars).getByLabelText('Comments') as HTMLTextAreaElement;
    await user.type(comment, 'Great');
    expect(within(stars).getByText('5/1000')).toBeTruthy();
    await user.clear(comment);
    await user.click(comment);
    await user.paste('x'.repeat(1001));
    expect(comment.value).toHaveLength(1000);
    expect(within(stars).getByText('1000/1000')).toBeTruthy();
  });

  it('submits the answers, confirms them and returns to the presenters after 1 second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, app } = await openQuestions();
    const stars = await dismissRules(user);
    await chooseStars(user, stars, '4 Stars: Broad service offerings');
    await user.type(within(stars).getByLabelText('Comments'), 'Can run a pilot');
    await user.click(within(screen.getByRole('region', { name: 'Overall' })).getByRole('button', { name: '3 of 5' }));
    await user.type(within(screen.getByRole('region', { name: 'Comments' })).getByLabelText('Your answer'), 'Keep going');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Responses submitted successfully!', {}, { timeout: 8000 })).toBeTruthy();
    expect(app.location()).toBe('/questions/p-ada');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    await eventually(() => expect(app.location()).toBe('/presenters'));

    const stored = await adminDb().collection('responses').where('presenter_id', '==', 'p-ada').get();
    const byQuestion = Object.fromEntries(stored.docs.map((document) => [document.get('question_id'), document.data()]));
    expect(byQuestion.q1).toMatchObject({ type: 'stars', rating: 4, comment: 'Can run a pilot', event_id: 'e1' });
    expect(byQuestion.q2).toMatchObject({ type: 'rating', rating: 3 });
    expect(byQuestion.q3).toMatchObject({ type: 'text', response: 'Keep going', rating: null });
  });

  it("shows a returning provider's saved answers and saves their change", async () => {
    const { uid } = await ensureSignedIn();
    await adminDb().doc(`responses/${uid}_e1_p-ada_q1`).set({
      question_id: 'q1',
      presenter_id: 'p-ada',
      provider_id: uid,
      event_id: 'e1',
      type: 'stars',
      rating: 2,
      comment: 'Some help',
      response: null,
    });
    const { user } = await openQuestions();
    const stars = await dismissRules(user);
    await waitFor(() => expect((within(stars).getByLabelText('Comments') as HTMLTextAreaElement).value).toBe('Some help'));
    expect(
      (within(stars).getByRole('radio', { name: '2 Stars: Can help with some basic needs' }) as HTMLInputElement).checked,
    ).toBe(true);

    await chooseStars(user, stars, '5 Stars: Full-service');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Responses submitted successfully!', {}, { timeout: 8000 });
    expect((await adminDb().doc(`responses/${uid}_e1_p-ada_q1`).get()).get('rating')).toBe(5);
  });

  it('keeps answers given on a dead network and says they will be sent, never that it failed', async () => {
    const { user, app } = await openQuestions();
    const stars = await dismissRules(user);
    await chooseStars(user, stars, '3 Stars: Moderate support');
    network.cutOff();
    act(() => setOnline(false));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const notice = 'Your answers are saved on this device and will be sent automatically when you are back online.';
    expect((await screen.findAllByText(notice, {}, { timeout: 8000 })).length).toBeGreaterThan(0);
    expect(screen.queryByText('An error occurred.')).toBeNull();
    await eventually(() => expect(app.location()).toBe('/presenters'));

    network.restore();
    act(() => setOnline(true));
    const { uid } = await ensureSignedIn();
    await waitFor(async () => expect((await adminDb().doc(`responses/${uid}_e1_p-ada_q1`).get()).get('rating')).toBe(3), {
      timeout: 30_000,
      interval: 500,
    });
    expect(screen.queryByText('An error occurred.')).toBeNull();
  }, 45_000);

  it('brings back answers not yet submitted after the page reloads, past the Star Rating System dialog', async () => {
    const { user, app } = await openQuestions();
    const stars = await dismissRules(user);
    await chooseStars(user, stars, '4 Stars: Broad service offerings');
    await user.type(within(stars).getByLabelText('Comments'), 'Can run a pilot');
    // The page goes (the app reloading itself for a new version) and comes back in the same tab.
    app.unmount();
    await renderApp('/questions/p-ada');

    const restored = await screen.findByRole('region', { name: 'Clinical validation' }, { timeout: 8000 });
    expect(screen.queryByRole('dialog', { name: 'Star Rating System' })).toBeNull();
    await waitFor(() =>
      expect((within(restored).getByLabelText('Comments') as HTMLTextAreaElement).value).toBe('Can run a pilot'),
    );
    expect((within(restored).getByRole('radio', { name: '4 Stars: Broad service offerings' }) as HTMLInputElement).checked).toBe(
      true,
    );

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Responses submitted successfully!', {}, { timeout: 8000 });
    const { uid } = await ensureSignedIn();
    expect((await adminDb().doc(`responses/${uid}_e1_p-ada_q1`).get()).data()).toMatchObject({
      rating: 4,
      comment: 'Can run a pilot',
    });
    // Submitted: nothing is kept to come back a second time.
    expect(window.sessionStorage.getItem('drafts')).toBeNull();
  });

  it("says 'An error occurred.' when the answers cannot be stored", async () => {
    const { user, app } = await openQuestions('bad%2Fid');
    const stars = await dismissRules(user);
    await chooseStars(user, stars, '1 Star: Limited knowledge/support');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('An error occurred.')).toBeTruthy();
    expect(app.location()).toBe('/questions/bad%2Fid');
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
