// The profile and signup forms' rules (the spec's section 5): required fields, the e-mail and
// phone formats with the spec's messages, and the Privacy Policy checkbox.

import type { ProviderDocument } from './documents.js';

export const validationMessages = {
  required: 'Required',
  invalidEmail: 'Please enter a valid email',
  invalidPhone: 'Please enter a valid Phone Number',
  terms: 'Please agree to the Privacy Policy',
} as const;

/** Local part, @, and a domain with at least one dot; no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** (###) ###-#### */
const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone.trim());
}

/** The profile form holds exactly the fields a provider's profile stores. */
export type ProfileFormValues = ProviderDocument;

export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues, string>>;

/** Every problem of the form, by field; an empty object when it can be saved. */
export function validateProfile(values: ProfileFormValues): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  for (const field of ['first_name', 'last_name', 'email', 'company'] as const) {
    if (values[field].trim() === '') errors[field] = validationMessages.required;
  }
  if (values.email.trim() !== '' && !isValidEmail(values.email)) errors.email = validationMessages.invalidEmail;
  if (values.phone.trim() !== '' && !isValidPhone(values.phone)) errors.phone = validationMessages.invalidPhone;
  if (!values.terms_accepted) errors.terms_accepted = validationMessages.terms;
  return errors;
}

export function isProfileValid(values: ProfileFormValues): boolean {
  return Object.keys(validateProfile(values)).length === 0;
}
