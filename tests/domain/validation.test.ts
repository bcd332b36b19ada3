// The profile form's rules: required fields, e-mail and phone formats with the spec's messages.

import { describe, expect, it } from 'vitest';
import { isProfileValid, isValidEmail, isValidPhone, validateProfile, type ProfileFormValues } from '../../domain/validation';
import { graceProfile } from '../support/fixtures';

const valid: ProfileFormValues = graceProfile;

describe('validateProfile', () => {
  it('accepts a complete profile without a phone number', () => {
    expect(validateProfile(valid)).toEqual({});
    expect(isProfileValid(valid)).toBe(true);
  });

  it('requires first name, last name, email and company', () => {
    const errors = validateProfile({ ...valid, first_name: ' ', last_name: '', email: '', company: '' });
    expect(Object.keys(errors).sort()).toEqual(['company', 'email', 'first_name', 'last_name']);
    expect(isProfileValid({ ...valid, company: '' })).toBe(false);
  });

  it('says "Please enter a valid email" for a malformed address', () => {
    expect(validateProfile({ ...valid, email: 'grace@example' }).email).toBe('Please enter a valid email');
  });

  it('says "Please enter a valid Phone Number" for a phone not in (###) ###-#### form', () => {
    expect(validateProfile({ ...valid, phone: '555-123-4567' }).phone).toBe('Please enter a valid Phone Number');
    expect(validateProfile({ ...valid, phone: '(555) 123-4567' })).toEqual({});
  });

  it('requires the Privacy Policy to be accepted', () => {
    expect(validateProfile({ ...valid, terms_accepted: false }).terms_accepted).toBeTruthy();
  });
});

describe('isValidEmail', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.edu', ' grace@example.com '])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    'grace',
    'grace@',
    '@example.com',
    'grace@example',
    'grace@@example.com',
    'gr ace@example.com',
    'grace@example.',
    'grace@.com',
  ])('rejects "%s"', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('isValidPhone', () => {
  it('accepts only (###) ###-####', () => {
    expect(isValidPhone('(555) 123-4567')).toBe(true);
    expect(isValidPhone('5551234567')).toBe(false);
    expect(isValidPhone('(555)123-4567')).toBe(false);
    expect(isValidPhone('(555) 123-45678')).toBe(false);
  });
});
