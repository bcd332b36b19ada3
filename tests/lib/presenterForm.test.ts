// The admin's presenter form rules: the spec's section 5 messages for missing names or e-mail and a
// malformed e-mail, the optional phone and links, and what the form saves.

import { describe, expect, it } from 'vitest';
import {
  emptyPresenterForm,
  isWebAddress,
  presenterFormProblem,
  presenterFormValues,
  presenterName,
  toggleFavourite,
  toPresenterFields,
  type PresenterFormValues,
} from '../../src/lib/presenterForm';
import type { Presenter } from '../../src/types/presenter';
import { adaFields, storedPresenter } from '../support/fixtures';

const valid: PresenterFormValues = {
  ...emptyPresenterForm,
  first_name: 'Ada',
  last_name: 'Okafor',
  email: 'ada@startup.example',
};

const storedAda: Presenter = { id: 'p-ada', ...storedPresenter({ invite_id: 'inv-1' }) };

describe('presenterFormProblem', () => {
  it('accepts first name, last name and e-mail alone: every other field is optional', () => {
    expect(presenterFormProblem(valid)).toBeNull();
  });

  it("says 'Please fill in the first name, last name, and email.' and names each missing field", () => {
    expect(presenterFormProblem(emptyPresenterForm)).toEqual({
      message: 'Please fill in the first name, last name, and email.',
      fields: ['first_name', 'last_name', 'email'],
    });
    expect(presenterFormProblem({ ...valid, last_name: '   ' })).toEqual({
      message: 'Please fill in the first name, last name, and email.',
      fields: ['last_name'],
    });
  });

  it("says 'Please enter a valid email.' for an address without a dotted domain or with spaces", () => {
    for (const email of ['ada@startup', 'ada startup@example.com', 'ada.example.com']) {
      expect(presenterFormProblem({ ...valid, email })).toEqual({ message: 'Please enter a valid email.', fields: ['email'] });
    }
    expect(presenterFormProblem({ ...valid, email: '  ada@startup.example  ' })).toBeNull();
  });

  it('asks for a phone in (###) ###-#### form, only when one is given', () => {
    expect(presenterFormProblem({ ...valid, phone: '555-0100' })).toEqual({
      message: 'Please enter a valid Phone Number',
      fields: ['phone'],
    });
    expect(presenterFormProblem({ ...valid, phone: '(555) 010-0123' })).toBeNull();
  });

  it('asks for http(s) addresses in the website, photo and LinkedIn fields', () => {
    expect(
      presenterFormProblem({
        ...valid,
        website: 'pulseloop.example',
        profile_url: 'https://cdn.example.com/a.jpg',
        linkedin_url: 'javascript:alert(1)',
      }),
    ).toEqual({ message: 'Please enter a web address starting with http:// or https://', fields: ['website', 'linkedin_url'] });
    expect(
      presenterFormProblem({ ...valid, website: 'https://pulseloop.example', linkedin_url: 'http://linkedin.com/in/ada' }),
    ).toBeNull();
  });
});

describe('isWebAddress', () => {
  it('takes http and https addresses with a host only', () => {
    expect(isWebAddress('https://www.linkedin.com/in/ada')).toBe(true);
    expect(isWebAddress('HTTP://example.com')).toBe(true);
    expect(isWebAddress('https://')).toBe(false);
    expect(isWebAddress('ftp://example.com')).toBe(false);
    expect(isWebAddress('www.example.com')).toBe(false);
  });
});

describe('toPresenterFields', () => {
  it('trims every text and drops repeated favourites', () => {
    expect(
      toPresenterFields({
        ...valid,
        first_name: ' Ada ',
        company: ' PulseLoop ',
        website: ' https://pulseloop.example ',
        favourites: ['q1', 'q2', 'q1'],
      }),
    ).toEqual({ ...valid, company: 'PulseLoop', website: 'https://pulseloop.example', favourites: ['q1', 'q2'] });
  });
});

describe('presenterFormValues', () => {
  it("fills the form with a stored presenter's editable fields only", () => {
    expect(presenterFormValues(storedAda)).toEqual(adaFields);
  });
});

describe('toggleFavourite', () => {
  it('adds and removes one question and keeps the others, also ids of questions not shown', () => {
    expect(toggleFavourite(['gone', 'q1'], 'q2', true)).toEqual(['gone', 'q1', 'q2']);
    expect(toggleFavourite(['gone', 'q1', 'q2'], 'q1', false)).toEqual(['gone', 'q2']);
    expect(toggleFavourite(['q1'], 'q1', true)).toEqual(['q1']);
  });
});

describe('presenterName', () => {
  it('joins first and last name', () => {
    expect(presenterName(storedAda)).toBe('Ada Okafor');
  });
});
