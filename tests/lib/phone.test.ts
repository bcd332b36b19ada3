// Phone entry: digits are formatted once there are exactly ten of them, in the phone field only.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_PHONE_SCRIPT } from '../../src/lib/firstScreenVariants';
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

describe("the first screen's phone rule, before the app's code has arrived", () => {
  type Field = { name: string; value: string; closest: (selector: string) => object | null };
  /** The page's input listener, as FIRST_SCREEN_PHONE_SCRIPT registers it on the document. */
  function firstScreenListener(): (event: { target: Field }) => void {
    let listener: ((event: { target: Field }) => void) | undefined;
    const document = { addEventListener: (_type: string, handler: typeof listener) => (listener = handler) };
    // The inline script's text, run as the page runs it (the test is not under the page's policy).
    new Function('document', FIRST_SCREEN_PHONE_SCRIPT)(document);
    if (!listener) throw new Error('FIRST_SCREEN_PHONE_SCRIPT registered no listener');
    return listener;
  }
  const onInput = firstScreenListener();
  const typed = (value: string, name = 'phone', onFirstScreen = true): string => {
    const field: Field = { name, value, closest: (selector) => (onFirstScreen && selector.startsWith('#root>') ? {} : null) };
    onInput({ target: field });
    return field.value;
  };

  it('gives every keystroke the answer the app gives it', () => {
    // Mostly digits, so that nine, ten and eleven of them come up often, with the separators people type.
    const keystrokes = fc
      .array(
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...'0123456789') }, fc.constantFrom(' ', '(', ')', '-', '+', '.')),
        // Up to 16 keys at any length: fast-check's default size would stop at 10.
        { maxLength: 16, size: 'max' },
      )
      .map((characters) => characters.join(''));
    fc.assert(
      fc.property(keystrokes, (value) => {
        expect(typed(value)).toBe(formatPhoneInput(value));
      }),
      { numRuns: 1000 },
    );
    expect(typed('5550100123')).toBe('(555) 010-0123');
  });

  it("leaves other fields, and the app's own phone field, to the app", () => {
    expect(typed('5550100123', 'company')).toBe('5550100123');
    expect(typed('5550100123', 'phone', false)).toBe('5550100123');
  });
});
