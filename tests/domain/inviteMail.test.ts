// When an invite's e-mail is sent: once per request (each new mail_requested_at), never while
// another runner's fresh claim holds the request, and again once that claim is abandoned.

import { describe, expect, it } from 'vitest';
import {
  decideInviteMail,
  INVITE_MAIL_MAX_ATTEMPTS,
  isClaimAbandoned,
  MAIL_CLAIM_ABANDONED_AFTER_MS,
  retryDelayMs,
  type InviteMailState,
} from '../../domain/inviteMail';

const requested = 1_800_000_000_000;
const now = requested + 5_000;
const status = (state: InviteMailState, requestAt: number, at = requestAt + 1_000) => ({
  state,
  at,
  request_at: requestAt,
  attempts: state === 'sending' ? 0 : 1,
});

describe('decideInviteMail', () => {
  it('does nothing for an invite whose e-mail was never requested', () => {
    expect(decideInviteMail({}, now)).toEqual({ action: 'none' });
  });

  it('sends a request that has no status yet', () => {
    expect(decideInviteMail({ mail_requested_at: requested }, now)).toEqual({ action: 'send' });
  });

  it('does not send a request again once it was sent or failed', () => {
    for (const state of ['sent', 'failed'] as const) {
      expect(decideInviteMail({ mail_requested_at: requested, mail_status: status(state, requested) }, now)).toEqual({
        action: 'none',
      });
    }
  });

  it('sends a later request (Retry, or Send invite again) whatever the earlier one came to', () => {
    for (const state of ['sending', 'sent', 'failed'] as const) {
      expect(decideInviteMail({ mail_requested_at: requested, mail_status: status(state, requested - 60_000) }, now)).toEqual({
        action: 'send',
      });
    }
  });

  it('waits while another runner’s claim on the same request is fresh, until it would be abandoned', () => {
    const claimedAt = requested + 1_000;
    expect(decideInviteMail({ mail_requested_at: requested, mail_status: status('sending', requested, claimedAt) }, now)).toEqual(
      {
        action: 'wait',
        until: claimedAt + MAIL_CLAIM_ABANDONED_AFTER_MS + 1,
      },
    );
  });

  it('sends a request whose claim is older than 2 minutes (its runner died mid-send)', () => {
    const claimedAt = requested + 1_000;
    const later = claimedAt + MAIL_CLAIM_ABANDONED_AFTER_MS + 1;
    expect(
      decideInviteMail({ mail_requested_at: requested, mail_status: status('sending', requested, claimedAt) }, later),
    ).toEqual({
      action: 'send',
    });
  });

  it('tells requests apart below the millisecond (Firestore keeps microseconds)', () => {
    expect(decideInviteMail({ mail_requested_at: requested + 0.001, mail_status: status('sent', requested) }, now)).toEqual({
      action: 'send',
    });
  });

  it('leaves a status that served a newer request than the invite shows alone', () => {
    expect(decideInviteMail({ mail_requested_at: requested, mail_status: status('sending', requested + 1) }, now)).toEqual({
      action: 'none',
    });
  });
});

describe('isClaimAbandoned', () => {
  it('holds a claim for 2 minutes and gives it up after', () => {
    expect(isClaimAbandoned(requested, requested + MAIL_CLAIM_ABANDONED_AFTER_MS)).toBe(false);
    expect(isClaimAbandoned(requested, requested + MAIL_CLAIM_ABANDONED_AFTER_MS + 1)).toBe(true);
    expect(MAIL_CLAIM_ABANDONED_AFTER_MS).toBe(120_000);
  });
});

describe('retryDelayMs', () => {
  it('backs off between the 3 attempts', () => {
    expect(INVITE_MAIL_MAX_ATTEMPTS).toBe(3);
    expect(retryDelayMs(1)).toBe(1_000);
    expect(retryDelayMs(2)).toBe(3_000);
    expect(retryDelayMs(1)).toBeLessThan(retryDelayMs(2));
  });
});
