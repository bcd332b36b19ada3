// Where the emulators under test are: read from the environment (set by globalSetup, or by
// whoever runs the suite against another backend, such as the official emulators).

import { randomUUID } from 'node:crypto';

export interface HostPort {
  host: string;
  port: number;
}

function hostPort(variable: string): HostPort {
  const value = process.env[variable];
  if (!value) throw new Error(`${variable} is not set: run the tests through vitest (globalSetup sets it).`);
  const at = value.lastIndexOf(':');
  return { host: value.slice(0, at), port: Number(value.slice(at + 1)) };
}

export const firestoreEmulator = (): HostPort => hostPort('FIRESTORE_EMULATOR_HOST');
export const storageEmulator = (): HostPort => hostPort('FIREBASE_STORAGE_EMULATOR_HOST');
export const authEmulator = (): HostPort => hostPort('FIREBASE_AUTH_EMULATOR_HOST');

const address = ({ host, port }: HostPort) => `${host}:${port}`;

/**
 * Sets the app's VITE_* settings for `projectId` in this process: the emulators under test, with
 * Firestore and Auth elsewhere when given (through a network proxy, say).
 */
export function appEnvironment(
  projectId: string,
  { firestore = firestoreEmulator(), auth = authEmulator() }: { firestore?: HostPort; auth?: HostPort } = {},
): void {
  Object.assign(process.env, {
    VITE_USE_EMULATORS: 'true',
    VITE_FIREBASE_PROJECT_ID: projectId,
    VITE_FIRESTORE_EMULATOR_HOST: address(firestore),
    VITE_AUTH_EMULATOR_HOST: address(auth),
    VITE_STORAGE_EMULATOR_HOST: address(storageEmulator()),
  });
}

/** A project id of its own for each test file keeps files' data apart on a shared backend. */
export function uniqueProjectId(label: string): string {
  return `demo-${label}-${randomUUID().slice(0, 8)}`.toLowerCase();
}

/** Deletes every document of a project, as the official emulator's reset endpoint does. */
export async function resetFirestore(projectId: string): Promise<void> {
  const { host, port } = firestoreEmulator();
  const res = await fetch(`http://${host}:${port}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
    method: 'DELETE',
  });
  if (!res.ok) throw new Error(`Firestore reset failed: ${res.status} ${await res.text()}`);
}
