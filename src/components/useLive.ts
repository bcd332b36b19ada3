// Live values for screens, the following counterpart of useLoad: starts `watch` whenever `key`
// changes (not while it is null) and stops it when the key changes or the screen closes; reads
// 'loading' until the first value for the current key is in, then the latest value, or 'failed'.

import { useEffect, useEffectEvent, useState } from 'react';
import type { Loaded } from './useLoad';

/** Starts following; calls onValue with each value and onError on failure; returns the unsubscribe function. */
export type Watch<T> = (onValue: (value: T) => void, onError: (error: unknown) => void) => () => void;

const LOADING = { state: 'loading' } as const;

export function useLive<T>(key: string | null, watch: Watch<T>): Loaded<T> {
  const [result, setResult] = useState<{ key: string; loaded: Loaded<T> } | null>(null);
  const start = useEffectEvent((onValue: (value: T) => void, onError: (error: unknown) => void) => watch(onValue, onError));

  useEffect(() => {
    if (key === null) return;
    return start(
      (value) => setResult({ key, loaded: { state: 'ready', value } }),
      (error) => setResult({ key, loaded: { state: 'failed', error } }),
    );
  }, [key]);

  return result !== null && result.key === key ? result.loaded : LOADING;
}
