// Helpers for Firestore converters: stored Timestamps become Dates at the boundary, so the rest
// of the app sees plain typed objects.

import type { DocumentData, SnapshotOptions } from 'firebase/firestore';
import type { Provider } from '../types/provider';

/** Pending server timestamps read as the local estimate, never as null. */
export const snapshotOptions: SnapshotOptions = { serverTimestamps: 'estimate' };

/**
 * A stored Timestamp as a Date, else null. Read by its shape, not its class: the full SDK and
 * Firestore Lite (the queue's first read, src/db/sharedEvent.ts) each have their own Timestamp
 * class, and this module imports neither, so the first load does not carry the full SDK.
 */
export function toDate(value: unknown): Date | null {
  if (typeof value !== 'object' || value === null) return null;
  const { seconds, nanoseconds, toDate: asDate } = value as { seconds?: unknown; nanoseconds?: unknown; toDate?: unknown };
  if (typeof seconds !== 'number' || typeof nanoseconds !== 'number' || typeof asDate !== 'function') return null;
  const date: unknown = asDate.call(value);
  return date instanceof Date ? date : null;
}

export function toStringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

export type { DocumentData };

export function toNumberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function toBoolean(value: unknown): boolean {
  return value === true;
}

export function toStringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function toRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function toArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** What a converter is handed by the full SDK and by Firestore Lite alike. */
interface ReadSnapshot {
  id: string;
  data(options?: SnapshotOptions): DocumentData;
}

/**
 * The converter of a document the app only reads: `read` makes the app's object from the id and
 * the stored fields (pending server timestamps as the local estimate), and a write through it
 * throws `refusal`. Typed by shape, so it serves the full SDK and Firestore Lite.
 */
export function readOnlyConverter<T>(refusal: string, read: (id: string, data: DocumentData) => T) {
  return {
    toFirestore: (): never => {
      throw new Error(refusal);
    },
    fromFirestore: (snapshot: ReadSnapshot): T => read(snapshot.id, snapshot.data(snapshotOptions)),
  };
}

/** The stored fields of a profile (the document id is the uid, not a field). */
export function storedProvider(provider: Provider): Record<string, string | boolean> {
  return {
    first_name: provider.first_name,
    last_name: provider.last_name,
    email: provider.email,
    company: provider.company,
    phone: provider.phone,
    terms_accepted: provider.terms_accepted,
  };
}
