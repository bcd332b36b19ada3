// The provider's own profile (providers/{uid}): the document id is the anonymous Auth uid, so a
// provider never sees a login and can only reach their own document.

import {
  doc,
  getDoc,
  setDoc,
  waitForPendingWrites,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import type { Provider, ProviderProfile } from '../types/provider';
import { snapshotOptions, toBoolean, toStringOr } from './converters';
import { db } from './firebase';
import { ensureSignedIn } from './session';

const providerConverter: FirestoreDataConverter<Provider> = {
  toFirestore: (provider) => ({
    first_name: provider.first_name,
    last_name: provider.last_name,
    email: provider.email,
    company: provider.company,
    phone: provider.phone,
    terms_accepted: provider.terms_accepted,
  }),
  fromFirestore: (snapshot: QueryDocumentSnapshot) => {
    const data = snapshot.data(snapshotOptions);
    return {
      user_id: snapshot.id,
      first_name: toStringOr(data.first_name, ''),
      last_name: toStringOr(data.last_name, ''),
      email: toStringOr(data.email, ''),
      company: toStringOr(data.company, ''),
      phone: toStringOr(data.phone, ''),
      terms_accepted: toBoolean(data.terms_accepted),
    };
  },
};

const providerRef = (uid: string) => doc(db, 'providers', uid).withConverter(providerConverter);

/**
 * Starts Firestore's client (its offline cache opens, which takes a phone a moment) ahead of the
 * first save, while the profile form is being filled in. Reads and writes nothing, and leaves the
 * network alone: the SDK's enableNetwork() on a network already enabled opens a second watch
 * stream beside the one a live listener uses, counts both streams' acknowledgements against one
 * request and stops every listener (its internal assertion ca9). Asking for the pending writes
 * starts the same client and does nothing else; resolves once no write of this device is pending.
 */
export function prepareProfileStore(): Promise<void> {
  return waitForPendingWrites(db);
}

/**
 * Creates or replaces the signed-in provider's profile (signing in anonymously first if needed).
 * Resolves once the server has it, with the profile and its user_id.
 */
export async function saveProviderProfile(profile: ProviderProfile): Promise<Provider> {
  const user = await ensureSignedIn();
  const provider: Provider = {
    user_id: user.uid,
    first_name: profile.first_name.trim(),
    last_name: profile.last_name.trim(),
    email: profile.email.trim(),
    company: profile.company.trim(),
    phone: profile.phone.trim(),
    terms_accepted: profile.terms_accepted,
  };
  await setDoc(providerRef(user.uid), provider);
  return provider;
}

/** The signed-in provider's stored profile, or null when they have none yet. */
export async function getProviderProfile(): Promise<Provider | null> {
  const user = await ensureSignedIn();
  const snapshot = await getDoc(providerRef(user.uid));
  return snapshot.data() ?? null;
}
