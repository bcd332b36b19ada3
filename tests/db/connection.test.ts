// @vitest-environment jsdom
// The signal behind the 'Internet Error!' banner (src/db/connection.ts), against the local
// backend through a relay the test cuts off: the browser's online/offline events, and a backend
// that cannot be reached while the browser stays online.

import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { startNetworkProxy } from '../app/support/networkProxy';
import { appEnvironment, firestoreEmulator, uniqueProjectId } from '../support/emulators';

const relay = await startNetworkProxy(firestoreEmulator());
appEnvironment(uniqueProjectId('db-connection'), { firestore: relay.address });
const { reportBackendAnswered, reportBackendMissed, watchConnection } = await import('../../src/db/connection');

afterEach(() => {
  relay.restore();
  reportBackendAnswered();
  vi.restoreAllMocks();
});

afterAll(() => relay.close());

function watched() {
  const seen: boolean[] = [];
  const stop = watchConnection((connected) => seen.push(connected));
  return { seen, stop };
}

describe('watchConnection', () => {
  it("reports the current state at once, then every change of the browser's, until unsubscribed", () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { seen, stop } = watched();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    stop();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(seen).toEqual([true, false, true]);
  });

  it('turns false when a request misses a backend that cannot be reached, and true once it answers again', async () => {
    const { seen, stop } = watched();
    try {
      relay.cutOff({ refuse: true });
      reportBackendMissed();
      await expect.poll(() => seen.at(-1), { timeout: 15_000 }).toBe(false);
      expect(navigator.onLine, 'the browser stayed online').toBe(true);

      // Nothing in the app reports: the check of the backend notices it is back.
      relay.restore();
      await expect.poll(() => seen.at(-1), { timeout: 15_000 }).toBe(true);
      expect(seen).toEqual([true, false, true]);
    } finally {
      stop();
    }
  }, 40_000);

  it('stays true when the backend answers a request that missed it', () => {
    const { seen, stop } = watched();
    reportBackendMissed();
    reportBackendAnswered();
    stop();
    expect(seen).toEqual([true]);
  });
});
