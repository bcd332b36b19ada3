// Errors of the rules language: located syntax/check errors at load time, and evaluation errors
// (which make the `allow` they occur in false, never the whole request).

export interface SourceLocation {
  line: number;
  column: number;
}

export class RulesSyntaxError extends Error {
  constructor(
    readonly fileName: string,
    readonly line: number,
    readonly column: number,
    readonly detail: string,
  ) {
    super(`${fileName}:${line}:${column}: ${detail}`);
    this.name = 'RulesSyntaxError';
  }
}

/** An error value of the language: raised while evaluating a condition. */
export class RuleEvalError extends Error {
  constructor(
    message: string,
    public loc?: SourceLocation,
  ) {
    super(message);
    this.name = 'RuleEvalError';
  }
}

export function fail(message: string): never {
  throw new RuleEvalError(message);
}
