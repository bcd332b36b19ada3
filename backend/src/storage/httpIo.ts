// The Storage API's side of the shared HTTP plumbing (shared/http.ts): the headers the web SDK
// must read (X-Goog-Upload-* and the object's own), and bodies and errors as Storage words them.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerPreflight as answerSharedPreflight, applyCors, readBody as readSharedBody, sendJson } from '../shared/http.js';
import { StorageHttpError, tooLarge } from './storageErrors.js';

const EXPOSED_HEADERS = [
  'Content-Type',
  'Content-Length',
  'Content-Disposition',
  'Content-Encoding',
  'Content-Range',
  'Cache-Control',
  'ETag',
  'X-Firebase-Storage-Version',
  'X-Goog-Upload-Status',
  'X-Goog-Upload-URL',
  'X-Goog-Upload-Size-Received',
  'X-Goog-Upload-Chunk-Granularity',
  'X-Goog-Upload-Control-URL',
  'X-Goog-Upload-Command',
  'X-Goog-Upload-Protocol',
  'X-Goog-Upload-Header-Content-Length',
  'X-Goog-Upload-Header-Content-Type',
  'X-GUploader-UploadID',
  'X-Goog-Generation',
  'X-Goog-Metageneration',
  'X-Goog-Hash',
];

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Sets the CORS headers every response carries: the Origin echoed, credentials allowed. */
export function setCorsHeaders(req: IncomingMessage, res: ServerResponse): void {
  applyCors(req, res, EXPOSED_HEADERS);
}

/** Answers a CORS preflight: any method the API has, whatever headers the browser asks for. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  answerSharedPreflight(req, res, { methods: METHODS, exposedHeaders: EXPOSED_HEADERS });
}

/** The whole request body, refusing more than `limit` bytes (413); rejects if the client aborts. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return readSharedBody(req, limit, {
    tooLarge: (max) => tooLarge(`The request body exceeds the local backend's limit of ${max} bytes.`),
    aborted: () => new StorageHttpError(499, 'The client aborted the request.'),
  });
}

export function sendError(res: ServerResponse, err: StorageHttpError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, err.httpStatus, err.toJson());
}
