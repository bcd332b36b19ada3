// Phone entry: typed digits become (###) ###-#### once there are exactly 10 of them.

/** The input with exactly 10 digits formatted as (###) ###-####; any other input unchanged. */
export function formatPhoneInput(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits.length !== 10) return input;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * What a profile or signup field named `name` holds once `value` is typed into it: the phone
 * number formatted, any other field's value as typed. The app's fields and the build-time first
 * screen's (src/lib/firstScreen.ts) both go through it, so what is typed before the app takes
 * over ends up as if typed into the app.
 */
export function typedFieldValue(name: string, value: string): string {
  return name === 'phone' ? formatPhoneInput(value) : value;
}
