// The admin state (the spec's sections 4 and 8): whether an admin is signed in ('loading' while
// the kept sign-in is being resolved), sign-in and sign-out, and, while an admin is signed in,
// every presenter followed live (the /invite list and the control screen's dropdown share it).

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { signInAdmin, signOutAdmin, watchAdminIdentity } from '../db/adminAuth';
import { watchPresenters } from '../db/presenters';
import { readAdminSession, writeAdminSession } from '../lib/browserStorage';
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

export function AdminProvider({ children }: { children: ReactNode }) {
  // Without an admin's sign-in kept in this browser, the sign-in form shows at once instead of
  // waiting for Auth to start (and a build-time first screen, rendered outside a browser, is it).
  const [status, setStatus] = useState<AdminStatus>(() =>
    typeof window !== 'undefined' && readAdminSession(window.localStorage) ? 'loading' : 'signedOut',
  );
  const [email, setEmail] = useState<string | null>(null);
  const [presenters, setPresenters] = useState<Presenter[] | null>(null);
  const [presentersError, setPresentersError] = useState<Error | null>(null);

  useEffect(
    () =>
      watchAdminIdentity((identity) => {
        // A signed-in account without the claim is not an admin: signIn() signs it out again.
        setStatus(identity?.isAdmin ? 'admin' : 'signedOut');
        writeAdminSession(window.localStorage, identity?.isAdmin === true);
        setEmail(identity?.isAdmin ? identity.email : null);
      }),
    [],
  );

  useEffect(() => {
    if (status !== 'admin') return;
    const stop = watchPresenters(
      (list) => {
        setPresenters(list);
        setPresentersError(null);
      },
      (error) => setPresentersError(error),
    );
    return () => {
      stop();
      setPresenters(null);
      setPresentersError(null);
    };
  }, [status]);

  const signIn = useCallback(async (address: string, password: string) => {
    const isAdmin = await signInAdmin(address, password);
    if (isAdmin) {
      setStatus('admin');
      writeAdminSession(window.localStorage, true);
    }
    return isAdmin;
  }, []);

  const signOut = useCallback(() => signOutAdmin(), []);

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
