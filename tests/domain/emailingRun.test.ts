// When the result e-mails reaction runs for an event (while `is_emailing` is raised, unless
// another runner's claim is still fresh; an abandoned claim is taken over), how long it pauses
// between attempts, and to whom it writes: every presenter of the final matches with their
// providers, every matched provider with their presenters, never the innovation office.

import { describe, expect, it } from 'vitest';
import type { FinalMatchDocument, PresenterDetails, ProviderDetails } from '../../domain/documents';
import {
  decideEmailingRun,
  EMAILING_CLAIM_ABANDONED_AFTER_MS,
  emailingRetryDelayMs,
  recipientKey,
  resultRecipients,
} from '../../domain/emailingRun';
import { FALLBACK_PROVIDER_ID } from '../../domain/matching';

const NOW = Date.parse('2026-11-23T12:00:00Z');

describe('decideEmailingRun', () => {
  it('runs when is_emailing is raised and e-mailing never ran', () => {
    expect(decideEmailingRun({ is_emailing: true }, NOW)).toEqual({ action: 'run' });
  });

  it('does nothing while is_emailing is not raised, whatever the status says', () => {
    expect(decideEmailingRun({}, NOW)).toEqual({ action: 'none' });
    expect(decideEmailingRun({ is_emailing: false, emailing_status: { state: 'running', at: NOW - 60_000 } }, NOW)).toEqual({
      action: 'none',
    });
  });

  it('runs again when is_emailing is raised after a run that ended, done or failed', () => {
    for (const state of ['done', 'failed'] as const) {
      expect(decideEmailingRun({ is_emailing: true, emailing_status: { state, at: NOW - 1_000 } }, NOW)).toEqual({
        action: 'run',
      });
    }
  });

  it("waits while another runner's claim is fresh, until the moment it counts as abandoned", () => {
    const at = NOW - 60_000;
    expect(decideEmailingRun({ is_emailing: true, emailing_status: { state: 'running', at } }, NOW)).toEqual({
      action: 'wait',
      until: at + EMAILING_CLAIM_ABANDONED_AFTER_MS + 1,
    });
  });

  it('takes over a claim older than 10 minutes, and not one of exactly 10 minutes', () => {
    const tenMinutes = 10 * 60_000;
    const exactly = { is_emailing: true, emailing_status: { state: 'running' as const, at: NOW - tenMinutes } };
    const older = { is_emailing: true, emailing_status: { state: 'running' as const, at: NOW - tenMinutes - 1 } };
    expect(decideEmailingRun(exactly, NOW)).toEqual({ action: 'wait', until: NOW + 1 });
    expect(decideEmailingRun(older, NOW)).toEqual({ action: 'run' });
  });

  it('takes over a claim without a readable time rather than blocking the event for ever', () => {
    expect(decideEmailingRun({ is_emailing: true, emailing_status: { state: 'running' } }, NOW)).toEqual({ action: 'run' });
  });
});

describe('emailingRetryDelayMs', () => {
  it('pauses 1 s after the first failed attempt and 3 s after the second', () => {
    expect([1, 2].map(emailingRetryDelayMs)).toEqual([1_000, 3_000]);
  });
});

const presenter = (first_name: string, email: string): PresenterDetails => ({
  first_name,
  last_name: 'Presenter',
  email,
  company: `${first_name} Labs`,
  linkedin_url: `https://www.linkedin.com/in/${first_name.toLowerCase()}`,
  profile_url: null,
});
const provider = (first_name: string, email: string): ProviderDetails => ({
  first_name,
  last_name: 'Provider',
  email,
  company: `${first_name} Capital`,
});
const OFFICE = provider('Innovation', 'innovation@example.edu');

function finalMatch(details: PresenterDetails, providers: [string, ProviderDetails][]): FinalMatchDocument {
  return {
    event_id: 'e1',
    presenter_id: `p-${details.first_name}`,
    presenter_details: details,
    matched_providers: providers.map(([provider_id, provider_details]) => ({ provider_id, provider_details })),
  };
}

describe('resultRecipients', () => {
  const ada = presenter('Ada', 'ada@example.com');
  const lin = presenter('Lin', 'lin@example.com');
  const sam = presenter('Sam', 'sam@example.com');
  const kim = provider('Kim', 'kim@example.com');
  const lee = provider('Lee', 'lee@example.com');

  it('writes to every presenter with their providers and to every matched provider with their presenters', () => {
    const recipients = resultRecipients([
      finalMatch(lin, [['prov-lee', lee]]),
      finalMatch(ada, [
        ['prov-kim', kim],
        ['prov-lee', lee],
      ]),
    ]);

    expect(recipients).toEqual([
      { role: 'presenter', email: ada.email, first_name: 'Ada', last_name: 'Presenter', providers: [kim, lee], meets: true },
      { role: 'presenter', email: lin.email, first_name: 'Lin', last_name: 'Presenter', providers: [lee], meets: true },
      { role: 'provider', email: kim.email, first_name: 'Kim', last_name: 'Provider', presenters: [ada] },
      { role: 'provider', email: lee.email, first_name: 'Lee', last_name: 'Provider', presenters: [lin, ada] },
    ]);
  });

  it("lists the innovation office as a presenter's contact but never writes to it", () => {
    const recipients = resultRecipients([finalMatch(sam, [[FALLBACK_PROVIDER_ID, OFFICE]])]);

    expect(recipients).toEqual([
      { role: 'presenter', email: sam.email, first_name: 'Sam', last_name: 'Presenter', providers: [OFFICE], meets: false },
    ]);
  });

  it('leaves out people without an address, and writes once to an address listed twice in any case', () => {
    const shouting = provider('Kim', ' KIM@example.com ');
    const recipients = resultRecipients([
      finalMatch(presenter('Noa', ''), [['prov-kim', kim]]),
      finalMatch(ada, [
        ['prov-kim-again', shouting],
        ['prov-nobody', provider('Nobody', '')],
      ]),
    ]);

    expect(recipients.map((recipient) => [recipient.role, recipient.email])).toEqual([
      ['presenter', ada.email],
      ['provider', kim.email],
    ]);
    expect(recipients[1]).toMatchObject({ presenters: [presenter('Noa', ''), ada] });
  });

  it('keys a recipient by role and address, whatever its case or spaces', () => {
    expect(recipientKey({ role: 'provider', email: ' Kim@Example.com' })).toBe('provider:kim@example.com');
    expect(recipientKey({ role: 'presenter', email: 'kim@example.com' })).not.toBe(
      recipientKey({ role: 'provider', email: 'kim@example.com' }),
    );
  });
});
