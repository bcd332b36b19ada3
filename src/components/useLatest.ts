// A ref that always holds the latest render's value: callbacks that never change (for memoized
// children, or listeners added once) read what the component was last given through it.

import { useLayoutEffect, useRef, type RefObject } from 'react';

export function useLatest<Value>(value: Value): RefObject<Value> {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}
