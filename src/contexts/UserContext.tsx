// The current user (the spec's section 4): none at first; after start-up, the profile stored in
// the browser ('profile', a cache of providers/{uid}) with the anonymous Auth uid as user_id, or
// still none. Saving the profile replaces it.

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getProviderProfile, saveProviderProfile } from '../db/providers';
import { ensureSignedIn, watchUserId } from '../db/session';
import { readStoredProfile, writeStoredProfile } from '../lib/browserStorage';
import type { Provider, ProviderProfile } from '../types/provider';

export interface UserContextValue {
  /** The current user, or null when they have no profile yet. */
  user: Provider | null;
  /** The anonymous Auth uid; null until signed in (a first visit signs in in the background; offline it cannot). */
  uid: string | null;
  /** True until start-up is done: the stored profile read and the kept sign-in known (no network needed). */
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
  const [user, setUserState] = useState<Provider | null>(null);
  const [uid, setUid] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const stored = readStoredProfile(window.localStorage);
    let started = false;
    return watchUserId((signedInUid) => {
      setUid(signedInUid);
      if (!started) {
        // The sign-in the browser kept is known without the network; a first visit signs in
        // anonymously in the background (the profile's save waits for it).
        started = true;
        setUserState(stored);
        setLoading(false);
        if (signedInUid === null) {
          // Offline on a first visit: every read and save waits for (and retries) the sign-in.
          ensureSignedIn().catch((error: unknown) => console.warn('Anonymous sign-in failed; it is retried when needed.', error));
        }
      }
      if (signedInUid === null || stored === null) return;
      setUserState((current) => (current ? { ...current, user_id: signedInUid } : current));
      if (stored.user_id !== signedInUid) {
        // A profile kept by the browser but not under this uid (a lost sign-in): store it under
        // the new uid too, unless the provider already has a document there.
        stored.user_id = signedInUid;
        writeStoredProfile(window.localStorage, stored);
        getProviderProfile()
          .then((existing) => existing ?? saveProviderProfile(stored))
          .catch((error: unknown) =>
            console.warn('The profile could not be copied to the new sign-in; the next profile save stores it.', error),
          );
      }
    });
  }, []);

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
