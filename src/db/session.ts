// The visitor's Firebase identity: providers and presenters never see a login, so the app signs
// them in anonymously on first use and keeps that user.

import type { User } from 'firebase/auth';
import { getAppAuth } from './auth';

let pending: Promise<User> | null = null;

/** The signed-in user, signing in anonymously when there is none. */
export function ensureSignedIn(): Promise<User> {
  pending ??= getAppAuth()
    .then(async (auth) => {
      await auth.authStateReady();
      if (auth.currentUser) return auth.currentUser;
      // Auth's code is in by now (getAppAuth fetched it): this import is only a lookup.
      const { signInAnonymously } = await import('firebase/auth');
      return (await signInAnonymously(auth)).user;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/**
 * Follows the signed-in user's id (null when signed out), from the moment Auth has started.
 * Returns the unsubscribe function. Calls onError when Auth's code cannot be fetched (offline on a
 * first visit).
 */
export function watchUserId(callback: (uid: string | null) => void, onError: (error: unknown) => void): () => void {
  let unsubscribe: (() => void) | null = null;
  let stopped = false;
  getAppAuth().then(
    (auth) => {
      if (!stopped) unsubscribe = auth.onAuthStateChanged((user) => callback(user?.uid ?? null));
    },
    (error: unknown) => {
      if (!stopped) onError(error);
    },
  );
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}
