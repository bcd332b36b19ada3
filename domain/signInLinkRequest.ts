// A fresh sign-in link for someone whose result e-mail's link was used or expired (docs/email.md,
// "Sign-in links"): the page asks the server for one (sign_in_link_requests/{id}), and the server
// mails it only to an address it bound to an account, at most once a minute per address, so the
// request cannot make the office's mail server write to strangers or flood anyone.

/** sign_in_link_requests/{id}: written by a signed-in visitor; `state` and after by the server only. */
export interface SignInLinkRequestDocument<Time = unknown> {
  email: string;
  /** The page the link lands on: /results or /feedback/{eventId}. */
  page: string;
  requested_at: Time;
  /**
   * 'sent'; 'throttled' (a link went to the address less than a minute before); 'no-account' (no
   * account holds the address: nothing is sent); 'failed' with the reason.
   */
  state?: 'sending' | 'sent' | 'throttled' | 'no-account' | 'failed';
  reason?: string;
}

/** The least time between two fresh links to one address. */
export const FRESH_LINK_INTERVAL_MS = 60_000;

/** The pages a link may land on (firestore.rules checks the same pattern). */
export const SIGN_IN_LINK_PAGE = /^\/(results|feedback\/[^/?#]{1,200})$/;

/** Whether a fresh link to an address last sent one at `lastSentAt` (ms) may go at `now`. */
export function freshLinkAllowed(lastSentAt: number | undefined, now: number): boolean {
  return lastSentAt === undefined || now - lastSentAt >= FRESH_LINK_INTERVAL_MS;
}
