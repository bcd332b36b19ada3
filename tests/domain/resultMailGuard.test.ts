// The result e-mails' guard as a pure decision (domain/resultMailGuard.ts): only ratings of the
// event's presenters make a provider's address due; the limit is raters plus presenters; the
// review's exclusions and late arrivals are kept apart from what is sent.

import { describe, expect, it } from 'vitest';
import type { FinalMatchDocument, ProviderDetails } from '../../domain/documents';
import { resultRecipients } from '../../domain/emailingRun';
import {
  applyReview,
  ceilingRefusal,
  guardResultRecipients,
  LEFT_OUT_REASONS,
  roundPresenterIds,
} from '../../domain/resultMailGuard';

const provider = (first_name: string, email = `${first_name.toLowerCase()}@example.com`): ProviderDetails => ({
  first_name,
  last_name: 'Doe',
  email,
  company: 'Co',
});

const match = (presenterId: string, providers: [string, ProviderDetails][]): FinalMatchDocument => ({
  event_id: 'ev',
  presenter_id: presenterId,
  presenter_details: { ...provider(presenterId), linkedin_url: null, profile_url: null },
  matched_providers: providers.map(([provider_id, provider_details]) => ({ provider_id, provider_details })),
});

describe('guardResultRecipients', () => {
  const matches = [
    match('ada', [
      ['kim', provider('Kim')],
      ['max', provider('Max')],
      ['kim-2', provider('Kim2', 'KIM@example.com')],
    ]),
  ];

  it('keeps a provider address only when a profile under it rated a presenter of the rounds', () => {
    const guarded = guardResultRecipients(
      matches,
      [
        { provider_id: 'kim-2', presenter_id: 'ada', rating: 3 },
        // A written answer, and a rating of someone outside the rounds, do not count.
        { provider_id: 'max', presenter_id: 'ada', rating: null },
        { provider_id: 'max', presenter_id: 'outsider', rating: 5 },
      ],
      new Set(['ada', 'lin']),
    );
    expect(guarded.recipients.map((recipient) => `${recipient.role}:${recipient.email}`)).toEqual([
      'presenter:ada@example.com',
      'provider:kim@example.com',
    ]);
    expect(guarded.leftOut).toEqual([
      { role: 'provider', email: 'max@example.com', first_name: 'Max', last_name: 'Doe', reason: LEFT_OUT_REASONS.neverRated },
    ]);
    expect(guarded).toMatchObject({ raters: 1, presenters: 2, limit: 3 });
  });

  it('refuses a count over the limit with the reason, and allows one at it', () => {
    const limits = { limit: 3, raters: 1, presenters: 2 };
    expect(ceilingRefusal(3, limits)).toBeNull();
    expect(ceilingRefusal(4, limits)).toMatch(
      /^Not sent: 4 e-mails are more than this event's limit of 3 \(1 providers who rated \+ 2 presenters\)\./,
    );
  });
});

describe('applyReview', () => {
  it('sends the reviewed recipients less the excluded ones, and reports those not reviewed', () => {
    const recipients = resultRecipients([
      match('ada', [
        ['kim', provider('Kim')],
        ['lee', provider('Lee')],
      ]),
    ]);
    const run = applyReview(recipients, {
      recipients: [
        { role: 'presenter', email: 'ada@example.com' },
        { role: 'provider', email: 'Kim@Example.com' },
      ],
      excluded: [{ role: 'presenter', email: 'ada@example.com' }],
    });
    expect(run.send.map((recipient) => recipient.email)).toEqual(['kim@example.com']);
    expect(run.excluded.map((recipient) => [recipient.email, recipient.reason])).toEqual([
      ['ada@example.com', LEFT_OUT_REASONS.excluded],
    ]);
    expect(run.notReviewed.map((recipient) => [recipient.email, recipient.reason])).toEqual([
      ['lee@example.com', LEFT_OUT_REASONS.notReviewed],
    ]);
  });
});

describe('roundPresenterIds', () => {
  it('reads the presenter ids of stored rounds, skipping malformed entries', () => {
    expect([
      ...roundPresenterIds({
        round_1: [{ presenter_id: 'ada' }, null, 'x'],
        round_2: 'nope',
        round_3: [{ presenter_id: 'lin' }],
      }),
    ]).toEqual(['ada', 'lin']);
  });
});
