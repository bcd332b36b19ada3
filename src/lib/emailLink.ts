// What the page needs about an e-mail sign-in link before anything is fetched: whether its address
// carries one, and why a link did not sign in. The sign-in itself (Auth, the full Firestore SDK)
// is in src/db/emailLink.ts, fetched when the visitor submits their address, so the pages that
// accept a link (/results, /feedback) start without it.

/** Whether the page's query (`location.search`) carries an e-mail sign-in link, read without starting Auth. */
export function hasEmailSignInLink(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.get('mode') === 'signIn' && params.has('oobCode');
}

/** Why a link did not sign in. */
export type EmailLinkFailure = 'used-or-expired' | 'wrong-address' | 'failed';

export class EmailLinkError extends Error {
  constructor(
    readonly reason: EmailLinkFailure,
    options?: ErrorOptions,
  ) {
    super(`The e-mail link did not sign in: ${reason}.`, options);
  }
}
