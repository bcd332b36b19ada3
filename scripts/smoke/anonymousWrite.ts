// The rules check of the smoke check: a client that has not signed in tries to create a scratch
// document in `events` through Firestore's REST API, as anyone on the internet could, and the
// deployed rules must refuse it (PERMISSION_DENIED). Should they allow it, the document is deleted
// at once (by the same anonymous client, else with the Admin SDK) and the check fails.

import { randomBytes } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { failed, messageOf, passed, type SmokeFinding } from './findings.js';
import { FIRESTORE_API, type SmokeServices } from './services.js';

const TIMEOUT_MS = 20_000;

interface RestError {
  error?: { status?: string; message?: string };
}

/** Check 3: an anonymous create in `events` is refused; one that is not is undone. */
export async function checkAnonymousWrite(
  projectId: string,
  services: SmokeServices,
  adminFirestore: () => Firestore,
): Promise<SmokeFinding[]> {
  const base = services.firestore ? `http://${services.firestore}` : FIRESTORE_API;
  const id = `smoke-check-${randomBytes(6).toString('hex')}`;
  const documents = `${base}/v1/projects/${encodeURIComponent(projectId)}/databases/(default)/documents`;
  let res: Response;
  try {
    res = await fetch(`${documents}/events?documentId=${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fields: { smoke_check: { stringValue: 'npm run smoke: removed at once' } } }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return [failed('rules', `Firestore did not answer an anonymous write (${messageOf(error)})`, 'deploy')];
  }
  const body = (await res.json().catch(() => ({}))) as RestError;
  const status = body.error?.status ?? '';
  if (status === 'PERMISSION_DENIED' || status === 'UNAUTHENTICATED') {
    return [passed('rules', `An anonymous write to events/${id} is refused (${status}): the deployed rules hold`, 'deploy')];
  }
  if (res.ok) {
    const removed = await removeScratch(`${documents}/events/${id}`, id, adminFirestore);
    return [
      failed(
        'rules',
        `An anonymous client could write events/${id}: the deployed firestore.rules are not the repository's; deploy them ` +
          `(npx firebase deploy --only firestore:rules). ${removed}`,
        'deploy',
      ),
    ];
  }
  if (status === 'NOT_FOUND' || status === 'FAILED_PRECONDITION') {
    return [
      failed('rules', `Firestore answered ${res.status} ${status}: ${body.error?.message ?? ''}`.trim(), 'create-the-database'),
    ];
  }
  return [
    failed(
      'rules',
      `An anonymous write answered ${res.status} ${status || '(no status)'}, not PERMISSION_DENIED: ${body.error?.message ?? ''}`.trim(),
      'deploy',
    ),
  ];
}

/** Deletes the scratch document the rules let in; says how, or what is left to delete by hand. */
async function removeScratch(url: string, id: string, adminFirestore: () => Firestore): Promise<string> {
  try {
    const res = await fetch(url, { method: 'DELETE', signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (res.ok) return 'The scratch document was deleted again.';
  } catch {
    // The Admin SDK below.
  }
  try {
    await adminFirestore().doc(`events/${id}`).delete();
    return 'The scratch document was deleted again (with the Admin SDK).';
  } catch (error) {
    return `The scratch document could not be deleted (${messageOf(error)}): delete events/${id} in the console.`;
  }
}
