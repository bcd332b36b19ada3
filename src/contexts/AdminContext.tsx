// The admin state (the spec's sections 4 and 8): whether an admin is signed in ('loading' while
// the kept sign-in is being resolved), sign-in and sign-out, and, while an admin is signed in,
// every presenter followed live (the /invite list and the control screen's dropdown share it).
//
// The sign-in form needs none of Firebase to show and be typed into: Auth's code is fetched when
// the form is submitted, or at the browser's first idle moment to find a sign-in this browser
// kept without its mark (at once with the mark, where the screen waits for it); the full Firestore
// SDK only once an admin is signed in (docs/performance.md).

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { timings } from '../config/constants';
import { followLater } from '../db/deferred';
import { readAdminSession, writeAdminSession } from '../lib/browserStorage';
import { whenIdle } from '../lib/whenIdle';
import type { Presenter } from '../types/presenter';

export type AdminStatus = 'loading' | 'signedOut' | 'admin';

export interface AdminContextValue {
  status: AdminStatus;
  /** The signed-in admin's e-mail. */
  email: string | null;
  /** Resolves true when signed in as an admin; false for wrong credentials or a non-admin account. Throws on other failures. */
  signIn: (email: string, password: string) => Promise<boolean>;
  signOut: () => Promise<void>;
  /** Every presenter, followed live while an admin is signed in; null while loading. */
  presenters: Presenter[] | null;
  presentersError: Error | null;
}

const AdminContext = createContext<AdminContextValue | null>(null);

/** `onSignInStart`: called as a sign-in starts, before Auth answers. */
export function AdminProvider({ children, onSignInStart }: { children: ReactNode; onSignInStart?: () => void }) {
  const signInStart = useRef(onSignInStart);
  useEffect(() => {
    signInStart.current = onSignInStart;
  }, [onSignInStart]);
  // Without an admin's sign-in kept in this browser, the sign-in form shows at once instead of
  // waiting for Auth to start (and a build-time first screen, rendered outside a browser, is it).
  const [status, setStatus] = useState<AdminStatus>(() =>
    typeof window !== 'undefined' && readAdminSession(window.localStorage) ? 'loading' : 'signedOut',
  );
  const [email, setEmail] = useState<string | null>(null);
  const [presenters, setPresenters] = useState<Presenter[] | null>(null);
  const [presentersError, setPresentersError] = useState<Error | null>(null);

  useEffect(() => {
    let stop = () => {};
    const follow = () => {
      stop = followLater(
        () => import('../db/adminAuth'),
        ({ watchAdminIdentity }) =>
          watchAdminIdentity((identity) => {
            // A signed-in account without the claim is not an admin: signIn() signs it out again.
            setStatus(identity?.isAdmin ? 'admin' : 'signedOut');
            writeAdminSession(window.localStorage, identity?.isAdmin === true);
            setEmail(identity?.isAdmin ? identity.email : null);
          }),
        // Offline on a first visit: nobody can sign in until the code is in (it is tried again).
        () => setStatus((current) => (current === 'loading' ? 'signedOut' : current)),
      );
    };
    if (readAdminSession(window.localStorage)) {
      follow();
      return () => stop();
    }
    const cancel = whenIdle(follow, timings.backgroundStartMaxMs);
    return () => {
      cancel();
      stop();
    };
  }, []);

  useEffect(() => {
    if (status !== 'admin') return;
    const stop = followLater(
      () => import('../db/presenters'),
      ({ watchPresenters }) =>
        watchPresenters(
          (list) => {
            setPresenters(list);
            setPresentersError(null);
          },
          (error) => setPresentersError(error),
        ),
      (error) => setPresentersError(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      stop();
      setPresenters(null);
      setPresentersError(null);
    };
  }, [status]);

  const signIn = useCallback(async (address: string, password: string) => {
    signInStart.current?.();
    const { signInAdmin } = await import('../db/adminAuth');
    const isAdmin = await signInAdmin(address, password);
    if (isAdmin) {
      setStatus('admin');
      writeAdminSession(window.localStorage, true);
    }
    return isAdmin;
  }, []);

  const signOut = useCallback(async () => (await import('../db/adminAuth')).signOutAdmin(), []);

  const value = useMemo(
    () => ({ status, email, signIn, signOut, presenters, presentersError }),
    [status, email, signIn, signOut, presenters, presentersError],
  );
  return <AdminContext.Provider value={value}>{children}</AdminContext.Provider>;
}

export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error('useAdmin() must be used inside <AdminProvider>.');
  return value;
}
