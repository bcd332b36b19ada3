// The test provider every suite uses: Grace Hopper's profile, as the form collects it and as the
// browser keeps it (with the uid).

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
