// Reading request bodies and writing responses for the Storage API, CORS included: the web SDK
// runs on another origin, sends credentials-capable requests with custom headers (so browsers
// preflight them) and reads X-Goog-Upload-* response headers, which must be exposed.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { tooLarge, type StorageHttpError } from './storageErrors.js';

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
].join(', ');

/** Sets the CORS headers every response carries: the Origin echoed, credentials allowed. */
export function setCorsHeaders(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  if (origin) {
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Vary', 'Origin');
  }
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}

/** Answers a CORS preflight: any method the API has, whatever headers the browser asks for. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  const requested = req.headers['access-control-request-headers'];
  if (requested) res.setHeader('Access-Control-Allow-Headers', requested);
  if (req.headers['access-control-request-private-network']) res.setHeader('Access-Control-Allow-Private-Network', 'true');
  res.setHeader('Access-Control-Max-Age', '3600');
  res.writeHead(204).end();
}

/** The whole request body, refusing more than `limit` bytes; rejects if the client aborts. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(tooLarge(`The request body of ${declared} bytes exceeds the local backend's limit of ${limit} bytes.`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const fail = (err: Error) => {
      if (done) return;
      done = true;
      chunks.length = 0;
      reject(err);
    };
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        fail(tooLarge(`The request body exceeds the local backend's limit of ${limit} bytes.`));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks, size));
    });
    req.on('error', fail);
    req.on('close', () => {
      if (!req.complete) fail(new Error('The client aborted the request.'));
    });
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { ...headers, 'Content-Length': '0' });
  res.end();
}

export function sendError(res: ServerResponse, err: StorageHttpError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, err.httpStatus, err.toJson());
}
