// Buckets' CORS configurations, as Cloud Storage keeps them (one list of entries per bucket, in
// gcloud's format: origin, method, responseHeader, maxAgeSeconds) and as it applies them to a
// browser's downloads: the first entry listing the request's Origin and method decides the CORS
// headers; with no such entry the response has none, so the browser refuses it. Off (the
// default), every origin may download, as with the official emulator.

import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** One entry of a bucket's CORS configuration (the GCS JSON API's `cors[]`). */
export interface CorsEntry {
  origin?: string[];
  method?: string[];
  responseHeader?: string[];
  maxAgeSeconds?: number;
}

const LIST_FIELDS = ['origin', 'method', 'responseHeader'] as const;

/** A CORS configuration checked field by field, or an error naming the entry and field at fault. */
export function parseCorsConfig(value: unknown, where: string): CorsEntry[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw new Error(`${where} must be a list of CORS entries (got ${typeof value}).`);
  return value.map((raw: unknown, i) => {
    const at = `${where}[${i}]`;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error(`${at} must be an object.`);
    const entry: CorsEntry = {};
    for (const [key, field] of Object.entries(raw)) {
      if ((LIST_FIELDS as readonly string[]).includes(key)) {
        if (!Array.isArray(field) || !field.every((item) => typeof item === 'string')) {
          throw new Error(`${at}.${key} must be a list of strings.`);
        }
        entry[key as (typeof LIST_FIELDS)[number]] = field as string[];
      } else if (key === 'maxAgeSeconds') {
        if (typeof field !== 'number' || !Number.isSafeInteger(field) || field < 0) {
          throw new Error(`${at}.maxAgeSeconds must be a whole number of seconds (got ${JSON.stringify(field)}).`);
        }
        entry.maxAgeSeconds = field;
      } else {
        throw new Error(`${at} has an unknown field "${key}" (known: origin, method, responseHeader, maxAgeSeconds).`);
      }
    }
    return entry;
  });
}

/** A CORS file in gcloud's format (what `gcloud storage buckets update --cors-file` takes). */
export function readCorsFile(file: string): CorsEntry[] {
  const name = path.basename(file);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read the CORS file ${file}: ${(error as Error).message}`, { cause: error });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${name} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  return parseCorsConfig(parsed, name);
}

/**
 * Every bucket's configuration. With `defaults` (the `--bucket-cors` file) downloads follow it:
 * a bucket starts with those entries until its own are set (`PATCH /storage/v1/b/{bucket}`).
 * Without, configurations are kept and shown but every origin may download.
 */
export class BucketCors {
  readonly enforced: boolean;
  private readonly defaults: CorsEntry[];
  private readonly own = new Map<string, CorsEntry[]>();

  constructor(defaults?: CorsEntry[]) {
    this.enforced = defaults !== undefined;
    this.defaults = defaults ?? [];
  }

  of(bucket: string): CorsEntry[] {
    return this.own.get(bucket) ?? this.defaults;
  }

  set(bucket: string, entries: CorsEntry[]): void {
    this.own.set(bucket, entries);
  }
}

/** The first entry that lists the origin and the method (each may be `*`), as Cloud Storage picks it. */
export function matchingEntry(entries: readonly CorsEntry[], origin: string, method: string): CorsEntry | undefined {
  const upper = method.toUpperCase();
  return entries.find(
    (entry) =>
      (entry.origin ?? []).some((o) => o === '*' || o === origin) &&
      (entry.method ?? []).some((m) => m === '*' || m.toUpperCase() === upper),
  );
}

/** A download's CORS headers: those of the matching entry, or none (the browser then refuses it). */
export function applyBucketCors(req: IncomingMessage, res: ServerResponse, entries: readonly CorsEntry[]): void {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  res.setHeader('Vary', 'Origin');
  const entry = matchingEntry(entries, origin, req.method ?? 'GET');
  if (!entry) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  if (entry.responseHeader?.length) res.setHeader('Access-Control-Expose-Headers', entry.responseHeader.join(', '));
}

/**
 * A download's preflight: the matching entry's methods and max age, and the request headers the
 * browser asks for (the Firebase API's own: the SDK sends Authorization and X-Firebase-* on every
 * download, and Firebase's sample configuration, which lists no responseHeader, lets it through).
 * No matching entry: an answer without CORS headers, which the browser treats as a refusal.
 */
export function answerBucketPreflight(req: IncomingMessage, res: ServerResponse, entries: readonly CorsEntry[]): void {
  const origin = req.headers.origin;
  const method = req.headers['access-control-request-method'];
  res.setHeader('Vary', 'Origin');
  const entry = origin !== undefined && typeof method === 'string' ? matchingEntry(entries, origin, method) : undefined;
  if (entry && origin !== undefined) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Methods', (entry.method ?? []).join(', '));
    const requested = req.headers['access-control-request-headers'];
    if (typeof requested === 'string' && requested.trim() !== '') res.setHeader('Access-Control-Allow-Headers', requested);
    if (entry.maxAgeSeconds !== undefined) res.setHeader('Access-Control-Max-Age', String(entry.maxAgeSeconds));
  }
  res.writeHead(200, { 'Content-Length': '0' });
  res.end();
}
