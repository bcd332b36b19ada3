// Typed values read out of stored documents. A document may lack a field or hold another type
// (older or hand-made data), so each reader gives an empty value rather than failing the run.

import { Timestamp } from 'firebase-admin/firestore';
import type { ProviderDetails } from '../../domain/documents.js';

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

export const millis = (time: unknown): number | undefined => (time instanceof Timestamp ? time.toMillis() : undefined);

/** The name, e-mail and company that a person's document or a match's details hold. */
export function contactDetails(value: unknown): ProviderDetails {
  const data = record(value);
  return {
    first_name: text(data.first_name),
    last_name: text(data.last_name),
    email: text(data.email),
    company: text(data.company),
  };
}
