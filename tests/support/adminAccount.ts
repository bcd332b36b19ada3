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

/** Creates an e-mail/password account in `projectId`; `admin` adds the admin claim. */
export async function createAccount(projectId: string, { admin = true } = {}): Promise<TestAccount> {
  const { host, port } = authEmulator();
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `${host}:${port}`;
  const app = initializeApp({ projectId }, `accounts-${randomUUID()}`);
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
