// Parses the body of a multipart upload (`multipart/related`): a JSON metadata part, then the
// object's bytes. Binary-safe: parts are split on the boundary's bytes, never decoded as text.

import { isUtf8 } from 'node:buffer';
import { badRequest } from './storageErrors.js';

export interface MultipartUpload {
  metadata: unknown;
  data: Buffer;
  /** The Content-Type header of the data part, if any. */
  dataContentType?: string;
}

interface Part {
  headers: Map<string, string>;
  body: Buffer;
}

export function parseMultipartUpload(contentType: string | undefined, body: Buffer): MultipartUpload {
  const boundary = boundaryOf(contentType);
  const parts = splitParts(body, boundary);
  const [metaPart, dataPart] = parts;
  if (parts.length !== 2 || !metaPart || !dataPart) {
    throw badRequest(`A multipart upload needs exactly 2 parts (metadata, then data); got ${parts.length}.`);
  }
  // Decoding would turn bytes that are not UTF-8 into U+FFFD, metadata the client never sent.
  if (!isUtf8(metaPart.body)) throw badRequest('The metadata part of the multipart upload is not valid UTF-8.');
  let metadata: unknown;
  try {
    metadata = metaPart.body.length === 0 ? {} : JSON.parse(metaPart.body.toString('utf8'));
  } catch {
    throw badRequest('The metadata part of the multipart upload is not valid JSON.');
  }
  return { metadata, data: dataPart.body, dataContentType: dataPart.headers.get('content-type') };
}

function boundaryOf(contentType: string | undefined): string {
  if (!contentType || !/^multipart\/related\b/i.test(contentType.trim())) {
    throw badRequest(`A multipart upload must be sent as multipart/related; got "${contentType ?? ''}".`);
  }
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw badRequest('The multipart/related Content-Type has no boundary.');
  return boundary;
}

function splitParts(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  if (at === -1) throw badRequest('The multipart body does not contain its boundary.');
  for (;;) {
    let start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString('latin1') === '--') return parts;
    start = skipLineBreak(body, start);
    // A delimiter inside the data is always preceded by a line break, so search for that.
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n', 'latin1'), delimiter]), start);
    if (next === -1) throw badRequest('The multipart body is not terminated by its closing boundary.');
    parts.push(parsePart(body.subarray(start, next)));
    at = next + 2;
  }
}

function skipLineBreak(body: Buffer, at: number): number {
  if (body[at] === 0x0d && body[at + 1] === 0x0a) return at + 2;
  if (body[at] === 0x0a) return at + 1;
  return at;
}

function parsePart(raw: Buffer): Part {
  const headers = new Map<string, string>();
  // A part with no headers starts directly with the empty line.
  if (raw[0] === 0x0d && raw[1] === 0x0a) return { headers, body: raw.subarray(2) };
  const end = raw.indexOf('\r\n\r\n', 0, 'latin1');
  if (end === -1) throw badRequest('A part of the multipart body has no blank line after its headers.');
  for (const line of raw.subarray(0, end).toString('latin1').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.subarray(end + 4) };
}
