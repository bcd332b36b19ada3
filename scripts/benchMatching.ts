// `npm run bench:matching`: how long the pure matching core (domain/matching.ts) takes on a large
// event, and how that grows with the responses. 1000 providers × 50 presenters × 10 questions
// (every provider answers every question for every presenter: 500,000 responses), then 2× and 4×
// the providers. Seeded, so every run measures the same data. Goal: under 1 s at 1×, linear growth.
// Then the whole reaction on the local backend (started here, in memory, on free ports): 200
// providers × 30 presenters × 10 questions stored as responses, the Cloud Functions running in
// firebase-tools' Functions emulator, and the time from an admin's write of `is_matching` true
// until `matching_status` reads done.
// Printed, not asserted: a timing depends on the machine.

import { performance } from 'node:perf_hooks';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { startEmulators } from '../backend/src/cli.js';
import type { MatchInput, MatchResponse } from '../domain/matching.js';
import { matchEvent } from '../domain/matching.js';
import { countsInMatching, QUESTION_TYPE_NAMES, type QuestionType } from '../domain/questionTypes.js';
import { localFunctionParams, startFunctionsEmulator } from './functions/emulator.js';
import { answerFor } from './rehearse/questions.js';
import { seededRandom as random, type GivenAnswer } from './rehearse/record.js';

/** A generated answer as the app stores it: what matching reads, and the texts beside it. */
type BenchResponse = MatchResponse & Pick<GivenAnswer, 'comment' | 'response'>;
type BenchInput = Omit<MatchInput, 'responses'> & { responses: BenchResponse[] };

const PRESENTERS = 50;
/** Questions of a type matching counts; one of each other type follows them. */
const MATCHING_QUESTIONS = 8;
const COUNTED_TYPES = QUESTION_TYPE_NAMES.filter(countsInMatching);
const QUESTION_MIX: QuestionType[] = [
  ...Array.from({ length: MATCHING_QUESTIONS }, (_, q) => COUNTED_TYPES[q % COUNTED_TYPES.length] ?? 'stars'),
  ...QUESTION_TYPE_NAMES.filter((type) => !countsInMatching(type)),
];
const QUESTIONS = QUESTION_MIX.length;
const BASE_PROVIDERS = 1000;
const SCALES = [1, 2, 4];
const RUNS = 7;

/** A realistic mix: 8 questions matching counts ('stars') and one of each other type of the list
 * (domain/questionTypes.ts); half the presenters with favourites; some providers with an
 * incomplete profile; some ratings left empty. */
function generate(providerCount: number, presenterCount = PRESENTERS): BenchInput {
  const next = random(20261123);
  const pick = (n: number) => Math.floor(next() * n);
  const types = QUESTION_MIX;
  const questionIds = types.map((_, q) => `q${q}`);
  const questions = Object.fromEntries(questionIds.map((id, q) => [id, { type: types[q] ?? 'stars', title: `Question ${q}` }]));
  const starIds = questionIds.filter((_, q) => countsInMatching(types[q] ?? 'stars'));

  const presenterIds = Array.from({ length: presenterCount }, (_, p) => `presenter-${p}`);
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

  const responses: BenchResponse[] = [];
  const start = Date.UTC(2026, 10, 23, 9);
  for (const provider_id of providerIds) {
    for (const presenter_id of presenterIds) {
      for (let q = 0; q < types.length; q += 1) {
        const type = types[q] ?? 'stars';
        const question_id = questionIds[q] ?? 'q0';
        // As the rehearsal's providers answer (scripts/rehearse/questions.ts), some ratings left empty.
        const { rating, comment, response } = answerFor(next, { question_id, type, title: '' }, provider_id);
        responses.push({
          provider_id,
          presenter_id,
          question_id,
          event_id: 'bench-event',
          type,
          rating: next() >= 0.05 ? rating : null,
          comment,
          response,
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

function benchCore(): void {
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
}

const REACTION = { providers: 200, presenters: 30, runs: 5 } as const;
const MAX_BATCH = 500;

/** Stores the generated event the way the app does: questions, presenters, providers, responses and the event. */
async function storeEvent(db: Firestore, input: BenchInput): Promise<void> {
  const writes: [string, Record<string, unknown>][] = [
    ...Object.entries(input.questions).map(([id, q], n): [string, Record<string, unknown>] => [
      `questions/${id}`,
      { question_number: n + 1, ...q },
    ]),
    ...Object.entries(input.presenters).map(([id, p]): [string, Record<string, unknown>] => [
      `presenters/${id}`,
      { ...p, phone: '', website: '', verified: true, status: 'Up Next', terms_accepted: true },
    ]),
    ...Object.entries(input.providers).map(([id, p]): [string, Record<string, unknown>] => [
      `providers/${id}`,
      { ...p, phone: '', terms_accepted: true },
    ]),
    ...input.responses.map((r): [string, Record<string, unknown>] => [
      `responses/${r.provider_id}_${r.event_id}_${r.presenter_id}_${r.question_id}`,
      {
        event_id: r.event_id,
        question_id: r.question_id,
        presenter_id: r.presenter_id,
        provider_id: r.provider_id,
        type: r.type,
        rating: r.rating,
        comment: r.comment,
        response: r.response,
        updated_at: Timestamp.fromMillis(r.answeredAt),
      },
    ]),
  ];
  for (let start = 0; start < writes.length; start += MAX_BATCH) {
    const batch = db.batch();
    for (const [docPath, data] of writes.slice(start, start + MAX_BATCH)) batch.set(db.doc(docPath), data);
    await batch.commit();
  }
  const half = Math.ceil(input.presenterIds.length / 2);
  const entry = (id: string) => ({
    presenter_id: id,
    first_name: input.presenters[id]?.first_name,
    last_name: input.presenters[id]?.last_name,
  });
  await db.doc(`events/${input.eventId}`).set({
    title: 'Benchmark Session',
    description: '',
    location: '',
    start_time: null,
    number_of_rounds: 2,
    rounds: { round_1: input.presenterIds.slice(0, half).map(entry), round_2: input.presenterIds.slice(half).map(entry) },
    is_event_open: false,
    round_number: 2,
    presenter_index: half - 1,
    is_matching: false,
    is_emailing: false,
    min_match_score: input.minScore,
    max_matches_per_presenter: input.maxMatches,
  });
}

/** Raises is_matching and resolves with the milliseconds until matching_status reads done. */
async function timeOneRun(db: Firestore, eventId: string): Promise<number> {
  const ref = db.doc(`events/${eventId}`);
  let started = 0;
  const done = new Promise<number>((resolve, reject) => {
    const unsubscribe = ref.onSnapshot((snapshot) => {
      const status = snapshot.get('matching_status') as { state?: string; reason?: string } | undefined;
      if (started === 0 || snapshot.get('is_matching') === true) return;
      if (status?.state === 'done') resolve(performance.now() - started);
      else if (status?.state === 'failed') reject(new Error(`Matching failed: ${status.reason}`));
      else return;
      unsubscribe();
    }, reject);
  });
  started = performance.now();
  await ref.update({ is_matching: true, matching_status: FieldValue.delete() });
  return done;
}

async function benchReaction(): Promise<void> {
  const emulators = await startEmulators({ dataDir: null, requireIndexes: true, ports: { auth: 0, firestore: 0, storage: 0 } });
  Object.assign(process.env, emulators.env);
  const app = initializeApp({ projectId: emulators.projectId }, 'bench-matching');
  const db = getFirestore(app);
  const address = (service: { host: string; port: number }) => `${service.host}:${service.port}`;
  // The results e-mails are not part of this run: the mail params name a closed port, never used.
  const functions = await startFunctionsEmulator({
    projectId: emulators.projectId,
    firestore: address(emulators.firestore),
    auth: address(emulators.auth),
    storage: address(emulators.storage),
    params: localFunctionParams({ smtpPort: 9 }, {}),
    schedules: false,
  });
  try {
    const input = generate(REACTION.providers, REACTION.presenters);
    const seeded = performance.now();
    await storeEvent(db, input);
    console.log(
      `\nWhole reaction on the local backend: ${REACTION.providers} providers × ${REACTION.presenters} presenters × ${QUESTIONS} questions ` +
        `(${format(input.responses.length)} responses, stored in ${((performance.now() - seeded) / 1000).toFixed(1)} s), the Cloud Functions in the Functions emulator`,
    );
    const times: number[] = [];
    for (let run = 0; run < REACTION.runs; run += 1) times.push(await timeOneRun(db, input.eventId));
    const matches = await db.collection('final_matches').where('event_id', '==', input.eventId).count().get();
    console.log(
      `  is_matching true → matching_status done: median ${median(times).toFixed(0)} ms over ${REACTION.runs} runs ` +
        `(min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}) · ${matches.data().count} final_matches after re-runs`,
    );
  } finally {
    await functions.stop();
    await db.terminate();
    await deleteApp(app);
    await emulators.close();
  }
}

benchCore();
await benchReaction();
