// Puts the project's firestore.rules (or other rules a test gives, opened ones say) in force for
// one test project on the backend under test, through the emulator endpoint the official emulator
// and rules-unit-testing use.

import fs from 'node:fs/promises';
import { firestoreEmulator } from './emulators';

export async function loadFirestoreRules(projectId: string, source?: string): Promise<void> {
  const { host, port } = firestoreEmulator();
  const rules = source ?? (await fs.readFile('firestore.rules', 'utf8'));
  const res = await fetch(`http://${host}:${port}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: rules }] } }),
  });
  if (!res.ok) throw new Error(`Loading the Firestore rules failed: ${res.status} ${await res.text()}`);
}
