// firestore.rules cannot import the one list of question types (domain/questionTypes.ts), so this
// test holds the rules' copies to it: the list of every type an answer may have, and for each
// answer kind the types whose answers must carry that kind's fields. A type added to the list and
// not to the rules (every answer of it refused) or the other way round fails here, by name.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QUESTION_TYPES, type AnswerKind, type QuestionTypeTraits } from '../../domain/questionTypes';

const rulesPath = new URL('../../firestore.rules', import.meta.url);

/** The rules' check of the fields each answer kind carries (firestore.rules, hasFieldsOfItsType). */
const FIELD_CHECKS: Record<AnswerKind, string> = {
  rating: 'data.response == null',
  written: 'data.rating == null && data.comment == null',
};

const sorted = (names: Iterable<string>) => [...names].sort();

/** The names in a rules list literal: `['stars', 'rating']`. */
function namesIn(list: string): string[] {
  return sorted([...list.matchAll(/'([^']*)'/g)].map((match) => match[1] ?? ''));
}

/** The responses block of the rules: from its match to the next collection's. */
function responsesBlock(rules: string): string {
  const start = rules.indexOf('match /responses/{responseId}');
  if (start < 0) throw new Error('firestore.rules has no responses block');
  const end = rules.indexOf('\n    match /', start + 1);
  return rules.slice(start, end < 0 ? undefined : end);
}

/** What differs between the rules' type lists and `types`; empty when they agree. */
function rulesTypeMismatches(rules: string, types: Record<string, QuestionTypeTraits>): string[] {
  const block = responsesBlock(rules);
  const problems: string[] = [];
  const every = [...block.matchAll(/&& data\.type in (\[[^\]]*\])\n/g)].map((match) => namesIn(match[1] ?? ''));
  if (every.length !== 1) problems.push(`expected one list of every type in isValidResponse, found ${every.length}`);
  const expectedEvery = sorted(Object.keys(types));
  if (every[0] && every[0].join() !== expectedEvery.join()) {
    problems.push(`every type: the rules have [${every[0].join(', ')}], the list [${expectedEvery.join(', ')}]`);
  }
  for (const [kind, check] of Object.entries(FIELD_CHECKS)) {
    const pattern = new RegExp(`data\\.type in (\\[[^\\]]*\\]) && ${check.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)`, 'g');
    const found = [...block.matchAll(pattern)].map((match) => namesIn(match[1] ?? ''));
    const expected = sorted(
      Object.entries(types)
        .filter(([, traits]) => traits.answer === kind)
        .map(([name]) => name),
    );
    if (found.length !== 1) problems.push(`${kind} answers: expected one check "${check}", found ${found.length}`);
    else if (found[0]?.join() !== expected.join()) {
      problems.push(`${kind} answers: the rules have [${found[0]?.join(', ')}], the list [${expected.join(', ')}]`);
    }
  }
  return problems;
}

describe("firestore.rules' question types", () => {
  const rules = readFileSync(rulesPath, 'utf8');

  it('are the one list: every type, and the types of each answer kind', () => {
    expect(
      rulesTypeMismatches(rules, QUESTION_TYPES),
      'firestore.rules lists other question types than domain/questionTypes.ts',
    ).toEqual([]);
  });

  // The messages are built from the list, so they hold whatever types it has (the rules agree with it, above).
  const typesOf = (kind: AnswerKind, types: Record<string, QuestionTypeTraits> = QUESTION_TYPES) =>
    sorted(
      Object.entries(types)
        .filter(([, traits]) => traits.answer === kind)
        .map(([name]) => name),
    );
  const every = sorted(Object.keys(QUESTION_TYPES)).join(', ');

  it('name a type added to the list and not to the rules', () => {
    const withTrial = { ...QUESTION_TYPES, trial: { answer: 'rating', matching: false, insights: 'comments' } } as const;
    expect(rulesTypeMismatches(rules, withTrial)).toEqual([
      `every type: the rules have [${every}], the list [${sorted(Object.keys(withTrial)).join(', ')}]`,
      `rating answers: the rules have [${typesOf('rating').join(', ')}], the list [${typesOf('rating', withTrial).join(', ')}]`,
    ]);
  });

  it('name a type the rules still allow after it left the list', () => {
    const [gone] = typesOf('rating');
    const without: Record<string, QuestionTypeTraits> = Object.fromEntries(
      Object.entries(QUESTION_TYPES).filter(([name]) => name !== gone),
    );
    expect(rulesTypeMismatches(rules, without)).toEqual([
      `every type: the rules have [${every}], the list [${sorted(Object.keys(without)).join(', ')}]`,
      `rating answers: the rules have [${typesOf('rating').join(', ')}], the list [${typesOf('rating', without).join(', ')}]`,
    ]);
  });
});
