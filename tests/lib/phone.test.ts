// Phone entry: digits are formatted once there are exactly ten of them, in the phone field only.

import { describe, expect, it } from 'vitest';
import { formatPhoneInput, typedFieldValue } from '../../src/lib/phone';

describe('formatPhoneInput', () => {
  it('formats exactly ten typed digits as (###) ###-####', () => {
    expect(formatPhoneInput('5551234567')).toBe('(555) 123-4567');
    expect(formatPhoneInput('555-123-4567')).toBe('(555) 123-4567');
  });

  it('leaves fewer or more digits as typed', () => {
    expect(formatPhoneInput('555123')).toBe('555123');
    expect(formatPhoneInput('55512345678')).toBe('55512345678');
    expect(formatPhoneInput('')).toBe('');
  });

  it('keeps an already formatted number', () => {
    expect(formatPhoneInput('(555) 123-4567')).toBe('(555) 123-4567');
  });
});

describe('typedFieldValue', () => {
  it("formats the phone field's value as it is typed", () => {
    expect(typedFieldValue('phone', '5551234567')).toBe('(555) 123-4567');
    expect(typedFieldValue('phone', '55512')).toBe('55512');
  });

  it("keeps any other field's value as typed, digits and all", () => {
    expect(typedFieldValue('company', '5551234567')).toBe('5551234567');
    expect(typedFieldValue('email', ' ines@example.com')).toBe(' ines@example.com');
  });
});
