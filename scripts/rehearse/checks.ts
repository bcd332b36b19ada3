// The rehearsal's checks on what the server ended with: every answer given stored once with its
// last value, the final matches equal to the oracle's, and one result e-mail per recipient.

import type { DocumentData } from 'firebase-admin/firestore';
import type { ParsedMail } from 'mailparser';
import type { OracleResult } from './oracle';
import { answerKey, type GivenAnswer, type RatingRecord } from './record';

export interface RecordedAnswer {
  answer: GivenAnswer;
  providerId: string;
  presenterId: string;
}

/** The last answer given per provider, presenter and question (edits replace), keyed by the app's response id. */
export function lastAnswers(records: RatingRecord[], eventId: string): Map<string, RecordedAnswer> {
  const last = new Map<string, RecordedAnswer>();
  for (const record of [...records].sort((a, b) => a.at - b.at)) {
    for (const answer of record.answers)
      last.set(answerKey(record.providerId, record.eventId || eventId, record.presenterId, answer.question_id), {
        answer,
        providerId: record.providerId,
        presenterId: record.presenterId,
      });
  }
  return last;
}

export interface AnswerCheck {
  lost: string[];
  wrong: string[];
  /** Stored answers nobody gave (a duplicate under another id, say). */
  unexpected: string[];
}

export function checkAnswers(recorded: Map<string, RecordedAnswer>, stored: Map<string, DocumentData>): AnswerCheck {
  const lost: string[] = [];
  const wrong: string[] = [];
  for (const [key, { answer }] of recorded) {
    const found = stored.get(key);
    if (!found) {
      lost.push(key);
      continue;
    }
    const same =
      found.type === answer.type &&
      (found.rating ?? null) === answer.rating &&
      (found.comment ?? null) === answer.comment &&
      (found.response ?? null) === answer.response;
    if (!same) wrong.push(`${key}: stored ${JSON.stringify(found.rating)}, last given ${JSON.stringify(answer.rating)}`);
  }
  return { lost, wrong, unexpected: [...stored.keys()].filter((key) => !recorded.has(key)) };
}

const FALLBACK_ID = 'innovation-office';

/** Each presenter's final_matches (ordered provider ids, or the fallback) against the oracle's. */
export function checkMatches(oracle: Map<string, OracleResult>, finals: Map<string, DocumentData>): string[] {
  const differences: string[] = [];
  const describe = (result: OracleResult) => (result.fallback ? 'fallback' : result.providerIds.join(', '));
  for (const [presenterId, expected] of oracle) {
    const final = finals.get(presenterId);
    if (!final) {
      differences.push(`${presenterId}: no final_matches document`);
      continue;
    }
    const matched = ((final.matched_providers ?? []) as { provider_id: string }[]).map((match) => match.provider_id);
    const got: OracleResult =
      matched.length === 1 && matched[0] === FALLBACK_ID
        ? { providerIds: [], fallback: true }
        : { providerIds: matched, fallback: false };
    if (describe(got) !== describe(expected))
      differences.push(`${presenterId}: server ${describe(got)}; oracle ${describe(expected)}`);
  }
  for (const presenterId of finals.keys())
    if (!oracle.has(presenterId)) differences.push(`${presenterId}: a final match for a presenter outside the rounds`);
  return differences;
}

export interface EmailCheck {
  expected: number;
  duplicated: string[];
  missing: string[];
  unexpected: string[];
}

/** One e-mail per presenter and one per matched provider (the innovation office gets none), none twice. */
export function checkEmails(finals: Map<string, DocumentData>, mails: ParsedMail[]): EmailCheck {
  const expected = new Set<string>();
  for (const final of finals.values()) {
    const email = (final.presenter_details as { email?: string } | undefined)?.email;
    if (email) expected.add(email.toLowerCase());
    for (const match of (final.matched_providers ?? []) as { provider_id: string; provider_details?: { email?: string } }[])
      if (match.provider_id !== FALLBACK_ID && match.provider_details?.email)
        expected.add(match.provider_details.email.toLowerCase());
  }
  const received = new Map<string, number>();
  for (const mail of mails) {
    const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    for (const address of to.flatMap((group) => group.value)) {
      const email = (address.address ?? '').toLowerCase();
      received.set(email, (received.get(email) ?? 0) + 1);
    }
  }
  return {
    expected: expected.size,
    duplicated: [...received].filter(([, count]) => count > 1).map(([email, count]) => `${email} (${count}×)`),
    missing: [...expected].filter((email) => !received.has(email)),
    unexpected: [...received.keys()].filter((email) => !expected.has(email)),
  };
}

/** Client errors grouped by message (ids and numbers folded), most frequent first. */
export function countErrors(errors: string[]): { message: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const message of errors) {
    const normalised = message
      .replace(/\b[A-Za-z0-9]{20,}\b/g, '…')
      .replace(/\d+/g, 'N')
      .slice(0, 200);
    counts.set(normalised, (counts.get(normalised) ?? 0) + 1);
  }
  return [...counts].map(([message, count]) => ({ message, count })).sort((a, b) => b.count - a.count);
}

/**
 * What must never happen, and did. A provider that could not start (sign in, save its profile,
 * read the questions, within 30-60 s each) rates nothing, so the other checks cannot see it.
 */
export function failuresOf(
  answers: AnswerCheck,
  differences: string[],
  emails: EmailCheck,
  submits: number,
  failedToStart: number,
): string[] {
  const failures: string[] = [];
  if (failedToStart > 0) failures.push(`${failedToStart} SDK providers could not start (see the errors)`);
  const some = (items: string[]) => items.slice(0, 3).join('; ');
  if (answers.lost.length > 0) failures.push(`${answers.lost.length} answers given and never stored (${some(answers.lost)})`);
  if (answers.wrong.length > 0)
    failures.push(`${answers.wrong.length} stored answers are not the last value given (${some(answers.wrong)})`);
  if (answers.unexpected.length > 0)
    failures.push(`${answers.unexpected.length} stored answers nobody gave (${some(answers.unexpected)})`);
  if (differences.length > 0) failures.push(`final matches differ from the oracle for ${differences.length} presenters`);
  if (emails.duplicated.length > 0) failures.push(`${emails.duplicated.length} recipients got a result e-mail more than once`);
  if (emails.missing.length > 0) failures.push(`${emails.missing.length} recipients got no result e-mail`);
  if (emails.unexpected.length > 0) failures.push(`${emails.unexpected.length} e-mails to addresses without a result`);
  if (submits === 0) failures.push('no provider gave any rating');
  return failures;
}
