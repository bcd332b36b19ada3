// Accounts in the Auth emulator under test: an admin (custom claim admin: true, set with
// firebase-admin as `npm run admin:grant` does) or a signed-in user without the claim, for tests
// that sign in through the app's own admin sign-in.

import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { authEmulator } from './emulators';

export interface TestAccount {
  uid: string;
  email: string;
  password: string;
}

let signInProject: Promise<string> | undefined;

/**
 * The project whose accounts the Auth emulator signs web clients into. A web client names an API
 * key, not a project, so the emulator serves it from its default project whatever project id the
 * test's app carries: read it off the audience of an anonymous sign-up's ID token.
 */
export function authProjectId(): Promise<string> {
  signInProject ??= (async () => {
    const { host, port } = authEmulator();
    const res = await fetch(`http://${host}:${port}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=test-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ returnSecureToken: true }),
    });
    if (!res.ok) throw new Error(`Anonymous sign-up failed: ${res.status} ${await res.text()}`);
    const { idToken } = (await res.json()) as { idToken: string };
    return (JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as { aud: string }).aud;
  })();
  return signInProject;
}

/**
 * Creates an e-mail/password account that the app can sign in with (in the Auth emulator's
 * sign-in project, whatever the test's Firestore project); `admin` adds the admin claim.
 */
export async function createAccount(_projectId: string, { admin = true } = {}): Promise<TestAccount> {
  const { host, port } = authEmulator();
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `${host}:${port}`;
  const app = initializeApp({ projectId: await authProjectId() }, `accounts-${randomUUID()}`);
  try {
    const email = `${admin ? 'admin' : 'user'}-${randomUUID().slice(0, 8)}@example.edu`;
    const password = `pw-${randomUUID()}`;
    const user = await getAuth(app).createUser({ email, password });
    if (admin) await getAuth(app).setCustomUserClaims(user.uid, { admin: true });
    return { uid: user.uid, email, password };
  } finally {
    await deleteApp(app);
  }
}
