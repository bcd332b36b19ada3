// Saving a provider's profile (providers/{uid}). A first-time visitor's Save is one REST commit
// through Firestore Lite, whose code the page already has: no full SDK to fetch and start, no
// offline cache to open, no write stream to set up first, so the saved toast comes a round trip
// or two after the tap (docs/performance.md). When that commit fails for want of a network, or has
// not been answered within a few seconds, the full SDK writes the same document: it keeps the
// write on the device and sends it once the network is back, as every other write of the app is
// sent, and Save resolves then. Both writes carry the same fields, so the server ends with the
// profile whichever arrives; one left hanging past a later save of another profile could still
// arrive after it, which only a connection stalled for minutes does.

import { doc, setDoc } from 'firebase/firestore/lite';
import { timings } from '../config/constants';
import type { Provider, ProviderProfile } from '../types/provider';
import { storedProvider } from './converters';
import { errorCode } from './errorCode';
import { liteDb } from './lite';
import { ensureSignedIn } from './session';

/** Lite's codes for a request that did not reach the server or got no answer (fetch failing is 'unknown'). */
const NO_NETWORK = new Set(['unavailable', 'unknown', 'deadline-exceeded']);

class NoAnswer extends Error {}

function answeredWithin<Value>(work: Promise<Value>, ms: number): Promise<Value> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswer(`No answer within ${ms} ms.`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function forWantOfNetwork(error: unknown): boolean {
  return error instanceof NoAnswer || NO_NETWORK.has(errorCode(error));
}

/**
 * Creates or replaces the signed-in provider's profile (signing in anonymously first if needed).
 * Resolves once the server has it, with the profile and its user_id; rejects when the server
 * refuses it (the rules) or the sign-in fails.
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
  const fields = storedProvider(provider);
  try {
    const lite = await liteDb();
    // Handled here even once the full SDK has taken over: a late answer is not an error.
    const commit = setDoc(doc(lite, 'providers', user.uid), fields);
    commit.catch(() => undefined);
    await answeredWithin(commit, timings.liteSaveWaitMs);
  } catch (error) {
    if (!forWantOfNetwork(error)) throw error;
    const { writeProviderProfile } = await import('./providers');
    await writeProviderProfile(provider);
  }
  return provider;
}
