// The invite e-mail reaction (presenter onboarding): when an admin presses 'Send invite'
// or 'Retry' (a new `mail_requested_at`), mail the invite's signup link once for that request and
// record the outcome on the invite. Triggers arrive at least once and two runners may see one
// request, so the request is claimed in a transaction ('sending') before anything is sent; the
// decisions are the domain's (domain/inviteMail.ts). The invite trigger runs this,
// deployed or in the local Functions emulator.

import { FieldValue, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import {
  decideInviteMail,
  INVITE_MAIL_MAX_ATTEMPTS,
  retryDelayMs,
  type InviteMailDecision,
  type InviteMailFields,
  type InviteMailStatus,
} from '../../../domain/inviteMail.js';
import type { MailMessage, Mailer } from '../mail/transport.js';

/** What became of one run: sent or failed for `email`, or nothing to send. */
export type InviteMailOutcome =
  | { state: 'sent'; email: string; attempts: number; messageId: string }
  | { state: 'failed'; email: string; attempts: number; reason: string }
  | { state: 'skipped' };

/** The longest failure reason kept on the invite. */
const REASON_MAX_LENGTH = 500;

const millis = (time: unknown): number | undefined =>
  time instanceof Timestamp ? time.seconds * 1000 + time.nanoseconds / 1e6 : undefined;

/** The invite's mail fields with times in milliseconds, as the domain decides with them. */
function mailFields(data: DocumentData | undefined): InviteMailFields<number> {
  const status = data?.mail_status as InviteMailStatus | undefined;
  const at = millis(status?.at);
  const requestAt = millis(status?.request_at);
  return {
    mail_requested_at: millis(data?.mail_requested_at),
    mail_status: status && at !== undefined && requestAt !== undefined ? { ...status, at, request_at: requestAt } : undefined,
  };
}

/** Whether the invite, as written, needs a send by `now` (ms) or a look again later. */
export function inviteMailDecision(data: DocumentData | undefined, now: number = Date.now()): InviteMailDecision {
  return decideInviteMail(mailFields(data), now);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const reasonOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, REASON_MAX_LENGTH) || 'Unknown error';

/**
 * Sends the invite's e-mail for its latest request when that request needs it, with up to 3
 * attempts, and records 'sent' (with the Message-ID) or 'failed' (with the reason) on the invite.
 * Throws only when Firestore does (the claim or the record cannot be written).
 */
export async function sendInviteMail(firestore: Firestore, inviteId: string, mailer: Mailer): Promise<InviteMailOutcome> {
  const ref = firestore.collection('invites').doc(inviteId);

  const claim = await firestore.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    const data = snapshot.data();
    // The server's read time is "now": a claim's age is measured on the clock that stamped it.
    if (!data || inviteMailDecision(data, snapshot.readTime.toMillis()).action !== 'send') return undefined;
    const requestAt = data.mail_requested_at as Timestamp;
    transaction.update(ref, {
      mail_status: { state: 'sending', at: FieldValue.serverTimestamp(), request_at: requestAt, attempts: 0 },
    });
    return { requestAt, email: String(data.email ?? ''), signupUrl: String(data.signup_url ?? '') };
  });
  if (!claim) return { state: 'skipped' };

  // Loaded when a mail is sent: the invite's own writes trigger this module too and send nothing.
  const { renderInviteMail } = await import('../mail/inviteMail.js');
  // A mail that cannot even be rendered is a failure to record, not a claim to leave behind.
  const result: SendResult = await renderInviteMail({ organisation: mailer.organisation, signupUrl: claim.signupUrl }).then(
    (mail) => sendWithRetries(mailer, { to: claim.email, ...mail }),
    (error: unknown) => ({ state: 'failed', attempts: 0, reason: reasonOf(error) }),
  );

  await firestore.runTransaction(async (transaction) => {
    const data = (await transaction.get(ref)).data();
    const status = data?.mail_status as InviteMailStatus | undefined;
    // Record only over our own claim: the invite may be gone (the presenter signed up) or a newer
    // request may have been claimed by another runner meanwhile.
    const ours =
      status?.state === 'sending' && status.request_at instanceof Timestamp && status.request_at.isEqual(claim.requestAt);
    if (!ours) return;
    transaction.update(ref, {
      mail_status: {
        state: result.state,
        at: FieldValue.serverTimestamp(),
        request_at: claim.requestAt,
        attempts: result.attempts,
        ...(result.state === 'sent' ? { message_id: result.messageId } : { reason: result.reason }),
      },
    });
  });
  return { ...result, email: claim.email };
}

type SendResult = { state: 'sent'; attempts: number; messageId: string } | { state: 'failed'; attempts: number; reason: string };

async function sendWithRetries(mailer: Mailer, message: MailMessage): Promise<SendResult> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return { state: 'sent', attempts: attempt, messageId: await mailer.sendMail(message) };
    } catch (error) {
      if (attempt >= INVITE_MAIL_MAX_ATTEMPTS) return { state: 'failed', attempts: attempt, reason: reasonOf(error) };
      await sleep(retryDelayMs(attempt));
    }
  }
}
