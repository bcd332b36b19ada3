// The rows of an event's exports (docs/exports-and-insights.md): the responses, one row per answer, and the
// final matches, one row per presenter–provider pair with its score and reason, as a table of
// typed cells that the CSV and Excel writers (exportFiles.ts) turn into files. Every text cell is
// escaped against formula injection here, once, so no writer can forget it.

import type { FinalMatch } from '../types/finalMatch';
import type { MatchReasons } from '../types/matchReasons';
import type { Presenter } from '../types/presenter';
import type { Provider } from '../types/provider';
import type { Question } from '../types/question';
import type { ProviderResponse } from '../types/response';
import { answerColumns } from './answers';

/** One cell: text, a number, a time, or empty. */
export type CellValue = string | number | Date | null;

/** How a column's cells are typed in a spreadsheet: integers, decimals (2 places) or date-times. */
export type ColumnKind = 'text' | 'integer' | 'decimal' | 'time';

export interface ExportColumn {
  header: string;
  kind: ColumnKind;
  /** The column's width in characters. */
  width: number;
}

/** What both file formats are written from: plain data, so it can also go to a worker. */
export interface ExportTable {
  /** The worksheet's name. */
  name: string;
  columns: ExportColumn[];
  rows: CellValue[][];
}

/**
 * First characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection"):
 * =, +, -, @, and tab and carriage return, which some spreadsheets skip before looking.
 */
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'];

/** The text with a single quote in front when it would start a formula, so it stays text. */
export function escapeFormula(text: string): string {
  return FORMULA_STARTS.some((start) => text.startsWith(start)) ? `'${text}` : text;
}

/** An answer with the server's time of its last change (null while the server has not set it). */
export interface TimedResponse extends ProviderResponse {
  updated_at: Date | null;
}

/** Everything the responses export needs: the event's answers and who and what they are about. */
export interface ResponsesExportData {
  responses: TimedResponse[];
  providers: Pick<Provider, 'user_id' | 'first_name' | 'last_name' | 'company' | 'email'>[];
  presenters: Pick<Presenter, 'id' | 'first_name' | 'last_name' | 'company'>[];
  questions: Pick<Question, 'question_id' | 'question_number' | 'title'>[];
}

/** One answer, as the responses export shows it. */
export interface ResponseRow {
  providerName: string;
  providerCompany: string;
  providerEmail: string;
  presenterName: string;
  presenterCompany: string;
  questionNumber: number | null;
  questionTitle: string;
  questionType: string;
  /** The answer's 1-5 rating (stars and rating questions); null for a text answer. */
  stars: number | null;
  comment: string;
  textResponse: string;
  time: Date | null;
}

/** Everything the matches export needs: the event's final matches and their reasons (admins only). */
export interface MatchesExportData {
  finalMatches: FinalMatch[];
  matchReasons: MatchReasons[];
}

/** One presenter–provider pair of the final matches. */
/** The two people of a pair, as every table of pairs (matches, meetings) shows them. */
export interface PairPeople {
  presenterName: string;
  presenterCompany: string;
  presenterEmail: string;
  providerName: string;
  providerCompany: string;
  providerEmail: string;
}

export interface MatchRow extends PairPeople {
  /** The mean star rating that made the match, to 2 places; null for the fallback and when no reason was recorded. */
  score: number | null;
  reason: string;
}

/** The reason of the innovation office's fallback pair (DECISIONS.md, "Matching"). */
export const FALLBACK_REASON = 'Fallback: no provider reached the minimum score, so the innovation office is the contact.';

const fullName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim();

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** An answer's 'Stars', 'Comment' and 'Text response' cells (answers.ts decides them by the answer's kind), escaped. */
function answerCells(response: TimedResponse): Pick<ResponseRow, 'stars' | 'comment' | 'textResponse'> {
  const { stars, comment, textResponse } = answerColumns(response);
  return { stars, comment: escapeFormula(comment), textResponse: escapeFormula(textResponse) };
}

/** One row per answer, oldest first (answers without a time last), every text escaped. */
export function responseRows({ responses, providers, presenters, questions }: ResponsesExportData): ResponseRow[] {
  const providerById = new Map(providers.map((provider) => [provider.user_id, provider]));
  const presenterById = new Map(presenters.map((presenter) => [presenter.id, presenter]));
  const questionById = new Map(questions.map((question) => [question.question_id, question]));
  const ordered = [...responses].sort(
    (a, b) =>
      (a.updated_at?.getTime() ?? Infinity) - (b.updated_at?.getTime() ?? Infinity) || byText(a.response_id, b.response_id),
  );
  return ordered.map((response) => {
    const provider = providerById.get(response.provider_id);
    const presenter = presenterById.get(response.presenter_id);
    const question = questionById.get(response.question_id);
    return {
      providerName: escapeFormula(provider ? fullName(provider) : ''),
      providerCompany: escapeFormula(provider?.company ?? ''),
      providerEmail: escapeFormula(provider?.email ?? ''),
      presenterName: escapeFormula(presenter ? fullName(presenter) : ''),
      presenterCompany: escapeFormula(presenter?.company ?? ''),
      questionNumber: question?.question_number ?? null,
      questionTitle: escapeFormula(question?.title ?? ''),
      questionType: escapeFormula(response.type),
      ...answerCells(response),
      time: response.updated_at,
    };
  });
}

/** "Market need: 5 of 5; Team: 4 of 5", the questions that made the match, highest first. */
function reasonText(reasons: MatchReasons['providers'][number]['reasons']): string {
  return reasons.map((reason) => `${reason.title || reason.question_id}: ${reason.rating} of 5`).join('; ');
}

/**
 * One row per presenter–provider pair, by presenter name and then in the match's own order (the
 * best first), with the score and reason from match_reasons; the fallback pair says it is one.
 */
export function matchRows({ finalMatches, matchReasons }: MatchesExportData): MatchRow[] {
  const reasonsById = new Map(matchReasons.map((reasons) => [reasons.id, reasons]));
  const presenters = [...finalMatches].sort(
    (a, b) =>
      byText(a.presenter_details.last_name, b.presenter_details.last_name) ||
      byText(a.presenter_details.first_name, b.presenter_details.first_name) ||
      byText(a.id, b.id),
  );
  return presenters.flatMap((match) => {
    const reasons = reasonsById.get(match.id);
    return match.matched_providers.map((matched) => {
      const why = reasons?.providers.find((provider) => provider.provider_id === matched.provider_id);
      const details = matched.provider_details;
      return {
        presenterName: escapeFormula(fullName(match.presenter_details)),
        presenterCompany: escapeFormula(match.presenter_details.company),
        presenterEmail: escapeFormula(match.presenter_details.email),
        providerName: escapeFormula(fullName(details)),
        providerCompany: escapeFormula(details.company),
        providerEmail: escapeFormula(details.email),
        score: reasons?.fallback || why === undefined ? null : Math.round(why.score * 100) / 100,
        reason: reasons?.fallback ? FALLBACK_REASON : escapeFormula(why ? reasonText(why.reasons) : ''),
      };
    });
  });
}

/** A column with how each row fills its cell. */
export interface ColumnOf<Row> extends ExportColumn {
  value: (row: Row) => CellValue;
}

/** The table of `rows`, a cell per column: headers and cells from one list, so they cannot drift apart. */
export function tableOf<Row>(name: string, columns: ColumnOf<Row>[], rows: Row[]): ExportTable {
  return {
    name,
    columns: columns.map(({ header, kind, width }) => ({ header, kind, width })),
    rows: rows.map((row) => columns.map((column) => column.value(row))),
  };
}

const RESPONSE_COLUMNS: ColumnOf<ResponseRow>[] = [
  { header: 'Provider', kind: 'text', width: 24, value: (row) => row.providerName },
  { header: 'Provider company', kind: 'text', width: 24, value: (row) => row.providerCompany },
  { header: 'Provider e-mail', kind: 'text', width: 30, value: (row) => row.providerEmail },
  { header: 'Presenter', kind: 'text', width: 24, value: (row) => row.presenterName },
  { header: 'Presenter company', kind: 'text', width: 24, value: (row) => row.presenterCompany },
  { header: 'Question number', kind: 'integer', width: 10, value: (row) => row.questionNumber },
  { header: 'Question', kind: 'text', width: 30, value: (row) => row.questionTitle },
  { header: 'Question type', kind: 'text', width: 12, value: (row) => row.questionType },
  { header: 'Stars', kind: 'integer', width: 8, value: (row) => row.stars },
  { header: 'Comment', kind: 'text', width: 50, value: (row) => row.comment },
  { header: 'Text response', kind: 'text', width: 50, value: (row) => row.textResponse },
  { header: 'Time', kind: 'time', width: 20, value: (row) => row.time },
];

/** The columns of a pair's two people, in the order every table of pairs has them. */
export const pairColumns = <Row extends PairPeople>(): ColumnOf<Row>[] => [
  { header: 'Presenter', kind: 'text', width: 24, value: (row) => row.presenterName },
  { header: 'Presenter company', kind: 'text', width: 24, value: (row) => row.presenterCompany },
  { header: 'Presenter e-mail', kind: 'text', width: 30, value: (row) => row.presenterEmail },
  { header: 'Provider', kind: 'text', width: 24, value: (row) => row.providerName },
  { header: 'Provider company', kind: 'text', width: 24, value: (row) => row.providerCompany },
  { header: 'Provider e-mail', kind: 'text', width: 30, value: (row) => row.providerEmail },
];

const MATCH_COLUMNS: ColumnOf<MatchRow>[] = [
  ...pairColumns<MatchRow>(),
  { header: 'Score', kind: 'decimal', width: 8, value: (row) => row.score },
  { header: 'Reason', kind: 'text', width: 60, value: (row) => row.reason },
];

export const responsesTable = (rows: ResponseRow[]): ExportTable => tableOf('Responses', RESPONSE_COLUMNS, rows);

export const matchesTable = (rows: MatchRow[]): ExportTable => tableOf('Matches', MATCH_COLUMNS, rows);

/** The 'Pitch times' table is written by pitchTimeRows.ts, the 'Meetings' table by meetingRows.ts. */
export type ExportKind = 'responses' | 'matches' | 'pitch-times' | 'meetings';
export type ExportFormat = 'csv' | 'xlsx';

/** `{event-title-slug}-{kind}-{yyyy-mm-dd}.{format}`, the date in local time; 'event' for a title with no letters or digits. */
export function exportFileName(title: string, kind: ExportKind, format: ExportFormat, date: Date): string {
  const slug =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'event';
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${slug}-${kind}-${day}.${format}`;
}
