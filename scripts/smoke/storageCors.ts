// The Storage CORS check of the smoke check: Duplicate event copies a logo with the Storage SDK's
// getBytes, which a browser may read only when the bucket's CORS configuration lets the page's
// origin GET (docs/deploying.md, "Storage CORS"). The SDK's download carries Authorization and
// X-Firebase-* headers, so the browser first sends a preflight; the check sends that preflight
// from each origin the app is served from and wants the origin allowed back.

import { failed, messageOf, passed, type SmokeFinding } from './findings.js';
import { STORAGE_API, type SmokeServices } from './services.js';

const ANCHOR = 'storage-cors';
const TIMEOUT_MS = 20_000;
/** The object asked for: whether it exists does not change the preflight's answer. */
const PROBE_OBJECT = 'smoke-check/cors-probe.png';
/** The request headers the web SDK's download sends (firebase/storage: its auth token, version and app id). */
const SDK_HEADERS = 'authorization,x-firebase-storage-version,x-firebase-gmpid';

/** What the bucket's download endpoint allows `origin`, or why not. */
async function preflight(downloadUrl: string, origin: string): Promise<string | null> {
  let res: Response;
  try {
    res = await fetch(downloadUrl, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': SDK_HEADERS },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.arrayBuffer();
  } catch (error) {
    return `no answer (${messageOf(error)})`;
  }
  const allowed = res.headers.get('access-control-allow-origin');
  if (allowed === origin || allowed === '*') return null;
  return allowed === null ? `no Access-Control-Allow-Origin (${res.status})` : `Access-Control-Allow-Origin is ${allowed}`;
}

/** Check 6: the bucket lets each origin download. */
export async function checkStorageCors(services: SmokeServices, bucket: string, origins: string[]): Promise<SmokeFinding[]> {
  const base = services.storage ? `http://${services.storage}` : STORAGE_API;
  const downloadUrl = `${base}/v0/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(PROBE_OBJECT)}?alt=media`;
  const answers = await Promise.all(origins.map(async (origin) => ({ origin, problem: await preflight(downloadUrl, origin) })));
  const refused = answers.filter((answer) => answer.problem !== null);
  if (refused.length === 0) {
    return [
      passed('storage-cors', `The bucket ${bucket} lets ${origins.join(', ')} download (the SDK's preflight is allowed)`, ANCHOR),
    ];
  }
  return refused.map(({ origin, problem }) =>
    failed(
      'storage-cors',
      `The bucket ${bucket} does not let ${origin} download: its preflight got ${problem ?? ''}. Add the origin to storage.cors.json and apply it to the bucket`,
      ANCHOR,
    ),
  );
}
