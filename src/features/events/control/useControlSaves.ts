// Runs the control screen's commands and tracks whether they reached the server, so the operator
// always sees 'Saving…', 'All changes saved' or that a change was not saved. The spec lets index,
// round and order changes fail without a toast (section 8); this marker is how the screen still
// never misleads the room.

import { useCallback, useState } from 'react';
import { controlEvent, controlTimer } from '../../../db/eventControl';
import type { ControlCommand } from '../../../../domain/eventControl';
import type { TimerCommand } from '../../../../domain/pitchTimer';

export type SaveState = 'saved' | 'saving' | 'failed';

export function useControlSaves(eventId: string) {
  const [pending, setPending] = useState(0);
  const [failed, setFailed] = useState(false);

  const track = useCallback((name: string, saving: Promise<unknown>) => {
    setPending((count) => count + 1);
    saving
      .then(
        () => setFailed(false),
        (error: unknown) => {
          console.warn(`The ${name} control was not saved.`, error);
          setFailed(true);
        },
      )
      .finally(() => setPending((count) => count - 1));
  }, []);

  const run = useCallback((command: ControlCommand) => track(command.kind, controlEvent(eventId, command)), [eventId, track]);
  /** The pitch timer's Pause, Resume and Restart. */
  const runTimer = useCallback(
    (command: TimerCommand) => track(`${command} timer`, controlTimer(eventId, command)),
    [eventId, track],
  );

  const state: SaveState = pending > 0 ? 'saving' : failed ? 'failed' : 'saved';
  return { run, runTimer, state };
}
