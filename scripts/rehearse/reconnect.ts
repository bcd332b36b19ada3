// The phones' drop-outs in the rehearsal: a seeded plan of when each phone loses its network and
// for how long, and the checks of each return. A phone "shows" a change when its page's own
// observer (phone.ts) saw the Live group's text name the change's live presenter (or saw the group
// empty when nobody is live), timed with the page's clock at that DOM change, not by polling.

/** One drop-out of a phone, from the start of the live part. */
export interface DropOut {
  startMs: number;
  lengthMs: number;
  /** The phone keeps rating while away; its answers must reach the server once it is back. */
  rateWhileAway: boolean;
}

/**
 * Drop-outs of `minMs`-`maxMs` each, apart by as much again, all back within `windowMs` (the live
 * part less the time it takes to see the admin's next change); the last one shortened to fit.
 */
export function dropOutPlan(
  random: () => number,
  { windowMs, minMs, maxMs }: { windowMs: number; minMs: number; maxMs: number },
): DropOut[] {
  const draw = () => minMs + random() * (maxMs - minMs);
  const plan: DropOut[] = [];
  let at = random() * minMs;
  while (at + minMs <= windowMs) {
    const lengthMs = Math.min(draw(), windowMs - at);
    plan.push({ startMs: Math.round(at), lengthMs: Math.round(lengthMs), rateWhileAway: random() < 0.5 });
    at += lengthMs + draw();
  }
  return plan;
}

/** A change of the live presenter as the admin pressed it (report.ts's Change is one). */
export interface LiveChange {
  pressedAt: number;
  /** The live presenter's name, null when nobody is live. */
  liveName: string | null;
}

/** Whether the Live group's text shows the change (phone.ts reports '' when the group is absent). */
export const shows = (text: string, change: LiveChange): boolean =>
  change.liveName === null ? text === '' : text.includes(change.liveName);

/** One return of a phone's network. */
export interface PhoneReturn {
  awayAt: number;
  /** When the network was back (the browser context online again). */
  backAt: number;
  ratedAway: boolean;
  /** The Live group's text on the screen at that moment. */
  shownAtReturn: string;
}

export interface ReconnectingPhone {
  index: number;
  sightings: { text: string; at: number }[];
  /** When the phone was on /presenters and online: [from, to] (to = Infinity while there). */
  watching: [number, number][];
  returns: PhoneReturn[];
}

/** When the backend could not answer: from its kill until the restarted one served Firestore. */
export interface Outage {
  from: number;
  to: number;
}

export interface ReturnCheck {
  phone: number;
  backAt: number;
  /** When the phone could follow again: its return, or the backend's serving again when it came back during an outage. */
  followFrom: number;
  awayMs: number;
  ratedAway: boolean;
  /** Away when the backend was killed: it came back to a restarted server. */
  acrossRestart: boolean;
  /**
   * From followFrom until the screen showed the admin's latest change (or a later one), when it
   * showed an older one at the return; null when it was up to date.
   */
  staleMs: number | null;
  /** False when a stale screen never caught up while the phone watched (staleMs runs to its last sighting then). */
  caughtUp: boolean;
  /** The first change after the return that altered what the Live group shows: from its press to the phone showing it (null: not seen on /presenters). */
  nextChangeMs: number | null;
}

/** How a stale return's failure says the phone was away while the backend was killed and restarted. */
const ACROSS_RESTART = ", away across the backend's kill and restart";

/** The most a phone may show a stale screen once its network is back. */
export const STALE_LIMIT_MS = 3_000;

/**
 * Each return of the phone against the room's changes (in press order). A phone back while the
 * backend is down can follow no sooner than the server answers again: its stale time runs from then.
 */
export function checkReturns(changes: LiveChange[], phone: ReconnectingPhone, outages: Outage[] = []): ReturnCheck[] {
  return phone.returns.map((back) => {
    const followFrom = outages.find((outage) => outage.from <= back.backAt && back.backAt < outage.to)?.to ?? back.backAt;
    const latest = changes.reduce<number>((found, change, k) => (change.pressedAt < back.backAt ? k : found), -1);
    const current = changes[latest];
    let staleMs: number | null = null;
    let caughtUp = true;
    if (current && !shows(back.shownAtReturn, current)) {
      const later = changes.slice(latest);
      // Watched from the return until the phone left /presenters (or dropped out again).
      const stay = phone.watching.find(([from, to]) => from <= back.backAt && back.backAt < to);
      const end = stay?.[1] ?? back.backAt;
      const seen = phone.sightings.filter((sighting) => sighting.at >= back.backAt && sighting.at <= end);
      const fresh = seen.find((sighting) =>
        later.some((change) => change.pressedAt <= sighting.at && shows(sighting.text, change)),
      );
      caughtUp = fresh !== undefined;
      const until = fresh?.at ?? (Number.isFinite(end) ? end : Math.max(followFrom, ...seen.map((sighting) => sighting.at)));
      staleMs = Math.max(0, until - followFrom);
    }
    return {
      phone: phone.index,
      backAt: back.backAt,
      followFrom,
      awayMs: back.backAt - back.awayAt,
      ratedAway: back.ratedAway,
      acrossRestart: outages.some((outage) => back.awayAt <= outage.from && outage.from < back.backAt),
      staleMs,
      caughtUp,
      nextChangeMs: nextChangeDelivery(changes, phone, back.backAt),
    };
  });
}

function nextChangeDelivery(changes: LiveChange[], phone: ReconnectingPhone, backAt: number): number | null {
  const k = changes.findIndex(
    (change, i) => change.pressedAt > backAt && i > 0 && change.liveName !== (changes[i - 1] as LiveChange).liveName,
  );
  const next = changes[k];
  if (!next) return null;
  const stay = phone.watching.find(([from, to]) => from <= next.pressedAt && next.pressedAt < to);
  if (!stay) return null;
  const first = phone.sightings.find((sighting) => sighting.at >= next.pressedAt && sighting.at <= stay[1]);
  // A later change shown first (the next press came before this one arrived) is not this one's delivery.
  return first && shows(first.text, next) ? first.at - next.pressedAt : null;
}

/** What the Firestore SDK (or the app's listener callbacks) logged that must never happen. */
export type SdkFault = 'assertion' | 'stopped listener';

/** The kind of fault a phone's console or page error message shows, or null for any other message. */
export function sdkFault(message: string): SdkFault | null {
  if (/INTERNAL ASSERTION FAILED/i.test(message)) return 'assertion';
  // The SDK's own word for a listener whose callback threw, and the app's warnings from a listener's error callback.
  if (/Uncaught Error in snapshot listener|could not be followed|Following the saved answers failed/i.test(message))
    return 'stopped listener';
  return null;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What must never happen around the phones' drop-outs, and did. */
export function reconnectFailures(
  returns: ReturnCheck[],
  faults: { kind: SdkFault; message: string }[],
  planned: number,
): string[] {
  const failures: string[] = [];
  for (const back of returns) {
    if (back.staleMs === null || (back.caughtUp && back.staleMs <= STALE_LIMIT_MS)) continue;
    const since =
      (back.followFrom > back.backAt ? 'the server answered again after its network came back' : 'its network came back') +
      (back.acrossRestart ? ACROSS_RESTART : '');
    failures.push(
      back.caughtUp
        ? `phone ${back.phone} showed a stale screen for ${seconds(back.staleMs)} after ${since}`
        : `phone ${back.phone} still showed a stale screen ${seconds(back.staleMs)} after ${since}, when it stopped watching`,
    );
  }
  for (const kind of ['assertion', 'stopped listener'] as const) {
    const found = faults.filter((fault) => fault.kind === kind);
    if (found.length > 0)
      failures.push(
        `${found.length} ${kind === 'assertion' ? 'Firestore SDK assertions' : 'stopped listeners'} on the phones (${found[0]?.message.slice(0, 160)})`,
      );
  }
  if (planned > 0 && returns.length === 0) failures.push(`${planned} drop-outs were planned and no phone came back from one`);
  return failures;
}
