// Who may receive an event's result e-mails (docs/decisions.md, "Result e-mails: who gets what"):
// a provider profile is an anonymous account with any address typed in, so the final matches alone
// cannot say whether an address belongs to someone who took part. A provider's mail goes out only
// when a profile with that address rated a presenter of the event (read by the server from the
// stored answers); one mail per address however many profiles share it; and a run never writes to
// more addresses than the event saw raters plus presenters. The admin reviews the list before
// sending, and the run sends exactly the reviewed list: a recipient who appeared since is reported,
// not added. The review reaction and the e-mail run both decide with this.

import type { FinalMatchDocument, Rounds } from './documents.js';
import { FALLBACK_PROVIDER_ID } from './matching.js';
import { recipientKey, resultRecipients, type ResultRecipient } from './emailingRun.js';

/** One stored answer as the guard reads it. */
export interface StoredRating {
  provider_id: string;
  presenter_id: string;
  /** The stars or 1-5 rating; null for a written answer. */
  rating: number | null;
}

/** Someone the final matches name who gets no mail, and why (shown to the admin). */
export interface LeftOutRecipient {
  role: ResultRecipient['role'];
  email: string;
  first_name: string;
  last_name: string;
  reason: string;
}

export const LEFT_OUT_REASONS = {
  neverRated: 'No profile with this address rated a presenter of this event.',
  excluded: 'Left out by an admin in the review.',
  notReviewed: 'Not in the reviewed list: it appeared after the review.',
} as const;

export interface GuardedRecipients {
  /** The mails the event may send, in resultRecipients' order. */
  recipients: ResultRecipient[];
  leftOut: LeftOutRecipient[];
  /** Providers who rated a presenter of the event's rounds. */
  raters: number;
  /** Presenters in the event's rounds. */
  presenters: number;
  /** The most mails one run may send: raters plus presenters. */
  limit: number;
  /**
   * The account each recipient's sign-in link opens, by recipientKey: the presenter's document id,
   * or the first (by id) of the provider profiles under the address that rated.
   */
  accounts: Map<string, string>;
}

/** The presenter ids of the event's rounds as stored, read defensively (hand-made data may hold anything). */
export function roundPresenterIds(rounds: Partial<Rounds> | Record<string, unknown> | undefined): Set<string> {
  const ids = new Set<string>();
  for (const entries of Object.values(rounds ?? {})) {
    if (!Array.isArray(entries)) continue;
    for (const entry of entries as unknown[]) {
      const id = typeof entry === 'object' && entry !== null ? (entry as { presenter_id?: unknown }).presenter_id : undefined;
      if (typeof id === 'string' && id) ids.add(id);
    }
  }
  return ids;
}

/**
 * The event's result mails with the guard applied: every presenter of the final matches, and a
 * provider's address only when one of the profiles the matches list under it gave a rating to a
 * presenter of the event's rounds.
 */
export function guardResultRecipients(
  matches: readonly FinalMatchDocument[],
  ratings: readonly StoredRating[],
  presenterIds: ReadonlySet<string>,
): GuardedRecipients {
  const raters = new Set(
    ratings
      .filter((answer) => answer.rating !== null && presenterIds.has(answer.presenter_id))
      .map((answer) => answer.provider_id),
  );
  // Profiles per provider address: one that rated is enough for the address.
  const idsByKey = new Map<string, Set<string>>();
  for (const match of matches) {
    for (const matched of match.matched_providers) {
      if (matched.provider_id === FALLBACK_PROVIDER_ID) continue;
      const key = recipientKey({ role: 'provider', email: matched.provider_details.email });
      idsByKey.set(key, (idsByKey.get(key) ?? new Set()).add(matched.provider_id));
    }
  }
  const accounts = new Map<string, string>();
  for (const match of matches) {
    const key = recipientKey({ role: 'presenter', email: match.presenter_details.email });
    if (match.presenter_id && !accounts.has(key)) accounts.set(key, match.presenter_id);
  }
  const recipients: ResultRecipient[] = [];
  const leftOut: LeftOutRecipient[] = [];
  for (const recipient of resultRecipients(matches)) {
    if (recipient.role === 'presenter') {
      recipients.push(recipient);
      continue;
    }
    const rated = [...(idsByKey.get(recipientKey(recipient)) ?? [])].filter((id) => raters.has(id)).sort();
    if (rated[0] === undefined) {
      leftOut.push(leftOutOf(recipient, LEFT_OUT_REASONS.neverRated));
    } else {
      recipients.push(recipient);
      accounts.set(recipientKey(recipient), rated[0]);
    }
  }
  return {
    recipients,
    leftOut,
    raters: raters.size,
    presenters: presenterIds.size,
    limit: raters.size + presenterIds.size,
    accounts,
  };
}

export function leftOutOf(recipient: ResultRecipient, reason: string): LeftOutRecipient {
  const { role, email, first_name, last_name } = recipient;
  return { role, email, first_name, last_name, reason };
}

/** Why a run of `count` mails is refused, or null when it is within the event's limit. */
export function ceilingRefusal(
  count: number,
  guarded: Pick<GuardedRecipients, 'limit' | 'raters' | 'presenters'>,
): string | null {
  if (count <= guarded.limit) return null;
  return (
    `Not sent: ${count} e-mails are more than this event's limit of ${guarded.limit} ` +
    `(${guarded.raters} providers who rated + ${guarded.presenters} presenters). ` +
    'Check the final matches, or leave addresses out in the review.'
  );
}

/** What the admin confirmed: the review's recipients (role and address) and those left out of them. */
export interface ConfirmedReview {
  recipients: readonly Pick<ResultRecipient, 'role' | 'email'>[];
  excluded: readonly Pick<ResultRecipient, 'role' | 'email'>[];
}

export interface ReviewedRun {
  /** The mails to send: reviewed, not excluded, and still due. */
  send: ResultRecipient[];
  /** Due now but not in the review (an answer or a match arrived after it): reported, not sent. */
  notReviewed: LeftOutRecipient[];
  /** Left out by the admin. */
  excluded: LeftOutRecipient[];
}

/** The guarded recipients cut to what the admin reviewed and kept. */
export function applyReview(recipients: readonly ResultRecipient[], review: ConfirmedReview): ReviewedRun {
  const reviewed = new Set(review.recipients.map(recipientKey));
  const excludedKeys = new Set(review.excluded.map(recipientKey));
  const run: ReviewedRun = { send: [], notReviewed: [], excluded: [] };
  for (const recipient of recipients) {
    const key = recipientKey(recipient);
    if (!reviewed.has(key)) run.notReviewed.push(leftOutOf(recipient, LEFT_OUT_REASONS.notReviewed));
    else if (excludedKeys.has(key)) run.excluded.push(leftOutOf(recipient, LEFT_OUT_REASONS.excluded));
    else run.send.push(recipient);
  }
  return run;
}
