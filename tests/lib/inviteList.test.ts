// The invites' pure logic: a pasted list read into the addresses to invite and one problem per
// refused entry, line by line; and what an invite's e-mail stands at, from the admin's latest
// request and the server's mail_status.

import { describe, expect, it } from 'vitest';
import { inviteMailView, MAX_INVITES_AT_ONCE, parseInviteList, type InviteMailStatus } from '../../src/lib/inviteList';

const presenters = [{ email: 'Lin@Example.com', first_name: 'Lin', last_name: 'Chen' }];
const pending = [{ email: 'sam@example.com' }];

describe('parseInviteList', () => {
  it('reads one address, trimmed and as typed', () => {
    expect(parseInviteList('  Nia.Addo@Example.com ', [], [])).toEqual({ emails: ['Nia.Addo@Example.com'], problems: [] });
  });

  it('reads addresses one per line and separated by commas, ignoring blank entries', () => {
    const text = 'ada@example.com, nia@example.com\n\n  \r\nomar@example.com,,\n , kim@example.com';
    expect(parseInviteList(text, [], [])).toEqual({
      emails: ['ada@example.com', 'nia@example.com', 'omar@example.com', 'kim@example.com'],
      problems: [],
    });
  });

  it('reports each refused entry with its line, and still keeps the valid ones', () => {
    const text = [
      'ada@example.com',
      'nia@example.com',
      'x@',
      'ADA@example.com',
      'lin@example.com',
      'sam@example.com',
      'omar@example.com',
    ].join('\n');
    expect(parseInviteList(text, presenters, pending)).toEqual({
      emails: ['ada@example.com', 'nia@example.com', 'omar@example.com'],
      problems: [
        'Line 3: "x@" is not a valid e-mail address.',
        'Line 4: ADA@example.com is listed twice.',
        'Line 5: lin@example.com already belongs to a presenter (Lin Chen).',
        'Line 6: an invite for sam@example.com is already pending.',
      ],
    });
  });

  it('numbers entries separated by commas with the line they are on', () => {
    expect(parseInviteList('ada@example.com\nnia@example.com, ada@example.com', [], []).problems).toEqual([
      'Line 2: ada@example.com is listed twice.',
    ]);
  });

  it('says what is wrong with a single entry without a line number', () => {
    expect(parseInviteList('lin@example.com', presenters, pending).problems).toEqual([
      'lin@example.com already belongs to a presenter (Lin Chen).',
    ]);
    expect(parseInviteList('sam@example.com', presenters, pending).problems).toEqual([
      'An invite for sam@example.com is already pending.',
    ]);
    expect(parseInviteList('ada@example', [], []).problems).toEqual(['"ada@example" is not a valid e-mail address.']);
  });

  it('finds nothing to invite in blank text', () => {
    expect(parseInviteList(' \n , \n', [], [])).toEqual({ emails: [], problems: [] });
  });

  it('refuses a list longer than one batch, creating none of it', () => {
    const text = Array.from({ length: MAX_INVITES_AT_ONCE + 1 }, (_, index) => `p${index}@example.com`).join('\n');
    expect(parseInviteList(text, [], [])).toEqual({
      emails: [],
      problems: [`At most ${MAX_INVITES_AT_ONCE} invites can be created at once (this list has ${MAX_INVITES_AT_ONCE + 1}).`],
    });
  });
});

describe('inviteMailView', () => {
  const requestedAt = new Date('2030-04-01T09:01:00Z');
  const status = (changes: Partial<InviteMailStatus> = {}): InviteMailStatus => ({
    state: 'sent',
    at: new Date('2030-04-01T09:01:05Z'),
    requestAt: requestedAt,
    attempts: 1,
    ...changes,
  });

  it('is not requested until the admin asks', () => {
    expect(inviteMailView({ mailRequestedAt: null, mailStatus: null })).toEqual({ kind: 'notRequested' });
  });

  it('waits while the server has not taken up the latest request', () => {
    expect(inviteMailView({ mailRequestedAt: requestedAt, mailStatus: null })).toEqual({ kind: 'waiting' });
    const retried = new Date('2030-04-01T10:00:00Z');
    expect(inviteMailView({ mailRequestedAt: retried, mailStatus: status({ state: 'failed', reason: 'Mailbox full' }) })).toEqual(
      {
        kind: 'waiting',
      },
    );
  });

  it('shows the status that served the latest request: sending, sent or failed with its reason', () => {
    expect(inviteMailView({ mailRequestedAt: requestedAt, mailStatus: status({ state: 'sending' }) })).toEqual({
      kind: 'sending',
    });
    expect(inviteMailView({ mailRequestedAt: requestedAt, mailStatus: status() })).toEqual({
      kind: 'sent',
      at: new Date('2030-04-01T09:01:05Z'),
    });
    expect(
      inviteMailView({ mailRequestedAt: requestedAt, mailStatus: status({ state: 'failed', reason: '550 No such user' }) }),
    ).toEqual({ kind: 'failed', reason: '550 No such user' });
  });

  it('offers to ask again when a request had no answer, or a send no outcome, for over 2 minutes', () => {
    const later = (minutes: number) => requestedAt.getTime() + minutes * 60_000;
    expect(inviteMailView({ mailRequestedAt: requestedAt, mailStatus: null }, later(1.5))).toEqual({ kind: 'waiting' });
    expect(inviteMailView({ mailRequestedAt: requestedAt, mailStatus: null }, later(3))).toEqual({ kind: 'stalled' });
    const claimed = status({ state: 'sending', at: requestedAt });
    expect(inviteMailView({ mailRequestedAt: requestedAt, mailStatus: claimed }, later(1))).toEqual({ kind: 'sending' });
    expect(inviteMailView({ mailRequestedAt: requestedAt, mailStatus: claimed }, later(3))).toEqual({ kind: 'stalled' });
    expect(inviteMailView({ mailRequestedAt: requestedAt, mailStatus: status() }, later(60))).toMatchObject({ kind: 'sent' });
  });
});
