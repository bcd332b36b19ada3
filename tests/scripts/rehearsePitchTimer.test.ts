// The rehearsal's pitch timer figures: the phones' spread on each second they turned over to
// (a clock arriving is no turn), and recorded pitch lengths against the admin's writes.

import { describe, expect, it } from 'vitest';
import { checkPitchLengths, timerSpread, timerSpreadFailures } from '../../scripts/rehearse/pitchTimer';

const ticks = (live: string, from: number, texts: string[], offsetMs = 0) =>
  texts.map((text, k) => ({ live, text, at: from + k * 1000 + offsetMs }));

describe("the phones' timer spread", () => {
  it('compares each second two phones turned over to, not the moment a clock arrived', () => {
    const spread = timerSpread([
      { timerSightings: ticks('Ada Okafor Live', 0, ['3:00 left', '2:59 left', '2:58 left', '2:57 left']) },
      {
        timerSightings: [
          { live: 'Ada Okafor Live', text: '3:00 left', at: 900 },
          ...ticks('Ada Okafor Live', 1000, ['2:59 left', '2:58 left', '2:57 left'], 120),
        ],
      },
    ]);
    expect(spread).toEqual({ compared: 3, p50Ms: 120, p95Ms: 120, maxMs: 120 });
  });

  it('counts a turn that came late (the next second of the same count), and checks the median and the worst', () => {
    const phones = [
      { timerSightings: ticks('Ada Okafor Live', 0, ['3:00 left', '2:59 left', '2:58 left', '2:57 left']) },
      {
        timerSightings: [
          ...ticks('Ada Okafor Live', 0, ['3:00 left', '2:59 left'], 40),
          // Its timer fired 1.2 s late: 2.2 s after its last turn, still the next second.
          { live: 'Ada Okafor Live', text: '2:58 left', at: 3_240 },
          { live: 'Ada Okafor Live', text: '2:57 left', at: 3_040 },
        ],
      },
    ];
    const spread = timerSpread(phones);
    expect(spread).toEqual({ compared: 3, p50Ms: 40, p95Ms: 1_240, maxMs: 1_240 });
    expect(timerSpreadFailures(spread)).toEqual(["the phones turned one of the pitch timer's seconds over 1240 ms apart"]);
    expect(timerSpreadFailures({ compared: 3, p50Ms: 251, p95Ms: 300, maxMs: 300 })).toEqual([
      "the phones turned the pitch timer's seconds over 251 ms apart at the median",
    ]);
    expect(timerSpreadFailures({ compared: 3, p50Ms: 250, p95Ms: 999, maxMs: 999 })).toEqual([]);
  });

  it('leaves out a return to the queue after a questionnaire, and other clocks', () => {
    const spread = timerSpread([
      {
        timerSightings: [
          ...ticks('Ada Okafor Live', 0, ['3:00 left', '2:59 left']),
          ...ticks('Lin Chen Live', 5000, ['3:00 left', '2:59 left']),
        ],
      },
      {
        timerSightings: [
          ...ticks('Ada Okafor Live', 0, ['3:00 left']),
          ...ticks('Ada Okafor Live', 30_000, ['2:30 left', '2:29 left']),
        ],
      },
    ]);
    expect(spread.compared).toBe(0);
    expect(spread.p95Ms).toBeNull();
  });
});

describe('the recorded pitch lengths', () => {
  const writes = [
    { presenterId: 'p-ada', atMs: 1_000 },
    { presenterId: 'p-lin', atMs: 181_000 },
    { presenterId: 'p-lin', atMs: 190_000 },
    { presenterId: null, atMs: 400_000 },
  ];

  it("equal the time between the admin's writes (a write that keeps the same presenter live changes nothing)", () => {
    const recorded = new Map([
      ['p-ada', { startedAtMs: 1_000, endedAtMs: 181_000, pausedMs: 0 }],
      ['p-lin', { startedAtMs: 181_000, endedAtMs: 400_003, pausedMs: 0 }],
    ]);
    expect(checkPitchLengths(writes, recorded)).toEqual({ live: 2, recorded: 2, missing: [], maxDeviationMs: 3 });
  });

  it('names a presenter who was live and has no record', () => {
    expect(checkPitchLengths(writes, new Map([['p-ada', { startedAtMs: 1_000, endedAtMs: 181_000, pausedMs: 0 }]]))).toEqual({
      live: 2,
      recorded: 1,
      missing: ['p-lin'],
      maxDeviationMs: 0,
    });
  });
});
