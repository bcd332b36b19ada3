// Errors every Firestore protocol adapter can render: a gRPC status code, its name and a message.

export const Code = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;

export type CodeName = keyof typeof Code;

const httpStatusByCode: Record<CodeName, number> = {
  OK: 200,
  CANCELLED: 499,
  UNKNOWN: 500,
  INVALID_ARGUMENT: 400,
  DEADLINE_EXCEEDED: 504,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  PERMISSION_DENIED: 403,
  RESOURCE_EXHAUSTED: 429,
  FAILED_PRECONDITION: 400,
  ABORTED: 409,
  OUT_OF_RANGE: 400,
  UNIMPLEMENTED: 501,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DATA_LOSS: 500,
  UNAUTHENTICATED: 401,
};

export class ApiError extends Error {
  readonly status: CodeName;
  constructor(status: CodeName, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }

  get code(): number {
    return Code[this.status];
  }

  get httpStatus(): number {
    return httpStatusByCode[this.status];
  }

  /** The google.rpc.Status JSON shape used by REST and WebChannel. */
  toJson(): { code: number; message: string; status: CodeName } {
    return { code: this.code, message: this.message, status: this.status };
  }
}

/** Any thrown value as an ApiError; unexpected failures become INTERNAL, never a crash. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new ApiError('INTERNAL', `Internal error: ${message}`);
}

export const invalid = (message: string): ApiError => new ApiError('INVALID_ARGUMENT', message);
export const unimplemented = (what: string): ApiError =>
  new ApiError('UNIMPLEMENTED', `${what} is not supported by the local backend.`);
