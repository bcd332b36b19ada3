// What a rehearsal counts as must-never-happen (scripts/rehearse/checks.ts, reconnect.ts): the
// checks that fail `npm run rehearse` and its test.

import { describe, expect, it } from 'vitest';
import { failuresOf } from '../../scripts/rehearse/checks';
import { checkReturns, dropOutPlan, reconnectFailures, sdkFault } from '../../scripts/rehearse/reconnect';
import { seededRandom } from '../../scripts/rehearse/record';

const allStored = { lost: [], wrong: [], unexpected: [] };
const allSentOnce = { expected: 4, duplicated: [], missing: [], unexpected: [] };

describe("a rehearsal's failures", () => {
  it("are none when every answer is stored, the matches are the oracle's and each e-mail went once", () => {
    expect(failuresOf(allStored, [], allSentOnce, 12, 0)).toEqual([]);
  });

  it('count SDK providers that could not start, which rate nothing and so escape the other checks', () => {
    expect(failuresOf(allStored, [], allSentOnce, 12, 3)).toEqual(['3 SDK providers could not start (see the errors)']);
  });

  it('count a lost answer and a missing e-mail, each with what it was', () => {
    const failures = failuresOf({ ...allStored, lost: ['p1_q1'] }, [], { ...allSentOnce, missing: ['a@example.com'] }, 12, 0);
    expect(failures).toEqual([
      expect.stringMatching(/^1 answers given and never stored \(.*p1_q1/),
      expect.stringMatching(/^1 recipients got no result e-mail/),
    ]);
  });
});

describe("a phone's return from a drop-out", () => {
  // The admin made Ada live at 1 s and Lin at 10 s; the phone was away from 5 s to 20 s.
  const changes = [
    { pressedAt: 1_000, liveName: 'Ada Okafor' },
    { pressedAt: 10_000, liveName: 'Lin Chen' },
    { pressedAt: 30_000, liveName: 'Sam Rivera' },
  ];
  const back = { awayAt: 5_000, backAt: 20_000, ratedAway: false, shownAtReturn: 'Ada Okafor Live' };
  const phoneShowing = (sightings: { text: string; at: number }[]) => ({
    index: 1,
    sightings: [{ text: 'Ada Okafor Live', at: 1_300 }, ...sightings],
    watching: [
      [1_300, 5_000],
      [20_000, Number.POSITIVE_INFINITY],
    ] as [number, number][],
    returns: [back],
  });

  it('is stale until it shows the change made while it was away, and then passes within 3 s', () => {
    const [checked] = checkReturns(
      changes,
      phoneShowing([
        { text: 'Lin Chen Live', at: 20_800 },
        { text: 'Sam Rivera Live', at: 30_250 },
      ]),
    );
    expect(checked).toMatchObject({ staleMs: 800, caughtUp: true, awayMs: 15_000, nextChangeMs: 250 });
    expect(reconnectFailures(checkReturns(changes, phoneShowing([{ text: 'Lin Chen Live', at: 20_800 }])), [], 1)).toEqual([]);
  });

  it('fails when the screen stays stale for more than 3 s after the network is back', () => {
    const returns = checkReturns(changes, phoneShowing([{ text: 'Lin Chen Live', at: 24_200 }]));
    expect(returns[0]).toMatchObject({ staleMs: 4_200, caughtUp: true });
    expect(reconnectFailures(returns, [], 1)).toEqual(['phone 1 showed a stale screen for 4.2 s after its network came back']);
  });

  it('fails when the screen never catches up while the phone watches', () => {
    const phone = phoneShowing([]);
    phone.watching[1] = [20_000, 45_000];
    const returns = checkReturns(changes, phone);
    expect(returns[0]).toMatchObject({ staleMs: 25_000, caughtUp: false, nextChangeMs: null });
    expect(reconnectFailures(returns, [], 1)).toEqual([
      expect.stringMatching(/^phone 1 still showed a stale screen 25\.0 s after/),
    ]);
  });

  it('counts a return during a backend outage as stale from when the server answers again', () => {
    const returns = checkReturns(changes, phoneShowing([{ text: 'Lin Chen Live', at: 24_200 }]), [{ from: 18_000, to: 22_000 }]);
    expect(returns[0]).toMatchObject({ followFrom: 22_000, staleMs: 2_200, caughtUp: true });
    expect(reconnectFailures(returns, [], 1)).toEqual([]);
    const late = checkReturns(changes, phoneShowing([{ text: 'Lin Chen Live', at: 26_000 }]), [{ from: 18_000, to: 22_000 }]);
    expect(reconnectFailures(late, [], 1)).toEqual([
      "phone 1 showed a stale screen for 4.0 s after the server answered again after its network came back, away across the backend's kill and restart",
    ]);
  });

  it('says when a phone was away across the backend kill, and not when the kill came after its return', () => {
    expect(checkReturns(changes, phoneShowing([]), [{ from: 18_000, to: 22_000 }])[0]?.acrossRestart).toBe(true);
    expect(checkReturns(changes, phoneShowing([]), [{ from: 40_000, to: 42_000 }])[0]?.acrossRestart).toBe(false);
    expect(checkReturns(changes, phoneShowing([]))[0]?.acrossRestart).toBe(false);
  });

  it('is not stale when nothing changed while the phone was away', () => {
    const [checked] = checkReturns(changes, { ...phoneShowing([]), returns: [{ ...back, shownAtReturn: 'Lin Chen Live' }] });
    expect(checked?.staleMs).toBeNull();
  });

  it('fails on a Firestore SDK assertion or a stopped listener in a phone console, and when no phone came back', () => {
    const message = 'FIRESTORE (11.0.0) INTERNAL ASSERTION FAILED: Unexpected state (ID: ca9)';
    expect(sdkFault(message)).toBe('assertion');
    expect(sdkFault('@firebase/firestore: Uncaught Error in snapshot listener: FirebaseError')).toBe('stopped listener');
    expect(sdkFault('WebChannelConnection RPC Listen stream transport errored')).toBeNull();
    expect(reconnectFailures([], [{ kind: 'assertion', message }], 2)).toEqual([
      expect.stringMatching(/^1 Firestore SDK assertions on the phones \(FIRESTORE/),
      '2 drop-outs were planned and no phone came back from one',
    ]);
  });
});

describe("the phones' drop-out plan", () => {
  it('draws drop-outs within the range, all back within the window, the same for the same seed', () => {
    const plan = dropOutPlan(seededRandom(7), { windowMs: 44_000, minMs: 5_000, maxMs: 12_000 });
    expect(plan.length).toBeGreaterThan(0);
    for (const drop of plan) {
      expect(drop.startMs + drop.lengthMs).toBeLessThanOrEqual(44_000);
      expect(drop.lengthMs).toBeLessThanOrEqual(12_000);
    }
    expect(dropOutPlan(seededRandom(7), { windowMs: 44_000, minMs: 5_000, maxMs: 12_000 })).toEqual(plan);
  });
});
