// Keyboard shortcuts of the control screen: → or N for the next presenter, ← or P for the
// previous one, S to start or stop the event, T to pause or resume the pitch timer and R to
// restart it. They stay out of the way of typing, of open dialogs
// and menus, and of key combinations with modifiers.

import { useEffect } from 'react';
import { useLatest } from '../../../components/useLatest';

export interface ControlShortcuts {
  next: () => void;
  previous: () => void;
  startStop: () => void;
  pauseResumeTimer: () => void;
  restartTimer: () => void;
}

export const SHORTCUT_HELP = 'Shortcuts: → or N next · ← or P previous · S start/stop · T pause/resume timer · R restart timer';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="listbox"]') !== null
  );
}

/** An open dialog, menu or list of options (a closed menu may stay in the page, hidden, while it animates out). */
function overlayOpen(): boolean {
  return Array.from(document.querySelectorAll('[role="dialog"], [role="menu"], [role="listbox"]')).some(
    (overlay) => overlay.closest('[aria-hidden="true"]') === null && getComputedStyle(overlay).visibility !== 'hidden',
  );
}

export function useControlShortcuts(shortcuts: ControlShortcuts): void {
  const latest = useLatest(shortcuts);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target) || overlayOpen()) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const action =
        key === 'ArrowRight' || key === 'n'
          ? latest.current.next
          : key === 'ArrowLeft' || key === 'p'
            ? latest.current.previous
            : key === 's'
              ? latest.current.startStop
              : key === 't'
                ? latest.current.pauseResumeTimer
                : key === 'r'
                  ? latest.current.restartTimer
                  : null;
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [latest]);
}
