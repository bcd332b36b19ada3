// Phone number entry: typed digits become (###) ###-#### once there are exactly 10 of them.

/** The input with exactly 10 digits formatted as (###) ###-####; any other input unchanged. */
export function formatPhoneInput(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits.length !== 10) return input;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
