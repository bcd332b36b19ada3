// `npm run bench:matching`: how long the pure matching core (domain/matching.ts) takes on a large
// event, and how that grows with the responses. 1000 providers × 50 presenters × 10 questions
// (every provider answers every question for every presenter: 500,000 responses), then 2× and 4×
// the providers. Seeded, so every run measures the same data. Goal: under 1 s at 1×, linear growth.
// Printed, not asserted: a timing depends on the machine.

import { performance } from 'node:perf_hooks';
import type { QuestionType } from '../domain/documents.js';
import type { MatchInput, MatchResponse } from '../domain/matching.js';
import { matchEvent } from '../domain/matching.js';

const PRESENTERS = 50;
const QUESTIONS = 10;
const BASE_PROVIDERS = 1000;
const SCALES = [1, 2, 4];
const RUNS = 7;

/** mulberry32: a small seeded generator, so the data (and the work) is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A realistic mix: 8 star questions, a rating and a text one; half the presenters with favourites;
 * some providers with an incomplete profile; some ratings left empty. */
function generate(providerCount: number): MatchInput {
  const next = random(20261123);
  const pick = (n: number) => Math.floor(next() * n);
  const questionIds = Array.from({ length: QUESTIONS }, (_, q) => `q${q}`);
  const types = questionIds.map((_, q): QuestionType => (q < 8 ? 'stars' : q === 8 ? 'rating' : 'text'));
  const questions = Object.fromEntries(questionIds.map((id, q) => [id, { type: types[q] ?? 'stars', title: `Question ${q}` }]));
  const starIds = questionIds.filter((_, q) => types[q] === 'stars');

  const presenterIds = Array.from({ length: PRESENTERS }, (_, p) => `presenter-${p}`);
  const presenters = Object.fromEntries(
    presenterIds.map((id, p) => [
      id,
      {
        first_name: `First${p}`,
        last_name: `Last${p}`,
        email: `presenter${p}@example.com`,
        company: `Start-up ${p}`,
        linkedin_url: '',
        profile_url: '',
        favourites: p % 2 === 0 ? [] : starIds.filter(() => next() < 0.4),
      },
    ]),
  );

  const providerIds = Array.from({ length: providerCount }, (_, v) => `provider-${v}`);
  const providers = Object.fromEntries(
    providerIds.map((id, v) => [
      id,
      {
        first_name: `Provider${v}`,
        last_name: `Family${v}`,
        email: `provider${v}@example.com`,
        company: next() < 0.05 ? '' : `Company ${v % 97}`,
      },
    ]),
  );

  const responses: MatchResponse[] = [];
  const start = Date.UTC(2026, 10, 23, 9);
  for (const provider_id of providerIds) {
    for (const presenter_id of presenterIds) {
      for (let q = 0; q < QUESTIONS; q += 1) {
        const type = types[q] ?? 'stars';
        const rating = type === 'text' || next() < 0.05 ? null : 1 + pick(5);
        responses.push({
          provider_id,
          presenter_id,
          question_id: questionIds[q] ?? 'q0',
          event_id: 'bench-event',
          type,
          rating,
          answeredAt: start + pick(3 * 60 * 60 * 1000),
        });
      }
    }
  }
  return {
    eventId: 'bench-event',
    presenterIds,
    presenters,
    questions,
    providers,
    responses,
    minScore: 4,
    maxMatches: 5,
    fallback: { first_name: 'Innovation', last_name: 'Office', email: 'innovation@example.edu', company: 'Innovation Office' },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const format = (n: number) => n.toLocaleString('en-US');
let baseline = Number.NaN;

console.log(
  `Matching core (domain/matching.ts): ${PRESENTERS} presenters × ${QUESTIONS} questions, median of ${RUNS} runs after a warm-up`,
);
for (const scale of SCALES) {
  const input = generate(BASE_PROVIDERS * scale);
  matchEvent(input);
  const times: number[] = [];
  let fallbacks = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const results = matchEvent(input);
    times.push(performance.now() - started);
    fallbacks = results.filter((result) => result.fallback).length;
  }
  const ms = median(times);
  if (scale === 1) baseline = ms;
  const growth = scale === 1 ? '' : ` · ×${(ms / baseline).toFixed(2)} the 1× median for ×${scale} the responses`;
  console.log(
    `  ${scale}×: ${format(BASE_PROVIDERS * scale)} providers, ${format(input.responses.length)} responses: ` +
      `median ${ms.toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})${growth}` +
      ` · ${fallbacks} fallback presenters`,
  );
}
