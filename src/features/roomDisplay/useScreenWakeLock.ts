// Keeps the projector's screen awake while the room display is visible (the Screen Wake Lock
// API, where the browser has it). The browser drops the lock when the tab is hidden, so it is
// asked for again each time the page becomes visible.

import { useEffect } from 'react';

export function useScreenWakeLock(): void {
  useEffect(() => {
    if (!('wakeLock' in navigator)) return;
    let released = false;
    let lock: WakeLockSentinel | null = null;
    const request = () => {
      if (document.visibilityState !== 'visible') return;
      navigator.wakeLock.request('screen').then(
        (sentinel) => {
          if (released) void sentinel.release();
          else lock = sentinel;
        },
        // Refused (battery saver, a policy): the display still works, the screen may dim.
        (error: unknown) => console.info('The screen may dim: no wake lock.', error),
      );
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      released = true;
      document.removeEventListener('visibilitychange', request);
      void lock?.release();
    };
  }, []);
}
