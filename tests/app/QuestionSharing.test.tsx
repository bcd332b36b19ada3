// @vitest-environment happy-dom
// What the questionnaire says about sharing, in the real app against the local backend:
// when the event shares feedback with presenters, each comment field (and a written answer) is
// preceded by a plain line saying it reaches the presenter without the provider's name, which also
// describes the field; with the setting off, the questionnaire says nothing about sharing.

import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storedEvent } from '../db/appDb';
import { renderApp, screen, storeProfile, useAppTestBed } from './support/appTestBed';

const { adminDb } = await useAppTestBed();

const COMMENT_NOTICE = 'Your comment is shared with the presenter, without your name.';
const ANSWER_NOTICE = 'Your answer is shared with the presenter, without your name.';

async function openQuestionnaire(shareFeedback: boolean | undefined) {
  storeProfile();
  const db = adminDb();
  const batch = db.batch();
  const event = storedEvent({ open: true, presenterIndex: 0 });
  batch.set(db.doc('events/e1'), shareFeedback === undefined ? event : { ...event, share_feedback: shareFeedback });
  batch.set(db.doc('questions/q1'), {
    question_number: 1,
    type: 'stars',
    title: 'Clinical validation',
    questions: '',
    question: '',
  });
  batch.set(db.doc('questions/q2'), { question_number: 2, type: 'rating', title: 'Overall', questions: '', question: '' });
  batch.set(db.doc('questions/q3'), { question_number: 3, type: 'text', title: 'Advice', questions: '', question: '' });
  await batch.commit();
  const user = userEvent.setup();
  await renderApp('/questions/p-ada');
  await user.click(await screen.findByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return screen.findByRole('region', { name: 'Clinical validation' }, { timeout: 8000 });
}

describe('the questionnaire of an event that shares feedback with presenters', () => {
  it('says before each comment field, and before a written answer, that it is shared without the name', async () => {
    const stars = await openQuestionnaire(true);
    const overall = screen.getByRole('region', { name: 'Overall' });
    const advice = screen.getByRole('region', { name: 'Advice' });
    for (const question of [stars, overall]) {
      const notice = within(question).getByText(COMMENT_NOTICE);
      const comment = within(question).getByLabelText('Comments');
      // Before the field in reading order, and read out with it.
      expect(notice.compareDocumentPosition(comment) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(comment.getAttribute('aria-describedby')?.split(' ')).toContain(notice.id);
    }
    const answer = within(advice).getByLabelText('Your answer');
    expect(answer.getAttribute('aria-describedby')?.split(' ')).toContain(within(advice).getByText(ANSWER_NOTICE).id);
    // The character count still describes the field too.
    const described = within(stars).getByLabelText('Comments').getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([COMMENT_NOTICE, '0/1000']);
  });
});

describe('the questionnaire of an event that does not share feedback', () => {
  for (const [name, setting] of [
    ['with the setting off', false],
    ['saved before the setting existed', undefined],
  ] as const) {
    it(`says nothing about sharing (${name})`, async () => {
      await openQuestionnaire(setting);
      // The event has arrived: its queue names the presenter.
      await screen.findByRole('heading', { name: 'Rate Ada Okafor' });
      expect(screen.getAllByLabelText('Comments')).toHaveLength(2);
      expect(screen.queryByText(/shared with the presenter/)).toBeNull();
      expect(document.body.textContent).not.toMatch(/without your name/);
    });
  }
});
