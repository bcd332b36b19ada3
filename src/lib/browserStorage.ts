// The items the app keeps in the browser (the spec's section 3): 'profile', the current user's
// profile as JSON (a cache of providers/{uid}), and 'presenters', a JSON map from a key to a
// list, where an absent key reads as an empty list (keyed by event id: the presenters the user
// has answered about). Damaged items read as absent.

import { STORAGE_KEYS } from '../config/constants';
import type { Provider } from '../types/provider';

function readJson(storage: Storage, key: string): unknown {
  try {
    const text = storage.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The stored profile, or null when there is none or it has no e-mail. */
export function readStoredProfile(storage: Storage): Provider | null {
  const value = readJson(storage, STORAGE_KEYS.profile);
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Record<string, unknown>;
  if (text(stored.email) === '') return null;
  return {
    user_id: text(stored.user_id),
    first_name: text(stored.first_name),
    last_name: text(stored.last_name),
    email: text(stored.email),
    company: text(stored.company),
    phone: text(stored.phone),
    terms_accepted: stored.terms_accepted === true,
  };
}

export function writeStoredProfile(storage: Storage, profile: Provider | null): void {
  if (profile === null) storage.removeItem(STORAGE_KEYS.profile);
  else storage.setItem(STORAGE_KEYS.profile, JSON.stringify(profile));
}

/** Whether this browser had an admin signed in when last seen (see STORAGE_KEYS.adminSession). */
export function readAdminSession(storage: Storage): boolean {
  return storage.getItem(STORAGE_KEYS.adminSession) !== null;
}

export function writeAdminSession(storage: Storage, signedIn: boolean): void {
  if (signedIn) storage.setItem(STORAGE_KEYS.adminSession, '1');
  else storage.removeItem(STORAGE_KEYS.adminSession);
}

function readPresenterMap(storage: Storage): Record<string, unknown> {
  const value = readJson(storage, STORAGE_KEYS.presenters);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The list stored under `key` in 'presenters'; empty when absent. */
export function readStoredPresenters(storage: Storage, key: string): string[] {
  const list = readPresenterMap(storage)[key];
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}

export function writeStoredPresenters(storage: Storage, key: string, presenterIds: readonly string[]): void {
  storage.setItem(STORAGE_KEYS.presenters, JSON.stringify({ ...readPresenterMap(storage), [key]: [...presenterIds] }));
}
