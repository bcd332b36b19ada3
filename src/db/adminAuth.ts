// Admin sign-in (the spec's 'Admin Portal'): e-mail and password through Firebase Auth, and the
// admin role as the custom claim admin: true (DECISIONS.md). A signed-in user without the claim
// counts as a failed sign-in and is signed out again.
//
// One browser has one Firebase user: signing in as an admin replaces a provider's anonymous
// session on that browser. Signing out (or a refused sign-in) starts a fresh anonymous session
// at once, and the app keeps the provider's stored profile and saves it under the new session
// (see UserContext), so a provider on the same laptop can carry on.

import { signInWithEmailAndPassword, type Auth, type User } from 'firebase/auth';
import { getAppAuth, startedAuth } from './auth';
import { ensureSignedIn } from './session';

/** The identity service's answers that mean "these credentials are wrong", not "something broke". */
const WRONG_CREDENTIALS = new Set([
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
  'auth/wrong-password',
  'auth/user-not-found',
  'auth/invalid-email',
  'auth/missing-password',
  'auth/missing-email',
  'auth/user-disabled',
]);

export interface AdminIdentity {
  uid: string;
  email: string | null;
  isAdmin: boolean;
}

async function identityOf(user: User): Promise<AdminIdentity> {
  const token = await user.getIdTokenResult();
  return { uid: user.uid, email: user.email, isAdmin: token.claims.admin === true };
}

/** Leaves the e-mail account and returns to an anonymous session (a provider's view of the app). */
async function backToAnonymous(): Promise<void> {
  await (await getAppAuth()).signOut();
  await ensureSignedIn();
}

/**
 * Signs in with e-mail and password. Resolves true for an admin; false for wrong credentials or
 * an account without the admin claim (then signed out). Throws on any other failure (network,
 * too many attempts).
 */
export async function signInAdmin(email: string, password: string): Promise<boolean> {
  let user: User;
  try {
    user = (await signInWithEmailAndPassword(await getAppAuth(), email.trim(), password)).user;
  } catch (error) {
    if (WRONG_CREDENTIALS.has((error as { code?: string }).code ?? '')) return false;
    throw error;
  }
  if ((await identityOf(user)).isAdmin) return true;
  await backToAnonymous();
  return false;
}

/** Signs the admin out; the browser continues with a fresh anonymous session. */
export function signOutAdmin(): Promise<void> {
  return backToAnonymous();
}

/**
 * Follows who is signed in with e-mail and password: null while nobody is (or only an anonymous
 * provider), else the account and whether it is an admin; also null when Auth's code cannot be
 * fetched (nobody can sign in then). Returns the unsubscribe function.
 */
export function watchAdminIdentity(callback: (identity: AdminIdentity | null) => void): () => void {
  let latest = 0;
  let stopped = false;
  let unsubscribe: (() => void) | null = null;
  const follow = (auth: Auth) =>
    auth.onIdTokenChanged((user) => {
      const call = ++latest;
      if (!user || user.isAnonymous) {
        callback(null);
        return;
      }
      identityOf(user).then(
        (identity) => {
          if (call === latest) callback(identity);
        },
        () => {
          if (call === latest) callback({ uid: user.uid, email: user.email, isAdmin: false });
        },
      );
    });
  getAppAuth().then(
    (auth) => {
      if (!stopped) unsubscribe = follow(auth);
    },
    () => {
      if (!stopped) callback(null);
    },
  );
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}

/** The uid of the account signed in with e-mail and password (the admin on admin screens); null otherwise. */
export function currentAdminUid(): string | null {
  const user = startedAuth()?.currentUser;
  return user && !user.isAnonymous ? user.uid : null;
}
