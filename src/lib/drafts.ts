// What is typed into a form and not yet saved, kept in the tab's session storage (one item,
// 'drafts': a JSON map from a form's key to its values), so that a reload of the page, the app's
// own for a new version (src/app/staleCode.ts) or the visitor's, loses none of it. A form drops its
// draft once saved. Session storage, not local: a draft belongs to the tab it was typed in and is
// gone with it. Damaged items read as absent; a browser that refuses storage keeps no drafts.

import { STORAGE_KEYS } from '../config/constants';
import { parseQuestionType } from '../../domain/questionTypes';
import type { Answer } from '../types/response';

function readDrafts(storage: Storage): Record<string, unknown> {
  try {
    const value = JSON.parse(storage.getItem(STORAGE_KEYS.drafts) ?? '{}') as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function writeDrafts(storage: Storage, drafts: Record<string, unknown>): void {
  try {
    if (Object.keys(drafts).length === 0) storage.removeItem(STORAGE_KEYS.drafts);
    else storage.setItem(STORAGE_KEYS.drafts, JSON.stringify(drafts));
  } catch (error) {
    // Full or refused storage: the form works on; only a reload would lose what is typed.
    console.warn('A draft could not be kept in session storage.', error);
  }
}

/** The draft kept under `key`, as stored (check it with a parser below), or null. */
export function readDraft(storage: Storage, key: string): unknown {
  return readDrafts(storage)[key] ?? null;
}

export function writeDraft(storage: Storage, key: string, value: unknown): void {
  writeDrafts(storage, { ...readDrafts(storage), [key]: value });
}

export function dropDraft(storage: Storage, key: string): void {
  const drafts = readDrafts(storage);
  if (!Object.hasOwn(drafts, key)) return;
  delete drafts[key];
  writeDrafts(storage, drafts);
}

const textOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

export interface AnswersDraft {
  /** The event the answers are for. */
  eventId: string;
  /** The answers by question id. */
  answers: Record<string, Answer>;
}

/** A questionnaire's draft, leaving out any answer that is damaged. */
export function answersDraft(value: unknown): AnswersDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const { eventId, answers: stored } = value as Record<string, unknown>;
  if (typeof eventId !== 'string' || typeof stored !== 'object' || stored === null) return null;
  const answers: Record<string, Answer> = {};
  for (const [questionId, item] of Object.entries(stored as Record<string, unknown>)) {
    if (typeof item !== 'object' || item === null) continue;
    const { type, rating, comment, response } = item as Record<string, unknown>;
    const knownType = parseQuestionType(type);
    if (!knownType || !(rating === null || typeof rating === 'number') || !textOrNull(comment) || !textOrNull(response)) continue;
    answers[questionId] = { question_id: questionId, type: knownType, rating, comment, response };
  }
  return Object.keys(answers).length > 0 ? { eventId, answers } : null;
}

/** A contact form's draft: the fields of `blank`, each taken from the draft when of the same kind. */
export function formDraft<Values extends { [Field in keyof Values]: string | boolean }>(
  value: unknown,
  blank: Values,
): Values | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const stored = value as Record<string, unknown>;
  const values: Record<string, unknown> = { ...blank };
  for (const [field, fallback] of Object.entries(blank)) {
    if (typeof stored[field] === typeof fallback) values[field] = stored[field];
  }
  return values as Values;
}
