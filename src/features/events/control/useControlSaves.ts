// Runs the control screen's commands and tracks whether they reached the server, so the operator
// always sees 'Saving…', 'All changes saved' or that a change was not saved. The spec lets index,
// round and order changes fail without a toast (section 8); this marker is how the screen still
// never misleads the room.

import { useCallback, useState } from 'react';
import { controlEvent } from '../../../db/eventControl';
import type { ControlCommand } from '../../../../domain/eventControl';

export type SaveState = 'saved' | 'saving' | 'failed';

export function useControlSaves(eventId: string) {
  const [pending, setPending] = useState(0);
  const [failed, setFailed] = useState(false);

  const run = useCallback(
    (command: ControlCommand) => {
      setPending((count) => count + 1);
      controlEvent(eventId, command)
        .then(
          () => setFailed(false),
          (error: unknown) => {
            console.warn(`The ${command.kind} control was not saved.`, error);
            setFailed(true);
          },
        )
        .finally(() => setPending((count) => count - 1));
    },
    [eventId],
  );

  const state: SaveState = pending > 0 ? 'saving' : failed ? 'failed' : 'saved';
  return { run, state };
}
