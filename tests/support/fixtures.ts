// The test provider every suite uses: Grace Hopper's profile, as the form collects it and as the
// browser keeps it (with the uid); the test presenter, Ada Okafor, as the admin's presenter form
// saves her and as presenters/{id} stores her; and a 1×1 PNG for logo uploads.

import type { PresenterDocument } from '../../domain/documents';
import type { PresenterFields } from '../../src/types/presenter';
import type { Provider, ProviderProfile } from '../../src/types/provider';

export const graceProfile: ProviderProfile = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  company: 'Navy Labs',
  phone: '',
  terms_accepted: true,
};

/** Grace's profile as the browser stores it, under the given uid. */
export const storedGrace = (userId: string): Provider => ({ user_id: userId, ...graceProfile });

/** Ada's presenter fields, every one filled, as the admin's presenter form saves them. */
export const adaFields: PresenterFields = {
  first_name: 'Ada',
  last_name: 'Okafor',
  email: 'ada@startup.example',
  company: 'PulseLoop',
  phone: '(555) 010-0001',
  website: 'https://pulseloop.example',
  profile_url: 'https://cdn.example.com/ada.jpg',
  linkedin_url: 'https://www.linkedin.com/in/ada',
  favourites: ['q1'],
};

/**
 * A presenters/{id} document as stored: Ada's fields, verified, Up Next, terms accepted, with
 * `fields` in place of any of them.
 */
export const storedPresenter = (fields: Partial<PresenterDocument> = {}): PresenterDocument => ({
  ...adaFields,
  verified: true,
  status: 'Up Next',
  terms_accepted: true,
  ...fields,
});

/** A 1×1 transparent PNG. */
export const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
