// The exports' rows: one per answer with provider, presenter, question, stars, comment, text and
// time; one per presenter–provider pair with score and reason (the fallback pair says so); every
// text cell escaped against formula injection; the file name.

import { describe, expect, it } from 'vitest';
import {
  FALLBACK_REASON,
  escapeFormula,
  exportFileName,
  matchRows,
  matchesTable,
  responseRows,
  responsesTable,
  type ResponsesExportData,
  type TimedResponse,
} from '../../src/lib/exportRows';
import type { FinalMatch } from '../../src/types/finalMatch';
import type { MatchReasons } from '../../src/types/matchReasons';
import { officeReasons, providerReasons, storedMatchReasons } from '../support/fixtures';

function answer(
  fields: Partial<TimedResponse> & Pick<TimedResponse, 'provider_id' | 'presenter_id' | 'question_id'>,
): TimedResponse {
  const { provider_id, presenter_id, question_id } = fields;
  return {
    response_id: `${provider_id}_ev_${presenter_id}_${question_id}`,
    event_id: 'ev',
    type: 'stars',
    rating: 4,
    comment: null,
    response: null,
    updated_at: new Date('2030-05-01T11:15:00Z'),
    ...fields,
  };
}

const data = (responses: TimedResponse[]): ResponsesExportData => ({
  responses,
  providers: [{ user_id: 'u-grace', first_name: 'Grace', last_name: 'Hopper', company: 'Navy Labs', email: 'grace@example.com' }],
  presenters: [{ id: 'p-ada', first_name: 'Ada', last_name: 'Okafor', company: 'PulseLoop' }],
  questions: [
    { question_id: 'q1', question_number: 1, title: 'Market need' },
    { question_id: 'q9', question_number: 9, title: 'Anything else?' },
  ],
});

describe('responseRows', () => {
  it('gives one row per answer with the provider, presenter, question, stars, comment and time', () => {
    const rows = responseRows(
      data([answer({ provider_id: 'u-grace', presenter_id: 'p-ada', question_id: 'q1', rating: 5, comment: 'Très bien' })]),
    );
    expect(rows).toEqual([
      {
        providerName: 'Grace Hopper',
        providerCompany: 'Navy Labs',
        providerEmail: 'grace@example.com',
        presenterName: 'Ada Okafor',
        presenterCompany: 'PulseLoop',
        questionNumber: 1,
        questionTitle: 'Market need',
        questionType: 'stars',
        stars: 5,
        comment: 'Très bien',
        textResponse: '',
        time: new Date('2030-05-01T11:15:00Z'),
      },
    ]);
  });

  it('gives a text answer its text and no stars', () => {
    const [row] = responseRows(
      data([
        answer({
          provider_id: 'u-grace',
          presenter_id: 'p-ada',
          question_id: 'q9',
          type: 'text',
          rating: null,
          response: 'Call me',
        }),
      ]),
    );
    expect(row).toMatchObject({ questionNumber: 9, questionType: 'text', stars: null, comment: '', textResponse: 'Call me' });
  });

  it('orders the answers by time, oldest first', () => {
    const rows = responseRows(
      data([
        answer({
          provider_id: 'u-grace',
          presenter_id: 'p-ada',
          question_id: 'q1',
          updated_at: new Date('2030-05-01T12:00:00Z'),
        }),
        answer({
          provider_id: 'u-grace',
          presenter_id: 'p-ada',
          question_id: 'q9',
          updated_at: new Date('2030-05-01T11:00:00Z'),
        }),
      ]),
    );
    expect(rows.map((row) => row.questionTitle)).toEqual(['Anything else?', 'Market need']);
  });

  it('leaves the names empty for a provider, presenter or question that no longer exists', () => {
    const [row] = responseRows(data([answer({ provider_id: 'u-gone', presenter_id: 'p-gone', question_id: 'q-gone' })]));
    expect(row).toMatchObject({ providerName: '', presenterName: '', questionNumber: null, questionTitle: '', stars: 4 });
  });
});

describe('formula injection', () => {
  it.each(['=', '+', '-', '@', '\t', '\r'])('escapes text that starts with %j with a single quote', (start) => {
    expect(escapeFormula(`${start}HYPERLINK("http://evil.example")`)).toBe(`'${start}HYPERLINK("http://evil.example")`);
  });

  it('leaves other text alone, also a dangerous character later in the text', () => {
    expect(escapeFormula('Great pitch = strong team')).toBe('Great pitch = strong team');
    expect(escapeFormula('')).toBe('');
  });

  it('escapes every text cell of a response row and a match row', () => {
    const responses = data([
      answer({ provider_id: 'u-grace', presenter_id: 'p-ada', question_id: 'q1', comment: '=1+2', response: null }),
    ]);
    responses.providers = [
      { user_id: 'u-grace', first_name: '@Grace', last_name: 'Hopper', company: '+Co', email: '-g@example.com' },
    ];
    const [row] = responseRows(responses);
    expect(row).toMatchObject({
      providerName: "'@Grace Hopper",
      providerCompany: "'+Co",
      providerEmail: "'-g@example.com",
      comment: "'=1+2",
    });

    const [pair] = matchRows({
      finalMatches: [finalMatch('m1', { first_name: '=cmd', company: '@SUM(A1)' }, [{ id: 'u-1', first_name: '-2' }])],
      matchReasons: [],
    });
    expect(pair).toMatchObject({ presenterName: "'=cmd Okafor", presenterCompany: "'@SUM(A1)", providerName: "'-2 Hopper" });
  });
});

function finalMatch(
  id: string,
  presenter: Partial<FinalMatch['presenter_details']>,
  providers: { id: string; first_name: string }[],
): FinalMatch {
  return {
    id,
    event_id: 'ev',
    presenter_id: `p-${id}`,
    presenter_details: {
      first_name: 'Ada',
      last_name: 'Okafor',
      email: 'ada@startup.example',
      company: 'PulseLoop',
      linkedin_url: null,
      profile_url: null,
      ...presenter,
    },
    matched_providers: providers.map((provider) => ({
      provider_id: provider.id,
      provider_details: {
        first_name: provider.first_name,
        last_name: 'Hopper',
        email: `${provider.id}@example.com`,
        company: 'Navy Labs',
      },
    })),
  };
}

describe('matchRows', () => {
  const reasons: MatchReasons = {
    id: 'm1',
    ...storedMatchReasons('ev', 'p-m1', [
      providerReasons('u-1', 4.666666, 3, [
        ['q1', 'Market need', 5],
        ['q2', 'Team', 5],
      ]),
      providerReasons('u-2', 4, 1, [['q3', '', 4]]),
    ]),
  };

  it('gives one row per pair, in the match order, with the score to 2 places and the questions that made it', () => {
    const rows = matchRows({
      finalMatches: [
        finalMatch('m1', {}, [
          { id: 'u-1', first_name: 'Grace' },
          { id: 'u-2', first_name: 'Alan' },
        ]),
      ],
      matchReasons: [reasons],
    });
    expect(rows).toEqual([
      {
        presenterName: 'Ada Okafor',
        presenterCompany: 'PulseLoop',
        presenterEmail: 'ada@startup.example',
        providerName: 'Grace Hopper',
        providerCompany: 'Navy Labs',
        providerEmail: 'u-1@example.com',
        score: 4.67,
        reason: 'Market need: 5 of 5; Team: 5 of 5',
      },
      expect.objectContaining({ providerName: 'Alan Hopper', score: 4, reason: 'q3: 4 of 5' }),
    ]);
  });

  it('says so on the fallback pair, with no score', () => {
    const [row] = matchRows({
      finalMatches: [finalMatch('m1', {}, [{ id: 'innovation-office', first_name: 'Innovation' }])],
      matchReasons: [{ id: 'm1', ...storedMatchReasons('ev', 'p-m1', [officeReasons], true) }],
    });
    expect(row).toMatchObject({ providerName: 'Innovation Hopper', score: null, reason: FALLBACK_REASON });
  });

  it('leaves the score and reason empty for a pair without a recorded reason', () => {
    const [row] = matchRows({
      finalMatches: [finalMatch('m2', {}, [{ id: 'u-1', first_name: 'Grace' }])],
      matchReasons: [reasons],
    });
    expect(row).toMatchObject({ score: null, reason: '' });
  });

  it('orders the presenters by last and first name', () => {
    const rows = matchRows({
      finalMatches: [
        finalMatch('m1', { first_name: 'Zoe', last_name: 'Adams' }, [{ id: 'u-1', first_name: 'A' }]),
        finalMatch('m2', { first_name: 'Lin', last_name: 'Chen' }, [{ id: 'u-1', first_name: 'A' }]),
        finalMatch('m3', { first_name: 'Ada', last_name: 'Adams' }, [{ id: 'u-1', first_name: 'A' }]),
      ],
      matchReasons: [],
    });
    expect(rows.map((row) => row.presenterName)).toEqual(['Ada Adams', 'Zoe Adams', 'Lin Chen']);
  });
});

describe('the tables', () => {
  it('put the responses under their headers, with typed columns', () => {
    const table = responsesTable(
      responseRows(data([answer({ provider_id: 'u-grace', presenter_id: 'p-ada', question_id: 'q1' })])),
    );
    expect(table.name).toBe('Responses');
    expect(table.columns.map((column) => `${column.header}:${column.kind}`)).toEqual([
      'Provider:text',
      'Provider company:text',
      'Provider e-mail:text',
      'Presenter:text',
      'Presenter company:text',
      'Question number:integer',
      'Question:text',
      'Question type:text',
      'Stars:integer',
      'Comment:text',
      'Text response:text',
      'Time:time',
    ]);
    expect(table.rows).toEqual([
      [
        'Grace Hopper',
        'Navy Labs',
        'grace@example.com',
        'Ada Okafor',
        'PulseLoop',
        1,
        'Market need',
        'stars',
        4,
        '',
        '',
        new Date('2030-05-01T11:15:00Z'),
      ],
    ]);
  });

  it('put the matches under their headers', () => {
    const table = matchesTable([]);
    expect(table.name).toBe('Matches');
    expect(table.columns.map((column) => column.header)).toEqual([
      'Presenter',
      'Presenter company',
      'Presenter e-mail',
      'Provider',
      'Provider company',
      'Provider e-mail',
      'Score',
      'Reason',
    ]);
  });
});

describe('exportFileName', () => {
  const day = new Date(2030, 4, 1, 23, 30);

  it('is the title as a slug, the kind and the local date', () => {
    expect(exportFileName('Med-Tech Pitch Session', 'responses', 'csv', day)).toBe(
      'med-tech-pitch-session-responses-2030-05-01.csv',
    );
    expect(exportFileName('Café & Santé: Demo Day!', 'matches', 'xlsx', day)).toBe('cafe-sante-demo-day-matches-2030-05-01.xlsx');
  });

  it("is 'event' for a title without letters or digits", () => {
    expect(exportFileName('***', 'responses', 'csv', day)).toBe('event-responses-2030-05-01.csv');
  });
});
