// A form's draft in the tab's session storage (src/lib/drafts.ts): what was kept under `key` when
// the form (or the key) first showed, and the ways to keep and drop it. No key, no draft.

import { useCallback, useMemo } from 'react';
import { dropDraft, readDraft, writeDraft } from '../lib/drafts';

function withSession<Result>(run: (storage: Storage) => Result, fallback: Result): Result {
  try {
    return run(window.sessionStorage);
  } catch {
    return fallback;
  }
}

export function useDraft<Value>(key: string | null, parse: (stored: unknown) => Value | null) {
  // Read once per key (`parse` should be a stable function): the form's state takes over from there.
  const draft = useMemo(
    () => (key === null ? null : withSession((storage) => parse(readDraft(storage, key)), null)),
    [key, parse],
  );
  const keep = useCallback(
    (value: Value) => {
      if (key !== null) withSession((storage) => writeDraft(storage, key, value), undefined);
    },
    [key],
  );
  const drop = useCallback(() => {
    if (key !== null) withSession((storage) => dropDraft(storage, key), undefined);
  }, [key]);
  return { draft, keep, drop };
}
