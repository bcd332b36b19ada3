// The feedback a presenter takes home (domain/feedback.ts): per question the count, the
// mean, the distribution over 1-5 and the comments without their authors; nothing of a question
// with fewer than 3 raters; one answer per provider (the latest); other events and presenters
// left out; then properties over generated answers (fast-check): the counts add up, the mean
// stays on the scale, the fewer-than-3 rule holds, and the order answers arrive in changes nothing;
// and the stored document read back by the one parser the page and the e-mail share.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_MIN_RATERS,
  feedbackSummaryLine,
  parsePresenterFeedback,
  presenterFeedback,
  type FeedbackAnswer,
  type FeedbackQuestion,
} from '../../domain/feedback';

const QUESTIONS: FeedbackQuestion[] = [
  { question_id: 'q-team', question_number: 2, type: 'stars', title: 'Team' },
  { question_id: 'q-market', question_number: 1, type: 'stars', title: 'Market access' },
  { question_id: 'q-scale', question_number: 3, type: 'rating', title: 'Scalability' },
  { question_id: 'q-advice', question_number: 4, type: 'text', title: 'Advice' },
];

const answer = (provider: string, question: string, changes: Partial<FeedbackAnswer> = {}): FeedbackAnswer => ({
  provider_id: provider,
  presenter_id: 'p-ada',
  question_id: question,
  event_id: 'ev1',
  rating: null,
  comment: null,
  response: null,
  ...changes,
});

describe('presenterFeedback', () => {
  it('gives each question with 3 or more raters its count, mean, distribution and sorted comments, without authors', () => {
    const feedback = presenterFeedback('ev1', 'p-ada', QUESTIONS, [
      answer('kim', 'q-market', { rating: 5, comment: 'Strong pilot data.' }),
      answer('lee', 'q-market', { rating: 4, comment: '  ' }),
      answer('noa', 'q-market', { rating: 3, comment: ' Clear ask. ' }),
      answer('ola', 'q-market', { rating: 5 }),
      answer('kim', 'q-advice', { response: 'Talk to hospital buyers.' }),
      answer('lee', 'q-advice', { response: 'Price per bed.' }),
      answer('noa', 'q-advice', { response: 'Apply for the grant.' }),
    ]);

    expect(feedback.map((question) => question.question_id)).toEqual(['q-market', 'q-team', 'q-scale', 'q-advice']);
    expect(feedback[0]).toEqual({
      question_id: 'q-market',
      title: 'Market access',
      type: 'stars',
      shared: true,
      answer: 'rating',
      count: 4,
      mean: 4.25,
      distribution: [0, 0, 1, 1, 2],
      comments: ['Clear ask.', 'Strong pilot data.'],
    });
    expect(feedback[3]).toEqual({
      question_id: 'q-advice',
      title: 'Advice',
      type: 'text',
      shared: true,
      answer: 'written',
      count: 3,
      comments: ['Apply for the grant.', 'Price per bed.', 'Talk to hospital buyers.'],
    });
    expect(JSON.stringify(feedback)).not.toMatch(/kim|lee|noa|ola|provider/);
  });

  it('shares nothing of a question with 2 raters, not even their comments or count', () => {
    const feedback = presenterFeedback('ev1', 'p-ada', QUESTIONS, [
      answer('kim', 'q-team', { rating: 1, comment: 'Who is the CTO?' }),
      answer('lee', 'q-team', { rating: 5 }),
      // A comment without a rating makes nobody a rater.
      answer('noa', 'q-team', { comment: 'Unsure.' }),
    ]);
    expect(feedback[1]).toEqual({ question_id: 'q-team', title: 'Team', type: 'stars', shared: false });
    expect(feedback.every((question) => !question.shared)).toBe(true);
  });

  it("counts each provider's latest answer once, and only this event's answers about this presenter", () => {
    const feedback = presenterFeedback('ev1', 'p-ada', QUESTIONS, [
      answer('kim', 'q-scale', { rating: 1, answeredAt: 1 }),
      answer('kim', 'q-scale', { rating: 5, answeredAt: 2 }),
      answer('lee', 'q-scale', { rating: 4 }),
      answer('noa', 'q-scale', { rating: 3 }),
      answer('ola', 'q-scale', { rating: 1, event_id: 'ev2' }),
      answer('pat', 'q-scale', { rating: 1, presenter_id: 'p-lin' }),
      answer('ray', 'q-scale', { rating: 6 }),
      answer('sol', 'q-scale', { rating: 3.5 }),
    ]);
    expect(feedback[2]).toMatchObject({ shared: true, count: 3, mean: 4, distribution: [0, 0, 1, 1, 1] });
  });

  it('lists every question when nobody answered', () => {
    expect(presenterFeedback('ev1', 'p-ada', QUESTIONS, []).map((question) => question.shared)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('feedbackSummaryLine', () => {
  it('says the mean of 5 and the count, the number of written answers, or that there are not enough ratings', () => {
    const [market, team, , advice] = presenterFeedback('ev1', 'p-ada', QUESTIONS, [
      ...['kim', 'lee', 'noa'].map((provider, index) => answer(provider, 'q-market', { rating: 3 + index })),
      ...['kim', 'lee', 'noa'].map((provider) => answer(provider, 'q-advice', { response: 'Go on.' })),
    ]);
    expect([market, team, advice].map((question) => question && feedbackSummaryLine(question))).toEqual([
      'Market access: 4.0 of 5 from 3 ratings',
      'Team: Not enough ratings to share',
      'Advice: 3 answers',
    ]);
  });
});

describe('presenterFeedback properties', () => {
  const ratingAnswers = fc.array(
    fc.record({
      provider: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
      rating: fc.option(fc.integer({ min: 1, max: 5 })),
      comment: fc.option(fc.string({ maxLength: 8 })),
    }),
    { maxLength: 12 },
  );
  const toAnswers = (generated: { provider: string; rating: number | null; comment: string | null }[]) =>
    generated.map((entry, index) =>
      answer(entry.provider, 'q-market', { rating: entry.rating, comment: entry.comment, answeredAt: index }),
    );

  it('shares a question exactly when 3 or more providers rated it, with counts that add up and a mean from 1 to 5', () => {
    fc.assert(
      fc.property(ratingAnswers, (generated) => {
        const answers = toAnswers(generated);
        const [market] = presenterFeedback('ev1', 'p-ada', QUESTIONS, answers);
        const latest = new Map(answers.map((entry) => [entry.provider_id, entry]));
        const raters = [...latest.values()].filter((entry) => entry.rating !== null).length;
        expect(market?.shared).toBe(raters >= FEEDBACK_MIN_RATERS);
        if (!market?.shared) return;
        expect(market.count).toBe(raters);
        expect(market.answer).toBe('rating');
        if (market.answer !== 'rating') return;
        expect(market.distribution.reduce((sum, count) => sum + count, 0)).toBe(raters);
        expect(market.mean).toBeGreaterThanOrEqual(1);
        expect(market.mean).toBeLessThanOrEqual(5);
      }),
    );
  });

  it('gives the same feedback whatever order the answers arrive in', () => {
    fc.assert(
      fc.property(
        ratingAnswers.chain((generated) =>
          fc.tuple(fc.constant(toAnswers(generated)), fc.shuffledSubarray(toAnswers(generated), { minLength: generated.length })),
        ),
        ([answers, shuffled]) => {
          expect(presenterFeedback('ev1', 'p-ada', QUESTIONS, shuffled)).toEqual(
            presenterFeedback('ev1', 'p-ada', QUESTIONS, answers),
          );
        },
      ),
    );
  });
});

describe('the stored feedback, read back', () => {
  const written = {
    event_id: 'ev1',
    presenter_id: 'p-ada',
    event_title: 'Med-Tech',
    presenter_name: 'Ada Okafor',
    questions: presenterFeedback('ev1', 'p-ada', QUESTIONS, [
      ...['kim', 'lee', 'noa'].map((provider, index) => answer(provider, 'q-market', { rating: 3 + index, comment: 'Fine.' })),
      ...['kim', 'lee', 'noa'].map((provider) => answer(provider, 'q-advice', { response: 'Go on.' })),
    ]),
    written_at: 'stamp',
  };

  it('reads what presenterFeedback wrote as it was written, one shape per answer kind', () => {
    expect(written.questions.map((question) => (question.shared ? question.answer : 'withheld'))).toEqual([
      'rating',
      'withheld',
      'withheld',
      'written',
    ]);
    expect(parsePresenterFeedback('p-ada', written, (time) => time)).toEqual(written);
  });

  it('reads a document stored before the shapes were split by kind (a written question with a null mean)', () => {
    const advice = { question_id: 'q-advice', title: 'Advice', type: 'text', shared: true, count: 3 };
    const stored = { ...written, questions: [{ ...advice, mean: null, distribution: [], comments: ['Go on.'] }] };
    expect(parsePresenterFeedback('p-ada', stored, () => null).questions).toEqual([
      { ...advice, answer: 'written', comments: ['Go on.'] },
    ]);
  });

  it('leaves out a question of an unknown type, a shared one without a count and a rated one without a mean, and keeps the rest', () => {
    const market = {
      question_id: 'q1',
      title: 'Market',
      type: 'stars',
      shared: true,
      count: 3,
      mean: 4,
      distribution: [0, 0, 0, 3, 0],
      comments: ['Good.', 7],
    };
    const stored = {
      ...written,
      questions: [
        { question_id: 'q0', title: 'Pilot?', type: 'yesno', shared: true, count: 4 },
        { ...market, count: 'three' },
        { ...market, mean: null },
        market,
        'damaged',
      ],
    };
    const read = parsePresenterFeedback('p-ada', stored, () => null);
    expect(read.questions).toEqual([{ ...market, answer: 'rating', comments: ['Good.'] }]);
    expect(read.written_at).toBeNull();
  });
});
