// The project's indexes as production enforces them (firebase.json's indexes file), for a backend a
// test starts; and the way a test file that checks the official emulator's behaviour (every query
// runs) asks for it on its own project, through the backend's emulator endpoint.

import { loadConfig } from '../../backend/src/config.js';
import { requiredIndexes } from '../../backend/src/firestore/indexes/indexesFile.js';
import type { IndexSettings } from '../../backend/src/firestore/indexes/indexPolicy.js';
import { firestoreEmulator } from './emulators.js';

export function projectIndexes(): IndexSettings {
  return requiredIndexes(loadConfig().firestoreIndexes);
}

/**
 * Every query of `projectId` runs, as in the official emulator. The official emulator itself has
 * no such endpoint (and needs none): a 404 there is fine.
 */
export async function runEveryQuery(projectId: string): Promise<void> {
  const { host, port } = firestoreEmulator();
  const res = await fetch(`http://${host}:${port}/emulator/v1/projects/${projectId}:indexes`, {
    method: 'PUT',
    body: JSON.stringify({ requireIndexes: false }),
  });
  if (!res.ok && res.status !== 404) throw new Error(`Turning index enforcement off failed: ${res.status} ${await res.text()}`);
}
