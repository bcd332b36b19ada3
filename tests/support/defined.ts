// A value a test needs and expects to be there (a list's entry, a record's key): returned when it
// is, a failure naming it when it is not.

/** The value, or an error saying `what` is missing when it is undefined. */
export function defined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing`);
  return value;
}
