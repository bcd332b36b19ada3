// The export files read back as a spreadsheet would: the CSV parsed with papaparse (header row,
// UTF-8 with a byte order mark, CRLF) and the Excel file opened with exceljs (bold frozen header,
// numbers as numbers, times as date-times, escaped text as text, never a formula); 100,000 rows
// written in chunks with the event loop given back and the progress rising to 100%.

import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvBlob } from '../../src/lib/exportFiles';
import { responseRows, responsesTable, type ExportTable, type TimedResponse } from '../../src/lib/exportRows';
import { xlsxBlob } from '../../src/lib/exportXlsx';

// A zone away from UTC, so the test tells the admin's local time from the stored UTC time.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = zone;
});

function answer(index: number, fields: Partial<TimedResponse> = {}): TimedResponse {
  return {
    response_id: `u-grace_ev_p-ada_q${index}`,
    event_id: 'ev',
    provider_id: 'u-grace',
    presenter_id: 'p-ada',
    question_id: 'q1',
    type: 'stars',
    rating: (index % 5) + 1,
    comment: `Comment ${index}`,
    response: null,
    updated_at: new Date(Date.UTC(2030, 4, 1, 11, 15, 0) + index * 1000),
    ...fields,
  };
}

function table(responses: TimedResponse[]): ExportTable {
  return responsesTable(
    responseRows({
      responses,
      providers: [
        { user_id: 'u-grace', first_name: 'Grâce', last_name: 'Hopper', company: 'Navy Labs', email: 'grace@example.com' },
      ],
      presenters: [{ id: 'p-ada', first_name: 'Ada', last_name: 'Okafor', company: 'PulseLoop' }],
      questions: [
        { question_id: 'q1', question_number: 1, title: 'Market need' },
        { question_id: 'q9', question_number: 9, title: 'Anything else?' },
      ],
    }),
  );
}

const sample = () =>
  table([
    answer(0, { rating: 5, comment: 'Très bien, "really"\nsecond line' }),
    answer(1, { rating: 2, comment: '=HYPERLINK("http://evil.example","click")' }),
    answer(2, { question_id: 'q9', type: 'text', rating: null, comment: null, response: '@SUM(1+1)' }),
  ]);

const HEADER = [
  'Provider',
  'Provider company',
  'Provider e-mail',
  'Presenter',
  'Presenter company',
  'Question number',
  'Question',
  'Question type',
  'Stars',
  'Comment',
  'Text response',
  'Time',
];

describe('csvBlob', () => {
  it('writes UTF-8 with a byte order mark and CRLF line ends', async () => {
    const blob = await csvBlob(sample());
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFFProvider,Provider company,')).toBe(true);
    // The only bare LF is the one inside the quoted two-line comment.
    expect(text.replace(/\r\n/g, '').split('\n')).toHaveLength(2);
  });

  it('reads back as the header row and the data, local times, escaped formulas kept as text', async () => {
    const text = await (await csvBlob(sample())).text();
    const parsed = Papa.parse<string[]>(text, { header: false });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      HEADER,
      [
        'Grâce Hopper',
        'Navy Labs',
        'grace@example.com',
        'Ada Okafor',
        'PulseLoop',
        '1',
        'Market need',
        'stars',
        '5',
        'Très bien, "really"\nsecond line',
        '',
        '2030-05-01 13:15:00',
      ],
      expect.arrayContaining(['2', `'=HYPERLINK("http://evil.example","click")`, '2030-05-01 13:15:01']),
      expect.arrayContaining(['9', 'Anything else?', 'text', '', `'@SUM(1+1)`, '2030-05-01 13:15:02']),
    ]);
  });

  it('writes 100,000 rows in chunks, giving the event loop back, with progress rising to 100%', async () => {
    const responses = Array.from({ length: 100_000 }, (_, index) => answer(index));
    const progress: number[] = [];
    let turns = 0;
    const ticker = setInterval(() => (turns += 1), 0);
    try {
      const blob = await csvBlob(table(responses), { chunkSize: 2_000, onProgress: (fraction) => progress.push(fraction) });
      const parsed = Papa.parse<string[]>(await blob.text(), { header: false });
      expect(parsed.data).toHaveLength(100_001);
      expect(parsed.data[100_000]?.[9]).toBe('Comment 99999');
    } finally {
      clearInterval(ticker);
    }
    expect(progress.length).toBeGreaterThanOrEqual(50);
    expect(progress.every((fraction, index) => index === 0 || fraction >= (progress[index - 1] ?? 0))).toBe(true);
    expect(progress[0]).toBeCloseTo(0.02);
    expect(progress[progress.length - 1]).toBe(1);
    expect(turns).toBeGreaterThan(10);
  });
});

async function openWorkbook(blob: Blob) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await blob.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('The workbook has no sheet.');
  return sheet;
}

describe('xlsxBlob', () => {
  it('writes a Responses sheet whose header row is bold, frozen and filterable', async () => {
    const blob = await xlsxBlob(sample());
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheet = await openWorkbook(blob);
    expect(sheet.name).toBe('Responses');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.getColumn(10).width).toBe(50);
    expect(sheet.rowCount).toBe(4);
  });

  it('types the cells: numbers as numbers, times as date-times in local time, text as text', async () => {
    const sheet = await openWorkbook(await xlsxBlob(sample()));
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('Grâce Hopper');
    expect(first.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(6).value).toBe(1);
    expect(first.getCell(9).value).toBe(5);
    expect(first.getCell(9).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(10).value).toBe('Très bien, "really"\nsecond line');
    const time = first.getCell(12);
    expect(time.type).toBe(ExcelJS.ValueType.Date);
    expect(time.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    // The sheet's clock is the admin's (13:15 in Berlin for 11:15 UTC).
    expect((time.value as Date).toISOString()).toBe('2030-05-01T13:15:00.000Z');
    // A text answer has no stars: the cell stays empty.
    expect(sheet.getRow(4).getCell(9).value).toBeNull();
  });

  it('keeps an escaped formula as text, never as a formula', async () => {
    const sheet = await openWorkbook(await xlsxBlob(sample()));
    for (const [row, column, text] of [
      [3, 10, `'=HYPERLINK("http://evil.example","click")`],
      [4, 11, `'@SUM(1+1)`],
    ] as const) {
      const cell = sheet.getRow(row).getCell(column);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(text);
      expect(cell.formula).toBeUndefined();
    }
  });

  it('adds the rows in chunks with progress rising to 100%', async () => {
    const progress: number[] = [];
    const responses = Array.from({ length: 3_000 }, (_, index) => answer(index));
    const sheet = await openWorkbook(
      await xlsxBlob(table(responses), { chunkSize: 500, onProgress: (fraction) => progress.push(fraction) }),
    );
    expect(sheet.rowCount).toBe(3_001);
    expect(sheet.getRow(3_001).getCell(10).value).toBe('Comment 2999');
    expect(progress.length).toBeGreaterThanOrEqual(6);
    expect(progress.every((fraction, index) => index === 0 || fraction >= (progress[index - 1] ?? 0))).toBe(true);
    expect(progress[progress.length - 1]).toBe(1);
  });
});
