// When an invite's e-mail is sent (presenter onboarding: 'Send invite' e-mails the
// signup link, idempotently per request). The admin client sets `mail_requested_at`; each new
// value is a new request. The server claims a request ('sending') before it sends, so two
// runners never both send, and records what came of it. The Cloud Function and the local worker
// both decide with this. Times are milliseconds since the epoch (fractions keep a Timestamp's
// microseconds, so the same Timestamp always compares equal to itself).

/** How a send stands, as `invites/{id}.mail_status.state` holds it. */
export type InviteMailState = 'sending' | 'sent' | 'failed';

/** invites/{id}.mail_status: written by the server only, never by clients. */
export interface InviteMailStatus<Time = unknown> {
  state: InviteMailState;
  /** When it entered this state. */
  at: Time;
  /** The `mail_requested_at` it served. */
  request_at: Time;
  /** SMTP attempts made so far (0 while the claim is fresh). */
  attempts: number;
  /** The SMTP server's message id, when sent. */
  message_id?: string;
  /** Why the last attempt failed, when failed. */
  reason?: string;
}

/** The invite's fields that decide whether it needs a send. */
export interface InviteMailFields<Time = unknown> {
  mail_requested_at?: Time;
  mail_status?: InviteMailStatus<Time>;
}

/** A claim ('sending') older than this counts as abandoned: its runner died mid-send. */
export const MAIL_CLAIM_ABANDONED_AFTER_MS = 2 * 60_000;

/** At most this many SMTP attempts per request, with these pauses between them. */
export const INVITE_MAIL_MAX_ATTEMPTS = 3;
export const INVITE_MAIL_RETRY_DELAYS_MS: readonly number[] = [1_000, 3_000];

/**
 * What to do about an invite now: send its latest request; wait, when another runner's claim on
 * it still counts (until `until`, when it becomes abandoned); or nothing.
 */
export type InviteMailDecision = { action: 'send' } | { action: 'wait'; until: number } | { action: 'none' };

/** Whether a claim made at `claimedAt` has been given up on by `now`. */
export function isClaimAbandoned(claimedAt: number, now: number): boolean {
  return now - claimedAt > MAIL_CLAIM_ABANDONED_AFTER_MS;
}

/**
 * Sends for a request only when no status exists or the status served an older request; a
 * 'sending' claim on the same request holds it until it is abandoned.
 */
export function decideInviteMail(invite: InviteMailFields<number>, now: number): InviteMailDecision {
  const requestedAt = invite.mail_requested_at;
  if (requestedAt === undefined) return { action: 'none' };
  const status = invite.mail_status;
  if (!status || status.request_at < requestedAt) return { action: 'send' };
  if (status.request_at > requestedAt || status.state !== 'sending') return { action: 'none' };
  if (isClaimAbandoned(status.at, now)) return { action: 'send' };
  return { action: 'wait', until: status.at + MAIL_CLAIM_ABANDONED_AFTER_MS + 1 };
}

/** The pause before attempt `attempt + 1` (attempts count from 1). */
export function retryDelayMs(attempt: number): number {
  return INVITE_MAIL_RETRY_DELAYS_MS[Math.min(attempt, INVITE_MAIL_RETRY_DELAYS_MS.length) - 1] ?? 0;
}
