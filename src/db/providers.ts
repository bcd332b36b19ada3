// The provider's own profile (providers/{uid}): the document id is the anonymous Auth uid, so a
// provider never sees a login and can only reach their own document.

import { doc, getDoc, setDoc } from 'firebase/firestore';
import type { Provider } from '../types/provider';
import { readOnlyConverter, storedProvider, toBoolean, toStringOr } from './converters';
import { db } from './firebase';
import { ensureSignedIn } from './session';

// Written through storedProvider (src/db/converters.ts), the same fields Firestore Lite's save writes.
const providerConverter = readOnlyConverter<Provider>('A profile is written with writeProviderProfile.', (id, data) => ({
  user_id: id,
  first_name: toStringOr(data.first_name, ''),
  last_name: toStringOr(data.last_name, ''),
  email: toStringOr(data.email, ''),
  company: toStringOr(data.company, ''),
  phone: toStringOr(data.phone, ''),
  terms_accepted: toBoolean(data.terms_accepted),
}));

const providerRef = (uid: string) => doc(db, 'providers', uid).withConverter(providerConverter);

/**
 * Writes the profile with the full SDK, which keeps it on the device until the server has it:
 * src/db/profileSave.ts' way when Firestore Lite's commit finds no network. Resolves once the
 * server has it.
 */
export async function writeProviderProfile(provider: Provider): Promise<void> {
  await setDoc(doc(db, 'providers', provider.user_id), storedProvider(provider));
}

/** The signed-in provider's stored profile, or null when they have none yet. */
export async function getProviderProfile(): Promise<Provider | null> {
  const user = await ensureSignedIn();
  const snapshot = await getDoc(providerRef(user.uid));
  return snapshot.data() ?? null;
}
