// Takes over what was typed into the build-time first screen (src/lib/firstScreen.ts) as soon as
// the app's form is on screen, before it is painted: the form gets the values, and the field
// that had the focus gets it back.

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
    if (field instanceof HTMLElement) field.focus();
  }, [form]);
}
