// The invites' pure logic (/invite, 'Invite Presenter'): the pasted list of e-mails read line by
// line into the addresses to invite and the problems to report (one per line or
// comma-separated; duplicates and invalid addresses reported line by line, valid ones still
// created), and what an invite's e-mail stands at (not requested, waiting, sending, sent, failed).

import { isValidEmail } from '../../domain/validation';
import { MAIL_CLAIM_ABANDONED_AFTER_MS } from '../../domain/inviteMail';

/** mail_status of invites/{id}, written by the server's mail reaction only. */
export interface InviteMailStatus {
  state: 'sending' | 'sent' | 'failed';
  /** When it entered this state; null while unknown. */
  at: Date | null;
  /** The mail_requested_at this status served. */
  requestAt: Date | null;
  attempts: number;
  messageId?: string;
  reason?: string;
}

/** A pending invite (invites/{id}) as the admin screens see it. */
export interface Invite {
  id: string;
  email: string;
  createdBy: string | null;
  /** Null for an invite stored without it (before invites carried it). */
  createdAt: Date | null;
  /** The absolute signup link (`{origin}/signup?c={id}`); '' when the invite was stored without it. */
  signupUrl: string;
  /** The admin's last 'Send invite' or 'Retry'; null when never asked. */
  mailRequestedAt: Date | null;
  mailStatus: InviteMailStatus | null;
}

/** What the admin entered, read entry by entry. */
export interface InviteList {
  /** The addresses to invite, trimmed, as typed, each once. */
  emails: string[];
  /** One sentence per refused entry, in the order of the text. */
  problems: string[];
}

/** Who already holds an address: a presenter's name. */
export interface ExistingPresenter {
  email: string;
  first_name: string;
  last_name: string;
}

/** A Firestore batch writes at most 500 documents, and the invites of one list go in one batch. */
export const MAX_INVITES_AT_ONCE = 500;

const sameAddress = (email: string) => email.trim().toLowerCase();

/**
 * Reads the text (one address, or many: one per line or separated by commas; blank entries
 * ignored) against the presenters and the pending invites, whose addresses are compared without
 * regard to case. A problem names its line ('Line 3: …') when the text has more than one line.
 * A list longer than one batch creates nothing.
 */
export function parseInviteList(
  text: string,
  presenters: readonly ExistingPresenter[],
  pending: readonly Pick<Invite, 'email'>[],
): InviteList {
  const presenterByEmail = new Map(presenters.map((presenter) => [sameAddress(presenter.email), presenter]));
  const pendingEmails = new Set(pending.map((invite) => sameAddress(invite.email)));
  const lines = text.split(/\r?\n/);
  const numbered = lines.filter((line) => line.trim() !== '').length > 1;
  const seen = new Set<string>();
  const emails: string[] = [];
  const problems: string[] = [];

  lines.forEach((line, index) => {
    const report = (sentence: string) => problems.push(numbered ? `Line ${index + 1}: ${sentence}` : sentence);
    for (const entry of line.split(',').map((part) => part.trim())) {
      if (entry === '') continue;
      const key = sameAddress(entry);
      const presenter = presenterByEmail.get(key);
      if (!isValidEmail(entry)) report(`"${entry}" is not a valid e-mail address.`);
      else if (seen.has(key)) report(`${entry} is listed twice.`);
      else if (presenter)
        report(`${entry} already belongs to a presenter (${`${presenter.first_name} ${presenter.last_name}`.trim()}).`);
      else if (pendingEmails.has(key)) report(`${numbered ? 'an' : 'An'} invite for ${entry} is already pending.`);
      else emails.push(entry);
      seen.add(key);
    }
  });
  if (emails.length > MAX_INVITES_AT_ONCE) {
    problems.push(`At most ${MAX_INVITES_AT_ONCE} invites can be created at once (this list has ${emails.length}).`);
    return { emails: [], problems };
  }
  return { emails, problems };
}

/** What the invite's e-mail stands at, for the pending list. */
export type InviteMailView =
  | { kind: 'notRequested' }
  /** Asked for; the server has not taken the request up yet. */
  | { kind: 'waiting' }
  | { kind: 'sending' }
  /** Asked for or claimed over MAIL_CLAIM_ABANDONED_AFTER_MS ago with no outcome: the admin may ask again. */
  | { kind: 'stalled' }
  | { kind: 'sent'; at: Date | null }
  | { kind: 'failed'; reason: string };

/**
 * The status that answers the latest request, if any: the server writes mail_status for the
 * mail_requested_at it served, so a status for an older request (before a Retry) is out of date.
 */
export function inviteMailView(invite: Pick<Invite, 'mailRequestedAt' | 'mailStatus'>, now: number = Date.now()): InviteMailView {
  const requested = invite.mailRequestedAt;
  const status = invite.mailStatus;
  if (requested === null) return { kind: 'notRequested' };
  const stalled = (since: Date | null) => since !== null && now - since.getTime() > MAIL_CLAIM_ABANDONED_AFTER_MS;
  if (status === null || status.requestAt === null || status.requestAt.getTime() < requested.getTime())
    return stalled(requested) ? { kind: 'stalled' } : { kind: 'waiting' };
  if (status.state === 'sent') return { kind: 'sent', at: status.at };
  if (status.state === 'failed') return { kind: 'failed', reason: status.reason ?? 'unknown error' };
  return stalled(status.at) ? { kind: 'stalled' } : { kind: 'sending' };
}
