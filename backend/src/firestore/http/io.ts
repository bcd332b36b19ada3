// Request bodies and error answers for the Firestore HTTP endpoints (over shared/http.ts): errors in
// the google.rpc.Status shape the SDKs parse: {"error":{code,message,status}}, and Firestore's limits
// on a request body (its size, UTF-8).

import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody as readRawBody, sendJson, type BodyErrors } from '../../shared/http.js';
import { ApiError, invalidUtf8, payloadTooLarge } from '../errors.js';

/** Firestore's limit on an API request (a Commit of documents up to 1 MiB each). */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

const bodyErrors: BodyErrors = {
  tooLarge: payloadTooLarge,
  aborted: () => new ApiError('CANCELLED', 'The client closed the request.'),
};

/** The body as text, refusing bytes that are not UTF-8 and bodies over `limit` (413). */
export async function readBody(req: IncomingMessage, limit = MAX_REQUEST_BYTES): Promise<string> {
  const body = await readRawBody(req, limit, bodyErrors);
  if (!isUtf8(body)) throw invalidUtf8('The request body');
  return body.toString('utf8');
}

/** A JSON body (whatever the content type: the web SDK sends JSON as text/plain). */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('INVALID_ARGUMENT', 'The request body is not valid JSON.');
  }
}

export function sendError(res: ServerResponse, err: ApiError): void {
  // A body left unread must not be taken for the next request on this connection.
  if (!res.req.complete && !res.headersSent) res.setHeader('Connection', 'close');
  sendJson(res, err.httpStatus, { error: err.toJson() });
}
