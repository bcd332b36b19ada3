// Sign-in through the link in a result e-mail (docs/email.md, "Sign-in links"): the server bound the
// presenter's or provider's account to the address and mailed a Firebase e-mail link to their page;
// opened on any device, it signs that account in, so the page reads what is theirs. As in
// Firebase's own flow, the address the link was sent to is asked for before it is used, so a
// forwarded or intercepted link alone opens nothing.

import { addDoc, collection, serverTimestamp } from 'firebase/firestore';
import { getAppAuth } from './auth';
import { db } from './firebase';
import { errorCode } from './errorCode';
import { ensureSignedIn } from './session';
import { EmailLinkError } from '../lib/emailLink';

/** Signs in with the link in `href` for `email`; resolves the account's uid. Throws EmailLinkError. */
export async function signInWithResultLink(email: string, href: string): Promise<string> {
  const auth = await getAppAuth();
  const { isSignInWithEmailLink, signInWithEmailLink } = await import('firebase/auth');
  if (!isSignInWithEmailLink(auth, href)) throw new EmailLinkError('used-or-expired');
  try {
    return (await signInWithEmailLink(auth, email.trim(), href)).user.uid;
  } catch (error) {
    const code = errorCode(error);
    if (code === 'auth/invalid-action-code' || code === 'auth/expired-action-code')
      throw new EmailLinkError('used-or-expired', { cause: error });
    if (code === 'auth/invalid-email') throw new EmailLinkError('wrong-address', { cause: error });
    throw new EmailLinkError('failed', { cause: error });
  }
}

/**
 * Asks the server for a fresh link to `page` for `email` (a used or expired one): it is mailed
 * only if the address received results, at most once a minute. Throws when the request is refused.
 */
export async function requestFreshSignInLink(email: string, page: string): Promise<void> {
  await ensureSignedIn();
  await addDoc(collection(db, 'sign_in_link_requests'), { email: email.trim(), page, requested_at: serverTimestamp() });
}
