// Helpers for Firestore converters: stored Timestamps become Dates at the boundary, so the rest
// of the app sees plain typed objects.

import { Timestamp, type DocumentData, type SnapshotOptions } from 'firebase/firestore';

/** Pending server timestamps read as the local estimate, never as null. */
export const snapshotOptions: SnapshotOptions = { serverTimestamps: 'estimate' };

export function toDate(value: unknown): Date | null {
  return value instanceof Timestamp ? value.toDate() : null;
}

export function toStringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

export type { DocumentData };
