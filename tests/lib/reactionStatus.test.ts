// The control screen's wording of the matching and e-mail reactions' progress.

import { describe, expect, it } from 'vitest';
import { describeReaction } from '../../src/lib/reactionStatus';

const at = new Date(2030, 4, 1, 14, 5);
const clock = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

describe('describeReaction', () => {
  it('says nothing for a reaction never started', () => {
    expect(describeReaction('Matching', false, undefined)).toBeNull();
  });

  it('says a raised flag is waiting for the server until the server reports', () => {
    expect(describeReaction('Matching', true, undefined)).toBe('Matching: started, waiting for the server…');
  });

  it('says since when a reaction runs', () => {
    expect(describeReaction('E-mails', true, { state: 'running', at })).toBe(`E-mails: running since ${clock}…`);
  });

  it('gives a finished reaction its time and counts', () => {
    expect(describeReaction('Matching', true, { state: 'done', at, counts: { presenters: 12, matched_providers: 40 } })).toBe(
      `Matching: done at ${clock} (presenters: 12, matched providers: 40)`,
    );
  });

  it('gives a failed reaction its reason', () => {
    expect(describeReaction('E-mails', true, { state: 'failed', at: null, reason: 'SMTP server refused the connection' })).toBe(
      'E-mails failed: SMTP server refused the connection',
    );
  });
});
