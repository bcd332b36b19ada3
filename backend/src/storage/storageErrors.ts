// Errors of the Firebase Storage API, rendered as the JSON body and HTTP status the web SDK maps
// to its error codes (401 unauthenticated, 403 unauthorized, 404 object-not-found, other 4xx
// unknown with the server's message). Never 5xx for a client mistake: the SDK retries those.

export class StorageHttpError extends Error {
  readonly httpStatus: number;
  constructor(httpStatus: number, message: string) {
    super(message);
    this.name = 'StorageHttpError';
    this.httpStatus = httpStatus;
  }

  toJson(): { error: { code: number; message: string } } {
    return { error: { code: this.httpStatus, message: this.message } };
  }
}

export const badRequest = (message: string): StorageHttpError => new StorageHttpError(400, message);
export const unauthenticated = (message: string): StorageHttpError => new StorageHttpError(401, message);
export const forbidden = (message: string): StorageHttpError => new StorageHttpError(403, message);
export const notFound = (message: string): StorageHttpError => new StorageHttpError(404, message);
export const tooLarge = (message: string): StorageHttpError => new StorageHttpError(413, message);

/** Any thrown value as a StorageHttpError; unexpected failures become 500, never a crash. */
export function toStorageHttpError(err: unknown): StorageHttpError {
  if (err instanceof StorageHttpError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new StorageHttpError(500, `Internal error: ${message}`);
}
