// The pitch timer through the app's data layer, with the real web SDK against the local backend
// and firestore.rules in force: a control that changes who is live starts the incoming clock at
// the server's time of that same write and records the outgoing one; pause, resume and restart are
// one write each and nothing is written while the clock runs; the recorded length is what the
// admin did, pauses left out; and the server's clock is measured from Firestore's own readTime,
// whatever the device's clock says.

import type { DocumentSnapshot, Timestamp } from 'firebase-admin/firestore';
import { signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pitchFigures } from '../../domain/pitchTimer';
import { createAccount } from '../support/adminAccount';
import { eventually, pointAppAtEmulators, storedEvent, useAdminDb } from './appDb';

const projectId = await pointAppAtEmulators('db-pitch-timer');
const auth = await (await import('../../src/db/auth')).getAppAuth();
const { controlEvent, controlTimer } = await import('../../src/db/eventControl');
const { measureServerClock, serverNow } = await import('../../src/db/serverClock');
const { timerFromData } = await import('../../src/db/timerData');
const adminDb = useAdminDb(projectId);

beforeAll(async () => {
  const account = await createAccount(projectId);
  await signInWithEmailAndPassword(auth, account.email, account.password);
});

afterAll(async () => {
  await signOut(auth);
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function seed(options: Parameters<typeof storedEvent>[0] = {}): Promise<void> {
  await adminDb().doc('events/e1').set(storedEvent(options));
}

async function stored(): Promise<DocumentSnapshot> {
  return adminDb().doc('events/e1').get();
}

const ms = (time: unknown) => (time as Timestamp).toMillis();

/** Every version of events/e1 the server tells a listener of, by update time. */
function watchVersions(): { versions: Set<string>; stop: () => void } {
  const versions = new Set<string>();
  const stop = adminDb()
    .doc('events/e1')
    .onSnapshot((snapshot) => {
      if (snapshot.updateTime) versions.add(snapshot.updateTime.toDate().toISOString() + snapshot.updateTime.nanoseconds);
    });
  return { versions, stop };
}

/** Waits until the server's clock has moved `spanMs` past `fromServerMs` (the pitch running). */
async function untilServerTime(fromServerMs: number, spanMs: number): Promise<void> {
  await eventually(() => expect(serverNow()).toBeGreaterThanOrEqual(fromServerMs + spanMs), spanMs + 8_000);
}

describe('the clock on the controls', () => {
  it('Next starts the incoming clock at the server time of its write and records the outgoing one', async () => {
    await seed({ open: true, presenterIndex: -1 });
    await controlEvent('e1', { kind: 'start' });
    const started = await stored();
    expect(started.get('timer')).toEqual({
      presenter_id: 'p-ada',
      started_at: started.updateTime,
      paused_ms: 0,
      paused_at: null,
      resumed_at: null,
    });

    await controlEvent('e1', { kind: 'next' });
    const next = await stored();
    expect(next.get('timer.presenter_id')).toBe('p-lin');
    expect(next.get('timer.started_at')).toEqual(next.updateTime);
    const record = next.get('pitch_times.p-ada') as Record<string, unknown>;
    expect(record).toMatchObject({ paused_ms: 0, pitch_seconds: 180, question_seconds: 0 });
    expect(ms(record.started_at)).toBe(ms(started.updateTime));
    expect(ms(record.ended_at)).toBe(ms(next.updateTime));
  });

  it('keeps the event’s pitch and question time in the record', async () => {
    await adminDb()
      .doc('events/e1')
      .set({ ...storedEvent({ open: true, presenterIndex: -1 }), pitch_seconds: 240, question_seconds: 60 });
    await controlEvent('e1', { kind: 'start' });
    await controlEvent('e1', { kind: 'next' });
    expect((await stored()).get('pitch_times.p-ada')).toMatchObject({ pitch_seconds: 240, question_seconds: 60 });
  });

  it('pauses, resumes and restarts at the server’s time, and says when there was nothing to do', async () => {
    await seed({ open: true, presenterIndex: -1 });
    await controlEvent('e1', { kind: 'start' });
    expect(await controlTimer('e1', 'resume')).toBe(false);
    expect(await controlTimer('e1', 'pause')).toBe(true);
    const paused = await stored();
    expect(paused.get('timer.paused_at')).toEqual(paused.updateTime);
    expect(paused.get('timer.resumed_at')).toBeNull();
    expect(await controlTimer('e1', 'pause')).toBe(false);
    expect(await controlTimer('e1', 'resume')).toBe(true);
    const resumed = await stored();
    expect(resumed.get('timer.resumed_at')).toEqual(resumed.updateTime);
    expect(await controlTimer('e1', 'restart')).toBe(true);
    const restarted = await stored();
    expect(restarted.get('timer')).toEqual({
      presenter_id: 'p-ada',
      started_at: restarted.updateTime,
      paused_ms: 0,
      paused_at: null,
      resumed_at: null,
    });
  });

  it('an announcement gets no clock, and nothing pauses it', async () => {
    await seed({
      open: true,
      presenterIndex: -1,
      rounds: {
        round_1: [
          { presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' },
          { presenter_id: 'a-break', first_name: 'Announcement', last_name: 'Coffee break' },
        ],
      },
    });
    await controlEvent('e1', { kind: 'start' });
    expect((await stored()).get('timer.presenter_id')).toBe('p-ada');
    await controlEvent('e1', { kind: 'next' });
    expect((await stored()).get('timer')).toBeNull();
    expect((await stored()).get('pitch_times.p-ada')).toBeDefined();
    expect(await controlTimer('e1', 'pause')).toBe(false);
    expect(await controlTimer('e1', 'restart')).toBe(false);
  });

  it('a timed pitch writes the event once per control action, and records what the admin did', async () => {
    await seed({ open: true, presenterIndex: -1 });
    const watched = watchVersions();
    try {
      await eventually(() => expect(watched.versions.size).toBe(1));
      await controlEvent('e1', { kind: 'start' });
      const start = ms((await stored()).updateTime);
      await untilServerTime(start, 1_200);
      await controlTimer('e1', 'pause');
      const pause = ms((await stored()).updateTime);
      await untilServerTime(pause, 800);
      await controlTimer('e1', 'resume');
      const resume = ms((await stored()).updateTime);
      await untilServerTime(resume, 1_200);
      await controlEvent('e1', { kind: 'next' });
      const next = ms((await stored()).updateTime);
      await untilServerTime(next, 1_500);
      // The seed, then one write for each of Start, Pause, Resume and Next: none while the clock ran.
      await eventually(() => expect(watched.versions.size).toBe(5));
      expect(watched.versions.size).toBe(5);

      const { pitchTimes } = timerFromData((await stored()).data() ?? {});
      const [ada] = pitchFigures(pitchTimes).presenters;
      expect(ada?.presenterId).toBe('p-ada');
      expect(ada?.lengthMs).toBeCloseTo(pause - start + (next - resume), -1);
      expect(ada?.overtimeMs).toBe(0);
    } finally {
      watched.stop();
    }
  });
});

describe("the server's clock", () => {
  it('is measured from Firestore’s readTime, so a device 90 s fast still reads the server’s time', async () => {
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 90_000);
    const measure = await measureServerClock();
    expect(measure.uncertaintyMs).toBeGreaterThanOrEqual(0);
    expect(Math.abs(measure.offsetMs + 90_000)).toBeLessThanOrEqual(measure.uncertaintyMs + 20);
    expect(Math.abs(serverNow() - realNow())).toBeLessThanOrEqual(measure.uncertaintyMs + 20);

    // The device's clock set right again: the next measure contradicts the bounds and starts
    // afresh, so the estimate follows (and the file's other tests, in any order, read it right).
    vi.restoreAllMocks();
    const corrected = await measureServerClock();
    expect(Math.abs(corrected.offsetMs)).toBeLessThanOrEqual(corrected.uncertaintyMs + 20);
    expect(Math.abs(serverNow() - Date.now())).toBeLessThanOrEqual(corrected.uncertaintyMs + 20);
  });
});
