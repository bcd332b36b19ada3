// The current user (the spec's section 4): none at first; after start-up, the profile stored in
// the browser ('profile', a cache of providers/{uid}) with the anonymous Auth uid as user_id, or
// still none. Saving the profile replaces it. Auth's code loads after the first screen
// (src/db/auth.ts): a provider with a stored profile is known at once, so the queue shows without
// waiting for it, and the uid follows once Auth has started.

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getProviderProfile, saveProviderProfile } from '../db/deferred';
import { ensureSignedIn, watchUserId } from '../db/session';
import { readStoredProfile, writeStoredProfile } from '../lib/browserStorage';
import type { Provider, ProviderProfile } from '../types/provider';

export interface UserContextValue {
  /** The current user, or null when they have no profile yet. */
  user: Provider | null;
  /** The anonymous Auth uid; null until Auth has started and signed in (a first visit signs in in the background; offline it cannot). */
  uid: string | null;
  /**
   * True until start-up is done: done at once when the browser has a stored profile; with none,
   * once the kept sign-in is known (no network needed), as the next step, saving a profile, needs it.
   */
  loading: boolean;
  /** Saves the profile (resolves once the server has it), stores it in the browser and makes it the current user. Throws on failure. */
  saveProfile: (profile: ProviderProfile) => Promise<Provider>;
  /** Replaces the current user (null forgets the stored profile). */
  setUser: (user: Provider | null) => void;
}

const UserContext = createContext<UserContextValue | null>(null);

interface UserProviderProps {
  children: ReactNode;
  /** Shown instead of the children until start-up is done; without it the children show at once and read `loading`. */
  fallback?: ReactNode;
}

export function UserProvider({ children, fallback }: UserProviderProps) {
  // The browser's stored profile, read once: the current user from the first render.
  const [stored] = useState(() => readStoredProfile(window.localStorage));
  const [user, setUserState] = useState<Provider | null>(stored);
  const [uid, setUid] = useState<string | null>(null);
  const [signInKnown, setSignInKnown] = useState(false);
  const loading = stored === null && !signInKnown;

  useEffect(() => {
    let started = false;
    let storedUid = stored?.user_id;
    return watchUserId(
      (signedInUid) => {
        setUid(signedInUid);
        if (!started) {
          // The sign-in the browser kept is known without the network; a first visit signs in
          // anonymously in the background (the profile's save waits for it).
          started = true;
          setSignInKnown(true);
          if (signedInUid === null) {
            // Offline on a first visit: every read and save waits for (and retries) the sign-in.
            ensureSignedIn().catch((error: unknown) =>
              console.warn('Anonymous sign-in failed; it is retried when needed.', error),
            );
          }
        }
        if (signedInUid === null || stored === null) return;
        setUserState((current) => (current ? { ...current, user_id: signedInUid } : current));
        if (storedUid !== signedInUid) {
          // A profile kept by the browser but not under this uid (a lost sign-in): store it under
          // the new uid too, unless the provider already has a document there.
          storedUid = signedInUid;
          const moved = { ...stored, user_id: signedInUid };
          writeStoredProfile(window.localStorage, moved);
          getProviderProfile()
            .then((existing) => existing ?? saveProviderProfile(moved))
            .catch((error: unknown) =>
              console.warn('The profile could not be copied to the new sign-in; the next profile save stores it.', error),
            );
        }
      },
      (error) => {
        // Auth's code could not be fetched (offline on a first visit): start-up ends without a
        // sign-in, and every read and save that needs one tries again.
        setSignInKnown(true);
        console.warn('Auth could not be started; it is retried when needed.', error);
      },
    );
  }, [stored]);

  const saveProfile = useCallback(async (profile: ProviderProfile) => {
    const saved = await saveProviderProfile(profile);
    writeStoredProfile(window.localStorage, saved);
    setUid(saved.user_id);
    setUserState(saved);
    return saved;
  }, []);

  const setUser = useCallback((next: Provider | null) => {
    writeStoredProfile(window.localStorage, next);
    setUserState(next);
  }, []);

  const value = useMemo(() => ({ user, uid, loading, saveProfile, setUser }), [user, uid, loading, saveProfile, setUser]);

  return <UserContext.Provider value={value}>{loading && fallback !== undefined ? fallback : children}</UserContext.Provider>;
}

export function useUser(): UserContextValue {
  const value = useContext(UserContext);
  if (!value) throw new Error('useUser() must be used inside <UserProvider>.');
  return value;
}
