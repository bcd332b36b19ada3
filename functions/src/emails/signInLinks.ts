// The sign-in links in the result e-mails (docs/email.md, "Sign-in links"): presenters and providers
// are anonymous users, so what is theirs opens only on the browser that holds the account. The
// account (uid = the presenter's or provider's document id) is bound to the address the mail goes
// to, created for a presenter an admin added without an invite, and the mail carries a Firebase
// e-mail link that signs whoever opens it, on any device, into that account and lands on the page.

import type { Auth } from 'firebase-admin/auth';

const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : '';

/**
 * Binds account `uid` to `email` (creating the account when there is none) and returns an e-mail
 * sign-in link to `continueUrl`; null when the address already belongs to another account or the
 * account holds another address: the link would open someone else's, so the mail keeps the plain
 * address of the page.
 */
export async function resultSignInLink(auth: Auth, uid: string, email: string, continueUrl: string): Promise<string | null> {
  const address = email.trim().toLowerCase();
  try {
    const user = await auth.getUser(uid).catch((error: unknown) => {
      if (codeOf(error) === 'auth/user-not-found') return null;
      throw error;
    });
    if (!user) await auth.createUser({ uid, email: address });
    else if (!user.email) await auth.updateUser(uid, { email: address });
    else if (user.email.toLowerCase() !== address) return null;
  } catch (error) {
    if (codeOf(error) === 'auth/email-already-exists') return null;
    throw error;
  }
  return auth.generateSignInWithEmailLink(address, { url: continueUrl, handleCodeInApp: true });
}
