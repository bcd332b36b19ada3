// When the result e-mails reaction runs for an event, and to whom it writes (DECISIONS.md, "Result
// e-mails"): Send Emails raises `is_emailing`; a runner claims the run ('running' in
// `emailing_status`) before it sends anything, so two runners never both send one request, and
// lowers the flag when done or failed. A claim whose runner died is given up on after a while.
// The recipients come from the event's final matches: every presenter, with the providers matched
// to them (the innovation office's fallback included: it is their contact), and every provider
// matched to a presenter, with those presenters; the fallback contact itself gets no mail. The
// Cloud Function and the local worker both decide with this. Times are milliseconds since the epoch.

import type { EventDocument, FinalMatchDocument, PresenterDetails, ProviderDetails, ReactionStatus } from './documents.js';
import { FALLBACK_PROVIDER_ID } from './matching.js';

/** events/{id}.emailing_status: a reaction status with the run's own times and claim. */
export interface EmailingStatus<Time = unknown> extends ReactionStatus<Time> {
  /** When the run was claimed. */
  started_at?: Time;
  /** When it ended, done or failed. */
  finished_at?: Time;
  /** The claim's owner while 'running': only that runner records the outcome. */
  run_id?: string;
}

/** What a run ended with, as `emailing_status.counts` holds it: every recipient, not only this run's sends. */
export type EmailingCounts = {
  /** Recipients whose mail has been sent, by this run or an earlier one. */
  sent: number;
  /** Recipients whose mail failed in this run after every attempt. */
  failed: number;
  /** Recipients of the event's result mails. */
  total: number;
  /** Named in the final matches but not mailed: never rated, or left out in the review (domain/resultMailGuard.ts). */
  left_out?: number;
  /** Due, but appeared after the admin's review: reported, not mailed. */
  not_reviewed?: number;
};

/** The event's fields that decide whether e-mailing is due. */
export type EmailingRunFields<Time = unknown> = Partial<Pick<EventDocument<Time>, 'is_emailing'>> & {
  emailing_status?: Pick<ReactionStatus<Time>, 'state'> & { at?: Time };
};

/**
 * A 'running' claim older than this counts as abandoned: the Cloud Function is stopped after 5
 * minutes, so a claim this old has no runner left.
 */
export const EMAILING_CLAIM_ABANDONED_AFTER_MS = 10 * 60_000;

/** Attempts per recipient and run before its mail counts as failed. */
export const EMAILING_MAX_ATTEMPTS = 3;
/** The pauses after the first and second failed attempt: a busy server gets time to recover. */
export const EMAILING_RETRY_DELAYS_MS: readonly number[] = [1_000, 3_000];

/** The pause after failed attempt `attempt` (from 1). */
export function emailingRetryDelayMs(attempt: number): number {
  return EMAILING_RETRY_DELAYS_MS[Math.min(attempt, EMAILING_RETRY_DELAYS_MS.length) - 1] ?? 0;
}

/** Run the e-mailing now; wait while another runner's claim counts (until `until`); or nothing. */
export type EmailingRunDecision = { action: 'run' } | { action: 'wait'; until: number } | { action: 'none' };

/**
 * Runs while `is_emailing` is raised, unless a claim younger than the abandonment limit holds
 * it. A claim without a readable time cannot be aged, so it counts as abandoned rather than
 * blocking the event for ever.
 */
export function decideEmailingRun(event: EmailingRunFields<number>, now: number): EmailingRunDecision {
  if (event.is_emailing !== true) return { action: 'none' };
  const status = event.emailing_status;
  if (status?.state !== 'running' || status.at === undefined) return { action: 'run' };
  const until = status.at + EMAILING_CLAIM_ABANDONED_AFTER_MS + 1;
  return now < until ? { action: 'wait', until } : { action: 'run' };
}

/** A presenter's result mail: the providers matched to them. */
export interface PresenterRecipient {
  role: 'presenter';
  email: string;
  first_name: string;
  last_name: string;
  providers: ProviderDetails[];
  /** Whether a match is a provider they may meet after matching (not the fallback contact). */
  meets: boolean;
}

/** A provider's result mail: the presenters they were matched to. */
export interface ProviderRecipient {
  role: 'provider';
  email: string;
  first_name: string;
  last_name: string;
  presenters: PresenterDetails[];
}

export type ResultRecipient = PresenterRecipient | ProviderRecipient;

/** One recipient per role and address (case does not make another mailbox): the key of its send record. */
export function recipientKey(recipient: Pick<ResultRecipient, 'role' | 'email'>): string {
  return `${recipient.role}:${normalisedEmail(recipient.email)}`;
}

const normalisedEmail = (email: string): string => email.trim().toLowerCase();

/**
 * The event's result mails, one per recipient, in a stable order (presenters, then providers,
 * each by address). A person without an address cannot be mailed and is left out; someone listed
 * under two documents (one address) gets one mail listing all of their matches.
 */
export function resultRecipients(matches: readonly FinalMatchDocument[]): ResultRecipient[] {
  const presenters = new Map<string, PresenterRecipient>();
  const providers = new Map<string, ProviderRecipient>();
  for (const match of matches) {
    const presenter = match.presenter_details;
    const presenterEmail = normalisedEmail(presenter.email);
    if (presenterEmail) {
      const recipient = presenters.get(presenterEmail) ?? {
        role: 'presenter',
        email: presenter.email.trim(),
        first_name: presenter.first_name,
        last_name: presenter.last_name,
        providers: [],
        meets: false,
      };
      recipient.providers.push(...match.matched_providers.map((matched) => matched.provider_details));
      recipient.meets ||= match.matched_providers.some((matched) => matched.provider_id !== FALLBACK_PROVIDER_ID);
      presenters.set(presenterEmail, recipient);
    }
    for (const matched of match.matched_providers) {
      const provider = matched.provider_details;
      const providerEmail = normalisedEmail(provider.email);
      if (matched.provider_id === FALLBACK_PROVIDER_ID || !providerEmail) continue;
      const recipient = providers.get(providerEmail) ?? {
        role: 'provider',
        email: provider.email.trim(),
        first_name: provider.first_name,
        last_name: provider.last_name,
        presenters: [],
      };
      recipient.presenters.push(presenter);
      providers.set(providerEmail, recipient);
    }
  }
  const byAddress = (a: [string, unknown], b: [string, unknown]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  return [
    ...[...presenters].sort(byAddress).map(([, recipient]) => recipient),
    ...[...providers].sort(byAddress).map(([, recipient]) => recipient),
  ];
}
