// @vitest-environment jsdom
// The online/offline signal behind the 'Internet Error!' banner.

import { describe, expect, it, vi } from 'vitest';
import { watchOnline } from '../../src/db/connection';

describe('watchOnline', () => {
  it('reports the current state at once, then every change, until unsubscribed', () => {
    const seen: boolean[] = [];
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const stop = watchOnline((value) => seen.push(value));
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    stop();
    window.dispatchEvent(new Event('offline'));
    expect(seen).toEqual([true, false, true]);
    online.mockRestore();
  });
});
