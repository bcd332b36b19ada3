// Phone entry: digits are formatted once there are exactly ten of them.

import { describe, expect, it } from 'vitest';
import { formatPhoneInput } from '../../src/lib/phone';

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
