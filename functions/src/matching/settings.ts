// The matching reaction's settings (DECISIONS.md, "Matching" and "The spec's placeholders"): the
// innovation office's contact, matched to a presenter nobody else matched. Its address is the one
// the app shows on Event Closed and leaves out of "Your Matches" (VITE_CONTACT_EMAIL in
// src/config/env.ts), so it is the same setting under the same name without Vite's prefix, with
// the same default; the office's name as a company is the mail path's ORGANISATION_NAME. In
// production and in the local Functions emulator they are Functions params, read under the same names.

import { defineString } from 'firebase-functions/params';
import type { ProviderDetails } from '../../../domain/documents.js';
import { DEFAULT_ORGANISATION_NAME, mailParams } from '../mail/transport.js';

export interface MatchingSettings {
  /** The fallback match of a presenter whom no provider matched. */
  fallback: ProviderDetails;
}

const DEFAULT_CONTACT_EMAIL = 'innovation@example.edu';
const DEFAULT_CONTACT_FIRST_NAME = 'Innovation';
const DEFAULT_CONTACT_LAST_NAME = 'Office';

/** The Functions params of the matching reaction (production). */
export const matchingParams = {
  email: defineString('CONTACT_EMAIL', {
    default: DEFAULT_CONTACT_EMAIL,
    description: "The innovation office's contact address, every unmatched presenter's match (the app's VITE_CONTACT_EMAIL)",
  }),
  firstName: defineString('CONTACT_FIRST_NAME', {
    default: DEFAULT_CONTACT_FIRST_NAME,
    description: "The first name shown for the innovation office's contact in the results",
  }),
  lastName: defineString('CONTACT_LAST_NAME', {
    default: DEFAULT_CONTACT_LAST_NAME,
    description: "The last name shown for the innovation office's contact in the results",
  }),
};

/** The settings from the Functions params; call it while a function runs, not at load time. */
export function matchingSettingsFromParams(): MatchingSettings {
  return {
    fallback: {
      first_name: matchingParams.firstName.value() || DEFAULT_CONTACT_FIRST_NAME,
      last_name: matchingParams.lastName.value() || DEFAULT_CONTACT_LAST_NAME,
      email: matchingParams.email.value() || DEFAULT_CONTACT_EMAIL,
      company: mailParams.organisation.value() || DEFAULT_ORGANISATION_NAME,
    },
  };
}
