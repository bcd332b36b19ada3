// What a screen does when one of its live listeners is refused or stops (the SDK ends a listener
// for good on such an error): it shows its own sentence, and the console says why, so that a
// failure seen on a screen can be traced to the SDK's error (a rule, a lost sign-in).

/** The onError of a watch: logs `message` with the error, then calls `fail`. */
export function watchFailure(message: string, fail: () => void): (error: unknown) => void {
  return (error) => {
    console.warn(message, error);
    fail();
  };
}
