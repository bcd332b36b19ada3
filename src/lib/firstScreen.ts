// The first screens rendered at build time (src/app/firstScreens.tsx renders them and
// scripts/firstScreens.ts writes them into the pages):
// a phone paints the profile form, the queue's frame, the results or the admin sign-in from the
// HTML alone, before any JavaScript has arrived. Each page holds one variant per case the build
// cannot know (a stored profile or not, an admin's kept sign-in or not); a small script in the
// page's head picks the one to show from browser storage before the first paint. The app then
// renders over it in place. Anything typed into the build-time form until then is carried over,
// with the focus and the caret, so nothing is lost; once the app's first script runs, the form's
// rules apply to it as typed (the phone number formatted), and the fields the visitor has left
// show their messages when the app takes over, as if everything had been typed into the app.

import { typedFieldValue } from './phone';
import { VARIANT_ATTRIBUTE } from './firstScreenVariants';

export interface TypedInput {
  /** Values typed or ticked into the build-time form, by field name, as the app's fields hold them. */
  values: Record<string, string | boolean>;
  /** The fields the visitor has left, and the boxes ticked or unticked: the form shows their messages. */
  touched: string[];
  /** The name of the field that had the focus. */
  focused: string | null;
  /** The caret (or the selection) in that field, where its type has one the page can read. */
  selection: { start: number; end: number; direction: 'forward' | 'backward' | 'none' } | null;
}

let values: TypedInput['values'] = {};
let touched = new Set<string>();
let focused: HTMLInputElement | null = null;

/** Keeps the input's value, formatted in place as the app's field formats a keystroke. */
function record(input: HTMLInputElement): void {
  if (!input.name) return;
  if (input.type === 'checkbox') {
    if (input.checked !== input.defaultChecked) values[input.name] = input.checked;
    else delete values[input.name];
    return;
  }
  const value = typedFieldValue(input.name, input.value);
  // Set only when formatting changed it: the caret then goes to the end, as in the app's field.
  if (value !== input.value) input.value = value;
  if (value !== input.defaultValue) values[input.name] = value;
  else delete values[input.name];
}

/**
 * The build-time screen's input an event came from, or null for the app's own. A variant is a
 * child of the container: <html> carries the same attribute (naming the variant shown), so any
 * input of the page is inside an element that has it. The app's first commit focuses its
 * autofocused field while these listeners still run, and that field must not pass for the one
 * the visitor was in.
 */
function firstScreenInput(container: HTMLElement, target: EventTarget | null): HTMLInputElement | null {
  return target instanceof HTMLInputElement && target.closest(`[${VARIANT_ATTRIBUTE}]`)?.parentElement === container
    ? target
    : null;
}

/**
 * Follows what is typed into the build-time first screen until the app has rendered over it:
 * call it before the app renders. What was typed before the app's script ran is read at once.
 */
export function keepTypedInput(container: HTMLElement): void {
  const active = firstScreenInput(container, document.activeElement);
  for (const input of container.querySelectorAll<HTMLInputElement>(`[${VARIANT_ATTRIBUTE}] input[name]`)) {
    record(input);
    // Typed into before this script ran, and since left; or a box ticked or unticked.
    if (Object.hasOwn(values, input.name) && (input.type === 'checkbox' || input !== active)) touched.add(input.name);
  }
  focused = active;
  const onInput = (event: Event) => {
    const input = firstScreenInput(container, event.target);
    if (!input) return;
    record(input);
    if (input.type === 'checkbox') touched.add(input.name);
  };
  const onFocusIn = (event: Event) => {
    const input = firstScreenInput(container, event.target);
    if (input) focused = input;
  };
  const onFocusOut = (event: Event) => {
    const input = firstScreenInput(container, event.target);
    if (!input) return;
    // Chromium also fires focusout when the app's first commit removes the focused field, which
    // is not the visitor leaving it. That commit takes over what was typed before its task ends;
    // this microtask runs after it (then on a removed field, so it does nothing) but at once
    // after a visitor's own focusout, which nothing else is running under.
    queueMicrotask(() => {
      if (!input.isConnected) return;
      if (input.type !== 'checkbox') touched.add(input.name);
      if (focused === input) focused = null;
    });
  };
  container.addEventListener('input', onInput, true);
  container.addEventListener('change', onInput, true);
  container.addEventListener('focusin', onFocusIn, true);
  container.addEventListener('focusout', onFocusOut, true);
  // Once the app's first commit has replaced the build-time screen, there is nothing left to
  // follow: the listeners go, so the app's own taps and keystrokes do not run them.
  const replaced = new MutationObserver(() => {
    if (container.querySelector(`:scope > [${VARIANT_ATTRIBUTE}]`)) return;
    replaced.disconnect();
    container.removeEventListener('input', onInput, true);
    container.removeEventListener('change', onInput, true);
    container.removeEventListener('focusin', onFocusIn, true);
    container.removeEventListener('focusout', onFocusOut, true);
  });
  replaced.observe(container, { childList: true });
}

/** What has been typed into the build-time first screen so far. */
export function typedInput(): TypedInput {
  const field = focused;
  // Read from the field itself (still readable once the app has removed it); null for types
  // such as email, which have none the page can read.
  const start = field?.selectionStart ?? null;
  const end = field?.selectionEnd ?? null;
  return {
    values: { ...values },
    touched: [...touched],
    focused: field?.name || null,
    selection: start !== null && end !== null ? { start, end, direction: field?.selectionDirection ?? 'none' } : null,
  };
}

/** Forgets it once a form has taken it over, so that a later visit to the form starts afresh. */
export function forgetTypedInput(): void {
  values = {};
  touched = new Set();
  focused = null;
}
