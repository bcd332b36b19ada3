// The rehearsal's report: live-change delivery to every provider (and of the change right after
// the backend's restart on its own), the phones' returns from their drop-outs, ratings given
// against ratings stored, final matches against the oracle, e-mails, the pitch timer (the phones' spread on each
// second, the recorded pitch lengths against the admin's writes), client errors and the backend's peak use,
// with the list of what must never happen and did (the exit status says whether it is empty).

import type { BackendUsage } from './backendProcess';
import type { LiveState, Sighting } from './record';
import type { PhoneSighting } from './phone';
import {
  timerSpreadFailures,
  TIMER_SPREAD_MAX_MS,
  TIMER_SPREAD_MEDIAN_MS,
  type PitchLengthCheck,
  type TimerSpread,
} from './pitchTimer';
import { STALE_LIMIT_MS, type ReturnCheck, type SdkFault } from './reconnect';
import type { MeetingsCheck } from './meetings';

export interface DeliveryFigures {
  /** Provider × change pairs measured. */
  measured: number;
  p50Ms: number | null;
  p95Ms: number | null;
  maxMs: number | null;
  /** Pairs where the provider never showed the change (nor a later one). */
  neverArrived: number;
  /** Pairs where a later change reached the provider first (it was offline or reconnecting meanwhile). */
  superseded: number;
}

/** p50, p95 and max of some times, in ms; null when there are none. */
export interface Spread {
  count: number;
  p50Ms: number | null;
  p95Ms: number | null;
  maxMs: number | null;
}

/** The phones' returns from their drop-outs (reconnect.ts). */
export interface ReconnectFigures {
  plannedDropOuts: number;
  returns: number;
  ratedAway: number;
  /** Returns of a phone that was away while the backend was killed and restarted. */
  acrossRestart: number;
  /** How long the phones were away. */
  away: Spread;
  /** Returns to a stale screen (a change made while away): from the return until the phone showed the admin's latest change. */
  stale: Spread & { overLimit: number; neverCaughtUp: number };
  /** The first change after each return that altered the Live group: from the admin's press until the phone showed it. */
  nextChange: Spread;
  sdkAssertions: string[];
  stoppedListeners: string[];
  /** Every return, for a reader who wants the detail. */
  details: ReturnCheck[];
}

/** One room's part of the report (parallel rooms): its event, its providers and its checks. */
export interface RoomReport {
  /** 'A', 'B', … */
  room: string;
  eventId: string;
  title: string;
  /** The join link its phones opened (the room display's QR code), or null with one room. */
  joinPath: string | null;
  providers: { sdk: number; phones: number };
  presenters: number;
  changes: number;
  delivery: { sdk: DeliveryFigures; phones: DeliveryFigures };
  ratings: { given: number; stored: number; lost: number; unexpected: number; wrong: number };
  matches: { presenters: number; matchedPairs: number; fallbacks: number; equalToOracle: boolean; differences: string[] };
  emails: { expected: number; received: number; duplicated: string[]; missing: string[] };
}

export interface RehearsalReport {
  settings: Record<string, number | boolean | string>;
  wallSeconds: number;
  providers: {
    sdkPlanned: number;
    sdkReady: number;
    sdkFailedToStart: number;
    phones: number;
    dropping: number;
    threads: number;
    /** Memory of the provider threads per SDK provider (MB), process RSS growth over the providers. */
    memoryPerProviderMb: number | null;
  };
  presenters: { invited: number; signedUpInBrowser: number; signedUpWithSdk: number };
  changes: number;
  delivery: { sdk: DeliveryFigures; phones: DeliveryFigures };
  /** Delivery of the change pressed right after the backend's restart alone (once the server answers again). */
  deliveryAfterRestart: { sdk: DeliveryFigures; phones: DeliveryFigures };
  reconnect: ReconnectFigures;
  ratings: {
    submits: number;
    edits: number;
    offlineSubmits: number;
    /** Distinct answers given (provider × presenter × question), the last value of each recorded. */
    given: number;
    stored: number;
    lost: number;
    unexpected: number;
    wrong: number;
    notSynced: number;
    /** The providers still holding unsent answers when the wait ended, and why. */
    notSyncedDetails: string[];
    /** The providers whose writes synced at the end only after a network restart (a browser's 'online' event), and their relay's traffic before it. */
    restartedToSync: string[];
    /** Answers lost or stored with another value (the first ones). */
    problems: string[];
  };
  matches: { presenters: number; matchedPairs: number; fallbacks: number; equalToOracle: boolean; differences: string[] };
  emails: { expected: number; received: number; duplicated: string[]; missing: string[]; unexpected: string[] };
  /** The meetings after matching (scripts/rehearse/meetings.ts). */
  meetings: MeetingsCheck;
  errors: { count: number; distinct: { message: string; count: number }[] };
  backend: BackendUsage & {
    restarts: number;
    /** From the restart's spawn until Firestore served, and until Auth too. */
    restartSeconds: { firestore: number; all: number } | null;
  };
  /** Each room's part; the figures above are the rooms' totals. */
  rooms: RoomReport[];
  /** How far apart the phones turned each second over, and the recorded pitch lengths against the admin's writes. */
  pitchTimer: { spread: TimerSpread; lengths: PitchLengthCheck };
  /** What must never happen, and did: the rehearsal fails when this is not empty. */
  failures: string[];
}

export interface Change extends LiveState {
  pressedAt: number;
  /** The live presenter's name after the press, or null when nobody is live. */
  liveName: string | null;
  /** The first press after the backend's kill and restart. */
  afterRestart?: boolean;
}

function percentile(sorted: number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? null;
}

function figures(latencies: number[], neverArrived: number, superseded: number): DeliveryFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    measured: sorted.length + neverArrived + superseded,
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    maxMs: sorted.length ? (sorted[sorted.length - 1] ?? null) : null,
    neverArrived,
    superseded,
  };
}

function spreadOf(times: number[]): Spread {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    maxMs: sorted.length ? (sorted[sorted.length - 1] ?? null) : null,
  };
}

/** The figures of the phones' returns, and the faults their consoles showed. */
export function reconnectFigures(
  returns: ReturnCheck[],
  faults: { kind: SdkFault; message: string }[],
  plannedDropOuts: number,
): ReconnectFigures {
  const stale = returns.flatMap((back) => (back.staleMs === null ? [] : [back]));
  return {
    plannedDropOuts,
    returns: returns.length,
    ratedAway: returns.filter((back) => back.ratedAway).length,
    acrossRestart: returns.filter((back) => back.acrossRestart).length,
    away: spreadOf(returns.map((back) => back.awayMs)),
    stale: {
      ...spreadOf(stale.map((back) => back.staleMs ?? 0)),
      overLimit: stale.filter((back) => (back.staleMs ?? 0) > STALE_LIMIT_MS).length,
      neverCaughtUp: stale.filter((back) => !back.caughtUp).length,
    },
    nextChange: spreadOf(returns.flatMap((back) => (back.nextChangeMs === null ? [] : [back.nextChangeMs]))),
    sdkAssertions: faults.filter((fault) => fault.kind === 'assertion').map((fault) => fault.message),
    stoppedListeners: faults.filter((fault) => fault.kind === 'stopped listener').map((fault) => fault.message),
    details: returns,
  };
}

interface Tally {
  latencies: number[];
  never: number;
  superseded: number;
}

const merged = (tallies: Tally[]): DeliveryFigures =>
  figures(
    tallies.flatMap((tally) => tally.latencies),
    tallies.reduce((sum, tally) => sum + tally.never, 0),
    tallies.reduce((sum, tally) => sum + tally.superseded, 0),
  );

/**
 * Delivery to SDK providers, which report every (round, index) they show: change k arrived when,
 * after its press, the first state shown of those it and the later presses set is its own.
 */
function sdkTally(changes: Change[], sightings: Map<string, Sighting[]>, measured: (change: Change) => boolean): Tally {
  const latencies: number[] = [];
  let never = 0;
  let superseded = 0;
  const same = (sighting: Sighting, change: Change) => sighting.round === change.round && sighting.index === change.index;
  for (const seen of sightings.values()) {
    changes.forEach((change, k) => {
      if (!measured(change)) return;
      const rest = changes.slice(k);
      const first = seen.find((sighting) => sighting.at >= change.pressedAt && rest.some((c) => same(sighting, c)));
      if (!first) never += 1;
      else if (same(first, change)) latencies.push(first.at - change.pressedAt);
      else superseded += 1;
    });
  }
  return { latencies, never, superseded };
}

/** Delivery to the SDK providers of every room (sdkTally), each room with its own changes and providers. */
export function sdkDeliveryInRooms(
  rooms: { changes: Change[]; sightings: Map<string, Sighting[]> }[],
  measured: (change: Change) => boolean = () => true,
): DeliveryFigures {
  return merged(rooms.map((room) => sdkTally(room.changes, room.sightings, measured)));
}

type WatchingPhone = { sightings: PhoneSighting[]; watching: [number, number][] };

/**
 * Delivery to phones: measured for the changes that name a live presenter and that happened while
 * the phone was on /presenters and online (a change made while it was away counts
 * in its return's stale screen, reconnect.ts); it arrives when the Live group shows that name in the same stay.
 */
function phoneTally(changes: Change[], phones: WatchingPhone[], measured: (change: Change) => boolean): Tally {
  const latencies: number[] = [];
  let never = 0;
  let superseded = 0;
  for (const phone of phones) {
    changes.forEach((change, k) => {
      if (!change.liveName || !measured(change)) return;
      const stay = phone.watching.find(([from, to]) => from <= change.pressedAt && change.pressedAt < to);
      if (!stay) return;
      const shown = phone.sightings.find(
        (sighting) => sighting.at >= change.pressedAt && sighting.at <= stay[1] && sighting.text.includes(change.liveName ?? ''),
      );
      if (shown) {
        latencies.push(shown.at - change.pressedAt);
        return;
      }
      const laterNames = changes.slice(k + 1).flatMap((c) => (c.liveName ? [c.liveName] : []));
      const replaced = phone.sightings.some(
        (sighting) => sighting.at >= change.pressedAt && laterNames.some((name) => sighting.text.includes(name)),
      );
      // Left /presenters before it arrived (to rate): not measured.
      if (stay[1] !== Number.POSITIVE_INFINITY && !replaced) return;
      if (replaced) superseded += 1;
      else never += 1;
    });
  }
  return { latencies, never, superseded };
}

/** Delivery to the phones of every room (phoneTally), each room with its own changes and phones. */
export function phoneDeliveryInRooms(
  rooms: { changes: Change[]; phones: WatchingPhone[] }[],
  measured: (change: Change) => boolean = () => true,
): DeliveryFigures {
  return merged(rooms.map((room) => phoneTally(room.changes, room.phones, measured)));
}

const ms = (value: number | null) => (value === null ? '-' : `${Math.round(value)} ms`);

/** The most a recorded length may differ from the admin's writes (the ms a copied time loses). */
export const PITCH_LENGTH_TOLERANCE_MS = 2;

/** What must never happen to the pitch timer, and did. */
export function pitchTimerFailures({ spread, lengths }: RehearsalReport['pitchTimer']): string[] {
  const failures = timerSpreadFailures(spread);
  if (lengths.missing.length > 0)
    failures.push(`${lengths.missing.length} presenters were live and have no recorded pitch length`);
  if (lengths.maxDeviationMs !== null && lengths.maxDeviationMs > PITCH_LENGTH_TOLERANCE_MS)
    failures.push(`a recorded pitch length differs from the admin's writes by ${lengths.maxDeviationMs} ms`);
  return failures;
}

function formatRoom(room: RoomReport): string[] {
  const delivery = (figure: DeliveryFigures) =>
    `p50 ${ms(figure.p50Ms)}, p95 ${ms(figure.p95Ms)}; ${figure.neverArrived} of ${figure.measured} never arrived`;
  const { ratings, matches, emails } = room;
  return [
    `  Room ${room.room}: ${room.title} (event ${room.eventId}${room.joinPath ? `, joined at ${room.joinPath}` : ''})`,
    `    SDK providers ${room.providers.sdk}, phones ${room.providers.phones}, presenters ${room.presenters}, live changes ${room.changes}`,
    `    delivery to SDK providers ${delivery(room.delivery.sdk)}; to phones ${delivery(room.delivery.phones)}`,
    `    answers given / stored ${ratings.given} / ${ratings.stored}; lost / unexpected / wrong value ${ratings.lost} / ${ratings.unexpected} / ${ratings.wrong}`,
    `    final matches: ${matches.presenters} presenters, ${matches.matchedPairs} matches, ${matches.fallbacks} fallbacks; ` +
      (matches.equalToOracle ? 'equal to the oracle' : `DIFFERENT from the oracle (${matches.differences.length})`),
    `    e-mails: ${emails.received} received, ${emails.expected} expected; ${emails.duplicated.length} duplicated, ${emails.missing.length} missing`,
  ];
}

export function formatReport(report: RehearsalReport): string {
  const rows: [string, string][] = [
    [
      'Settings',
      Object.entries(report.settings)
        .map(([key, value]) => `${key} ${value}`)
        .join(', '),
    ],
    ['Wall time', `${report.wallSeconds} s`],
    [
      'SDK providers',
      `${report.providers.sdkReady} of ${report.providers.sdkPlanned} ready (${report.providers.sdkFailedToStart} failed to start), ${report.providers.threads} threads, ${report.providers.memoryPerProviderMb ?? '-'} MB of process RSS per provider (the threads' own included)`,
    ],
    ['Phones (Chromium, 360 px)', `${report.providers.phones}`],
    ['Providers dropping once', `${report.providers.dropping}`],
    [
      'Presenters',
      `${report.presenters.invited} invited; signed up ${report.presenters.signedUpInBrowser} in Chromium, ${report.presenters.signedUpWithSdk} with the SDK (src/db/signup.ts)`,
    ],
    ['Live changes pressed', `${report.changes}`],
  ];
  for (const [label, figure] of [
    ['Delivery to SDK providers', report.delivery.sdk],
    ['Delivery to phones', report.delivery.phones],
  ] as const) {
    rows.push([
      label,
      `p50 ${ms(figure.p50Ms)}, p95 ${ms(figure.p95Ms)}, max ${ms(figure.maxMs)}; ${figure.measured} measured, ` +
        `${figure.neverArrived} never arrived, ${figure.superseded} overtaken by a later change`,
    ]);
  }
  const restart = report.deliveryAfterRestart;
  if (restart.sdk.measured + restart.phones.measured > 0)
    rows.push([
      'Delivery after the restart',
      `the first change once the server answered again: SDK providers p50 ${ms(restart.sdk.p50Ms)}, p95 ${ms(restart.sdk.p95Ms)}, ` +
        `max ${ms(restart.sdk.maxMs)}; phones p50 ${ms(restart.phones.p50Ms)}, p95 ${ms(restart.phones.p95Ms)}, max ${ms(restart.phones.maxMs)}`,
    ]);
  const back = report.reconnect;
  const times = (figure: Spread) => `p50 ${ms(figure.p50Ms)}, p95 ${ms(figure.p95Ms)}, max ${ms(figure.maxMs)}`;
  rows.push(
    [
      'Phone drop-outs',
      `${back.returns} returns of ${back.plannedDropOuts} planned (${back.ratedAway} rating while away, ${back.acrossRestart} away across the backend's kill and restart), away ${times(back.away)}`,
    ],
    [
      'Stale screen after a return',
      `${back.stale.count} returns to a stale screen, caught up ${times(back.stale)} after the network was back (or the server, if later); ` +
        `${back.stale.overLimit} over ${STALE_LIMIT_MS / 1000} s, ${back.stale.neverCaughtUp} never`,
    ],
    ['Next change after a return', `${back.nextChange.count} measured, shown ${times(back.nextChange)} after the press`],
    ['SDK faults on the phones', `${back.sdkAssertions.length} assertions, ${back.stoppedListeners.length} stopped listeners`],
  );
  const r = report.ratings;
  rows.push(
    ['Submits', `${r.submits} (${r.edits} edits, ${r.offlineSubmits} given offline)`],
    ['Answers given / stored', `${r.given} / ${r.stored}`],
    ['Answers lost / unexpected / wrong value', `${r.lost} / ${r.unexpected} / ${r.wrong}`],
    ['Providers not synced at the end', `${r.notSynced} (${r.restartedToSync.length} more synced only after a network restart)`],
    [
      'Final matches',
      `${report.matches.presenters} presenters, ${report.matches.matchedPairs} matches, ${report.matches.fallbacks} fallbacks; ` +
        (report.matches.equalToOracle
          ? 'equal to the oracle'
          : `DIFFERENT from the oracle (${report.matches.differences.length})`),
    ],
    [
      'E-mails',
      `${report.emails.received} received, ${report.emails.expected} expected; ${report.emails.duplicated.length} duplicated, ` +
        `${report.emails.missing.length} missing, ${report.emails.unexpected.length} unexpected`,
    ],
    [
      'Meetings',
      `${report.meetings.requests} requested by providers (${report.meetings.requestsRefused} refused), ${report.meetings.accepted} accepted, ` +
        `${report.meetings.scheduled} placed by Schedule all; ${report.meetings.booked} booked (${report.meetings.confirmed} confirmed) ` +
        `for ${report.meetings.pairs} pairs; ${report.meetings.doubleBookings.length} double bookings, ` +
        `${report.meetings.missedPairs.length} pairs left out that fitted, ${report.meetings.sharedPlaces.length} places shared by two presenters; invites ${report.meetings.invites.received} of ${report.meetings.invites.expected}`,
    ],
    [
      'Pitch timer on the phones',
      `each second turned over p50 ${ms(report.pitchTimer.spread.p50Ms)}, p95 ${ms(report.pitchTimer.spread.p95Ms)}, ` +
        `max ${ms(report.pitchTimer.spread.maxMs)} apart (limits ${TIMER_SPREAD_MEDIAN_MS} ms at the median, under ${TIMER_SPREAD_MAX_MS} ms always); ` +
        `${report.pitchTimer.spread.compared} seconds compared`,
    ],
    [
      'Pitch lengths recorded',
      `${report.pitchTimer.lengths.recorded} of ${report.pitchTimer.lengths.live} presenters live, ` +
        `at most ${ms(report.pitchTimer.lengths.maxDeviationMs)} from the admin's writes; ${report.pitchTimer.lengths.missing.length} missing`,
    ],
    ['Client errors', `${report.errors.count}`],
    [
      'Backend',
      `peak RSS ${Math.round(report.backend.peakRssBytes / 1_048_576)} MB, peak CPU ${report.backend.peakCpuPercent}%, ` +
        `mean CPU ${report.backend.meanCpuPercent}% (100% = one core), ${report.backend.restarts} kill and restart` +
        (report.backend.restartSeconds === null
          ? ''
          : ` (Firestore served again after ${report.backend.restartSeconds.firestore} s, Auth after ${report.backend.restartSeconds.all} s)`),
    ],
  );
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = ['', 'Rehearsal report', '='.repeat(16), ...rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`)];
  if (report.rooms.length > 1) lines.push('', 'Per room:', ...report.rooms.flatMap(formatRoom));
  if (report.errors.distinct.length > 0) {
    lines.push('', 'Client errors (by message):');
    for (const { message, count } of report.errors.distinct.slice(0, 15)) lines.push(`  ${count} × ${message}`);
  }
  for (const [title, items] of [
    ['Answers lost or wrong', report.ratings.problems],
    ['Providers not synced at the end', report.ratings.notSyncedDetails],
    ['Providers synced only after a network restart', report.ratings.restartedToSync],
    ['Match differences', report.matches.differences],
    ['Firestore SDK assertions', report.reconnect.sdkAssertions],
    ['Stopped listeners', report.reconnect.stoppedListeners],
    ['Duplicated e-mails', report.emails.duplicated],
    ['Missing e-mails', report.emails.missing],
    ['Unexpected e-mails', report.emails.unexpected],
  ] as const) {
    if (items.length === 0) continue;
    lines.push('', `${title}:`);
    for (const item of items.slice(0, 20)) lines.push(`  ${item}`);
  }
  lines.push('', report.failures.length === 0 ? 'PASS: nothing that must never happen happened.' : 'FAIL:');
  for (const failure of report.failures) lines.push(`  - ${failure}`);
  return lines.join('\n');
}
