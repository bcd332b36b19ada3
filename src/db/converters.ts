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
