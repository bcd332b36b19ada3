// Takes over what was typed into the build-time first screen (src/lib/firstScreen.ts) as soon as
// the app's form is on screen, before it is painted: the form gets the values (and which fields
// were left), and the field that had the focus gets it back, with its caret where it was.

import { useEffectEvent, useLayoutEffect, type RefObject } from 'react';
import { forgetTypedInput, typedInput, type TypedInput } from '../lib/firstScreen';

export function useTypedInput(form: RefObject<HTMLFormElement | null>, apply: (typed: TypedInput) => void): void {
  const take = useEffectEvent(apply);
  useLayoutEffect(() => {
    const typed = typedInput();
    forgetTypedInput();
    if (Object.keys(typed.values).length === 0 && typed.focused === null) return;
    take(typed);
    const field = typed.focused ? form.current?.elements.namedItem(typed.focused) : null;
    if (!(field instanceof HTMLElement)) return;
    field.focus();
    const { selection } = typed;
    if (!selection || !(field instanceof HTMLInputElement) || field.selectionStart === null) return;
    // After the form's render of the values just taken (React renders a layout effect's update
    // before its commit returns), which puts the caret at the end of a field whose value it sets.
    queueMicrotask(() => {
      if (document.activeElement === field) field.setSelectionRange(selection.start, selection.end, selection.direction);
    });
  }, [form]);
}
