// @vitest-environment jsdom
// Forms' drafts in the tab's session storage: kept and dropped by key, damaged ones read as absent.

import { beforeEach, describe, expect, it } from 'vitest';
import { answersDraft, dropDraft, formDraft, readDraft, writeDraft } from '../../src/lib/drafts';

const answer = { question_id: 'q1', type: 'stars', rating: 4, comment: 'Can run a pilot', response: null } as const;

beforeEach(() => {
  sessionStorage.clear();
});

describe('drafts', () => {
  it('keeps one draft per key and drops the item with the last one', () => {
    writeDraft(sessionStorage, 'profile', { first_name: 'Grace' });
    writeDraft(sessionStorage, 'answers/u1/p-ada', { eventId: 'e1', answers: { q1: answer } });
    expect(readDraft(sessionStorage, 'profile')).toEqual({ first_name: 'Grace' });
    dropDraft(sessionStorage, 'profile');
    expect(readDraft(sessionStorage, 'profile')).toBeNull();
    expect(readDraft(sessionStorage, 'answers/u1/p-ada')).not.toBeNull();
    dropDraft(sessionStorage, 'answers/u1/p-ada');
    expect(sessionStorage.getItem('drafts')).toBeNull();
  });

  it('reads a damaged item as no drafts, and writes over it', () => {
    sessionStorage.setItem('drafts', '{not json');
    expect(readDraft(sessionStorage, 'profile')).toBeNull();
    writeDraft(sessionStorage, 'profile', { first_name: 'Grace' });
    expect(readDraft(sessionStorage, 'profile')).toEqual({ first_name: 'Grace' });
  });
});

describe('answersDraft', () => {
  it('takes the answers of a kept questionnaire and leaves out damaged ones', () => {
    const draft = answersDraft({
      eventId: 'e1',
      answers: { q1: answer, q2: { type: 'stars', rating: 'five' }, q3: { type: 'poll', rating: null }, q4: null },
    });
    expect(draft).toEqual({ eventId: 'e1', answers: { q1: answer } });
  });

  it('reads a draft without an event or without answers as none', () => {
    expect(answersDraft({ answers: { q1: answer } })).toBeNull();
    expect(answersDraft({ eventId: 'e1', answers: {} })).toBeNull();
    expect(answersDraft('q1')).toBeNull();
  });
});

describe('formDraft', () => {
  const blank = { first_name: '', phone: '', terms_accepted: false };

  it("takes each field of the form's kind and leaves the others blank", () => {
    expect(formDraft({ first_name: 'Grace', phone: 5550100, terms_accepted: true, admin: true }, blank)).toEqual({
      first_name: 'Grace',
      phone: '',
      terms_accepted: true,
    });
  });

  it('reads anything but an object as no draft', () => {
    expect(formDraft(null, blank)).toBeNull();
    expect(formDraft(['Grace'], blank)).toBeNull();
  });
});
