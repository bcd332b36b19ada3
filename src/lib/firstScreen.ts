// The first screens rendered at build time (src/app/firstScreens.tsx renders them and
// scripts/firstScreens.ts writes them into the pages):
// a phone paints the profile form, the queue's frame, the results or the admin sign-in from the
// HTML alone, before any JavaScript has arrived. Each page holds one variant per case the build
// cannot know (a stored profile or not, an admin's kept sign-in or not); a small script in the
// page's head picks the one to show from browser storage before the first paint. The app then
// renders over it in place. Anything typed into the build-time form until then is carried over,
// with the focus, so nothing is lost.

import { VARIANT_ATTRIBUTE } from './firstScreenVariants';

export interface TypedInput {
  /** Values typed or ticked into the build-time form, by field name. */
  values: Record<string, string | boolean>;
  /** The name of the field that had the focus. */
  focused: string | null;
}

let typed: TypedInput = { values: {}, focused: null };

function record(input: HTMLInputElement): void {
  if (!input.name) return;
  const values = { ...typed.values };
  if (input.type === 'checkbox') {
    if (input.checked !== input.defaultChecked) values[input.name] = input.checked;
    else delete values[input.name];
  } else if (input.value !== input.defaultValue) {
    values[input.name] = input.value;
  } else {
    delete values[input.name];
  }
  typed = { ...typed, values };
}

/** The build-time screen's input an event came from, or null for the app's own. */
function firstScreenInput(target: EventTarget | null): HTMLInputElement | null {
  return target instanceof HTMLInputElement && target.closest(`[${VARIANT_ATTRIBUTE}]`) ? target : null;
}

/**
 * Follows what is typed into the build-time first screen until the app has rendered over it:
 * call it before the app renders. What was typed before the app's script ran is read at once.
 */
export function keepTypedInput(container: HTMLElement): void {
  for (const input of container.querySelectorAll<HTMLInputElement>(`[${VARIANT_ATTRIBUTE}] input[name]`)) record(input);
  const active = firstScreenInput(document.activeElement);
  typed = { ...typed, focused: active?.name || null };
  const onInput = (event: Event) => {
    const input = firstScreenInput(event.target);
    if (input) record(input);
  };
  const onFocus = (event: Event) => {
    const input = firstScreenInput(event.target);
    if (input) typed = { ...typed, focused: input.name || null };
  };
  container.addEventListener('input', onInput, true);
  container.addEventListener('change', onInput, true);
  container.addEventListener('focusin', onFocus, true);
  // Once the app's first commit has replaced the build-time screen, there is nothing left to
  // follow: the listeners go, so the app's own taps and keystrokes do not run them.
  const replaced = new MutationObserver(() => {
    if (container.querySelector(`:scope > [${VARIANT_ATTRIBUTE}]`)) return;
    replaced.disconnect();
    container.removeEventListener('input', onInput, true);
    container.removeEventListener('change', onInput, true);
    container.removeEventListener('focusin', onFocus, true);
  });
  replaced.observe(container, { childList: true });
}

/** What has been typed into the build-time first screen so far. */
export function typedInput(): TypedInput {
  return typed;
}

/** Forgets it once a form has taken it over, so that a later visit to the form starts afresh. */
export function forgetTypedInput(): void {
  typed = { values: {}, focused: null };
}
