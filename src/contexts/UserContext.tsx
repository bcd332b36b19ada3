// The current user (the spec's section 4): the profile stored in the browser ('profile', a cache
// of providers/{uid}) with the anonymous Auth uid as user_id, or none. Saving the profile replaces
// it. Nothing waits for Auth: the user is known from the first render, so the queue and the
// profile form show at once; Auth's code is fetched and started after the first screen (see
// UserProvider), and the uid follows. Only saving needs the sign-in, and waits for it.

import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { getProviderProfile } from '../db/deferred';
// Firestore Lite's save: small, and its code (Lite) is on the page already, so Save fetches nothing.
import { saveProviderProfile } from '../db/profileSave';
import { ensureSignedIn, watchUserId } from '../db/session';
import { timings } from '../config/constants';
import { readStoredProfile, writeStoredProfile } from '../lib/browserStorage';
import { whenIdle } from '../lib/whenIdle';
import type { Provider, ProviderProfile } from '../types/provider';

export interface UserContextValue {
  /** The current user (the stored profile, known from the first render), or null when they have no profile yet. */
  user: Provider | null;
  /** The anonymous Auth uid; null until Auth has started and signed in (a first visit signs in in the background; offline it cannot). */
  uid: string | null;
  /** Saves the profile (resolves once the server has it, after the sign-in), stores it in the browser and makes it the current user. Throws on failure. */
  saveProfile: (profile: ProviderProfile) => Promise<Provider>;
  /** Replaces the current user (null forgets the stored profile). */
  setUser: (user: Provider | null) => void;
  /** Starts Auth and the anonymous sign-in now, if not yet started (the profile form calls it as the visitor starts filling it in). */
  startSignIn: () => void;
}

export const UserContext = createContext<UserContextValue | null>(null);

export function UserProvider({ children }: { children: ReactNode }) {
  // The browser's stored profile, read once: the current user from the first render.
  const [stored] = useState(() => readStoredProfile(window.localStorage));
  const [user, setUserState] = useState<Provider | null>(stored);
  const [uid, setUid] = useState<string | null>(null);
  // With a stored profile Auth starts once the first screen has painted (the queue's Completed
  // marks need the uid); without one, when the visitor starts on the profile form, or when a
  // read or save needs a sign-in (src/db/session.ts), whichever comes first.
  const [signInWanted, setSignInWanted] = useState(false);
  // Asked for as the visitor taps into the profile form: the tap paints first (focus, caret),
  // and Auth starts when the browser next has a moment. Asked once: every later tap into a field
  // calls it too, and schedules nothing.
  const signInAsked = useRef(false);
  const startSignIn = useCallback(() => {
    if (signInAsked.current) return;
    signInAsked.current = true;
    whenIdle(() => setSignInWanted(true), timings.backgroundStartMaxMs);
  }, []);

  useEffect(() => {
    if (stored === null) return;
    return whenIdle(() => setSignInWanted(true), timings.backgroundStartMaxMs);
  }, [stored]);

  useEffect(() => {
    if (!signInWanted) return;
    let started = false;
    let storedUid = stored?.user_id;
    return watchUserId(
      (signedInUid) => {
        // Background news for every screen: rendered in slices, never holding up a tap.
        startTransition(() => setUid(signedInUid));
        if (!started) {
          // A first visit signs in anonymously in the background while the profile form is
          // filled in; its save waits for the sign-in.
          started = true;
          if (signedInUid === null) {
            ensureSignedIn().catch((error: unknown) =>
              console.warn('Anonymous sign-in failed; it is retried when needed.', error),
            );
          }
        }
        if (signedInUid === null || stored === null) return;
        startTransition(() => setUserState((current) => (current ? { ...current, user_id: signedInUid } : current)));
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
      // Auth's code could not be fetched (offline on a first visit): every read and save that
      // needs a sign-in tries again.
      (error) => console.warn('Auth could not be started; it is retried when needed.', error),
    );
  }, [signInWanted, stored]);

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

  const value = useMemo(() => ({ user, uid, saveProfile, setUser, startSignIn }), [user, uid, saveProfile, setUser, startSignIn]);

  return <UserContext.Provider value={value}>{children}</UserContext.Provider>;
}

export function useUser(): UserContextValue {
  const value = useContext(UserContext);
  if (!value) throw new Error('useUser() must be used inside <UserProvider>.');
  return value;
}
