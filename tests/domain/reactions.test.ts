// The server reactions an event document's change starts: a reaction runs when its flag has just
// become true, and never again while it stays raised; the sweep finds every flag still raised.

import { describe, expect, it } from 'vitest';
import { raisedReactions, reactionsFor } from '../../domain/reactions';

describe('reactionsFor', () => {
  it('starts matching when is_matching goes from false to true', () => {
    expect(reactionsFor({ is_matching: false, is_emailing: false }, { is_matching: true, is_emailing: false })).toEqual([
      'matching',
    ]);
  });

  it('starts emailing when is_emailing goes from false to true', () => {
    expect(reactionsFor({ is_matching: false, is_emailing: false }, { is_matching: false, is_emailing: true })).toEqual([
      'emailing',
    ]);
  });

  it('starts both, matching first, when both flags are raised in one write', () => {
    expect(reactionsFor({ is_matching: false, is_emailing: false }, { is_matching: true, is_emailing: true })).toEqual([
      'matching',
      'emailing',
    ]);
  });

  it('starts nothing while a flag stays raised (another field of the event changed)', () => {
    expect(reactionsFor({ is_matching: true, is_emailing: true }, { is_matching: true, is_emailing: true })).toEqual([]);
  });

  it('starts nothing when a flag is lowered', () => {
    expect(reactionsFor({ is_matching: true, is_emailing: true }, { is_matching: false, is_emailing: false })).toEqual([]);
  });

  it('reads a missing field or a missing document as not raised', () => {
    expect(reactionsFor({}, { is_matching: true })).toEqual(['matching']);
    expect(reactionsFor(undefined, { is_emailing: true })).toEqual(['emailing']);
    expect(reactionsFor({ is_matching: true }, undefined)).toEqual([]);
    expect(reactionsFor({ is_matching: true }, {})).toEqual([]);
  });
});

describe('raisedReactions', () => {
  it('finds every flag still raised, matching first, whatever it was before', () => {
    expect(raisedReactions({ is_matching: true, is_emailing: true })).toEqual(['matching', 'emailing']);
    expect(raisedReactions({ is_matching: false, is_emailing: true })).toEqual(['emailing']);
  });

  it('finds nothing on an event with no flag raised, or no document', () => {
    expect(raisedReactions({ is_matching: false })).toEqual([]);
    expect(raisedReactions(undefined)).toEqual([]);
  });
});
