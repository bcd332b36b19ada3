// Request bodies and JSON answers for the Firestore HTTP endpoints, with errors in the
// google.rpc.Status shape the SDKs parse: {"error":{code,message,status}}, and Firestore's limits
// on a request body (its size, UTF-8).

import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, invalidUtf8, payloadTooLarge } from '../errors.js';

/** Firestore's limit on an API request (a Commit of documents up to 1 MiB each). */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
/** Past this much, an oversized body is no longer read to its end: the connection is closed. */
const MAX_DISCARD_BYTES = 256 * 1024 * 1024;

/**
 * The body as text, refusing bytes that are not UTF-8 and bodies over `limit` (413). An oversized
 * body is read to its end and discarded before the refusal is answered: a client still sending
 * when the answer comes would see its connection reset instead of the 413.
 */
export function readBody(req: IncomingMessage, limit = MAX_REQUEST_BYTES): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else chunks.length = 0;
      if (size > MAX_DISCARD_BYTES) {
        // Answered unread: sendError closes the connection after the 413.
        req.off('data', onData);
        req.pause();
        reject(payloadTooLarge(limit));
      }
    };
    req.on('data', onData);
    req.on('end', () => {
      if (size > limit) return reject(payloadTooLarge(limit));
      const body = Buffer.concat(chunks, size);
      if (!isUtf8(body)) return reject(invalidUtf8('The request body'));
      resolve(body.toString('utf8'));
    });
    req.on('error', reject);
    req.on('aborted', () => reject(new ApiError('CANCELLED', 'The client closed the request.')));
  });
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

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

export function sendError(res: ServerResponse, err: ApiError): void {
  // A body left unread must not be taken for the next request on this connection.
  if (!res.req.complete && !res.headersSent) res.setHeader('Connection', 'close');
  sendJson(res, err.httpStatus, { error: err.toJson() });
}
