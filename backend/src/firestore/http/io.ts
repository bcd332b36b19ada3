// Request bodies and JSON answers for the Firestore HTTP endpoints, with errors in the
// google.rpc.Status shape the SDKs parse: {"error":{code,message,status}}.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../errors.js';

/** Far above anything the SDKs send (a Firestore document is at most 1 MiB). */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new ApiError('INVALID_ARGUMENT', `The request body is larger than ${MAX_BODY_BYTES} bytes.`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
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
  sendJson(res, err.httpStatus, { error: err.toJson() });
}
