// One-off loads for screens: runs `load` whenever `key` changes (not while it is null), ignores
// answers that arrive after the key changed or the screen closed, and reads 'loading' until the
// answer for the current key is in.

import { startTransition, useEffect, useEffectEvent, useState } from 'react';

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed'; error: unknown };

const LOADING = { state: 'loading' } as const;

export function useLoad<T>(key: string | null, load: () => Promise<T>): Loaded<T> {
  const [result, setResult] = useState<{ key: string; loaded: Loaded<T> } | null>(null);
  const start = useEffectEvent(() => load());

  useEffect(() => {
    if (key === null) return;
    let active = true;
    // What arrived is rendered as a transition, in slices: a long list never blocks a tap.
    start().then(
      (value) => active && startTransition(() => setResult({ key, loaded: { state: 'ready', value } })),
      (error: unknown) => active && startTransition(() => setResult({ key, loaded: { state: 'failed', error } })),
    );
    return () => {
      active = false;
    };
  }, [key]);

  return result !== null && result.key === key ? result.loaded : LOADING;
}
