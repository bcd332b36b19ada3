// The visitor's Firebase identity: providers and presenters never see a login, so the app signs
// them in anonymously on first use and keeps that user.

import { onAuthStateChanged, signInAnonymously, type User } from 'firebase/auth';
import { auth } from './firebase';

let pending: Promise<User> | null = null;

/** The signed-in user, signing in anonymously when there is none. */
export function ensureSignedIn(): Promise<User> {
  if (auth.currentUser) return Promise.resolve(auth.currentUser);
  pending ??= auth
    .authStateReady()
    .then(() => auth.currentUser ?? signInAnonymously(auth).then((credential) => credential.user))
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Follows the signed-in user's id (null when signed out). Returns the unsubscribe function. */
export function watchUserId(callback: (uid: string | null) => void): () => void {
  return onAuthStateChanged(auth, (user) => callback(user?.uid ?? null));
}
