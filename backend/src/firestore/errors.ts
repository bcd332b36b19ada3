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
  /** The HTTP status when it is not the code's usual one (413 for an oversized body). */
  private readonly httpOverride: number | undefined;
  constructor(status: CodeName, message: string, options: { httpStatus?: number } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.httpOverride = options.httpStatus;
  }

  get code(): number {
    return Code[this.status];
  }

  get httpStatus(): number {
    return this.httpOverride ?? httpStatusByCode[this.status];
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
/** Firestore's words for a request over its size limit; HTTP answers it with 413. */
export const payloadTooLarge = (limit: number): ApiError =>
  new ApiError('INVALID_ARGUMENT', `Request payload size exceeds the limit: ${limit} bytes.`, { httpStatus: 413 });

/** A string that cannot be stored as UTF-8 (bytes that are not UTF-8, or a lone surrogate). */
export const invalidUtf8 = (where: string): ApiError => invalid(`${where} is not valid UTF-8.`);

export const unimplemented = (what: string): ApiError =>
  new ApiError('UNIMPLEMENTED', `${what} is not supported by the local backend.`);
