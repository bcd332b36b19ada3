// @vitest-environment jsdom
// The browser-stored 'profile' and 'presenters' items.

import { beforeEach, describe, expect, it } from 'vitest';
import { readStoredPresenters, readStoredProfile, writeStoredPresenters, writeStoredProfile } from '../../src/lib/browserStorage';
import { storedGrace } from '../support/fixtures';

const profile = storedGrace('uid-1');

beforeEach(() => {
  localStorage.clear();
});

describe("'profile'", () => {
  it('round-trips the profile and forgets it on null', () => {
    writeStoredProfile(localStorage, profile);
    expect(JSON.parse(localStorage.getItem('profile') ?? '')).toEqual(profile);
    expect(readStoredProfile(localStorage)).toEqual(profile);
    writeStoredProfile(localStorage, null);
    expect(readStoredProfile(localStorage)).toBeNull();
  });

  it('reads a damaged or e-mail-less item as no profile', () => {
    localStorage.setItem('profile', '{not json');
    expect(readStoredProfile(localStorage)).toBeNull();
    localStorage.setItem('profile', JSON.stringify({ first_name: 'Grace' }));
    expect(readStoredProfile(localStorage)).toBeNull();
  });

  it('fills in the fields a minimal stored profile lacks', () => {
    localStorage.setItem('profile', JSON.stringify({ email: 'grace@example.com' }));
    expect(readStoredProfile(localStorage)).toEqual({
      user_id: '',
      first_name: '',
      last_name: '',
      email: 'grace@example.com',
      company: '',
      phone: '',
      terms_accepted: false,
    });
  });
});

describe("'presenters'", () => {
  it('reads an absent key as an empty list', () => {
    expect(readStoredPresenters(localStorage, 'ev1')).toEqual([]);
    localStorage.setItem('presenters', 'garbage');
    expect(readStoredPresenters(localStorage, 'ev1')).toEqual([]);
  });

  it('keeps each key its own list', () => {
    writeStoredPresenters(localStorage, 'ev1', ['a', 'b']);
    writeStoredPresenters(localStorage, 'ev2', ['c']);
    expect(readStoredPresenters(localStorage, 'ev1')).toEqual(['a', 'b']);
    expect(readStoredPresenters(localStorage, 'ev2')).toEqual(['c']);
  });
});
