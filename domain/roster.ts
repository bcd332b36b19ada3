// An event's public roster (rosters/{eventId}): the company of each presenter its rounds name, for
// the room display, which anyone may open with the event id alone. The event document
// carries ids and names only (DECISIONS.md, "Privacy"), and presenters/{id} holds e-mails and
// phone numbers, which stay private; the roster copies the one more field the room may show. The
// server keeps it (functions/src/rosters/), rebuilt from the event and its presenters whenever
// either changes what it holds; clients only read it (firestore.rules).

import { orderedRounds } from './rounds.js';
import type { Rounds } from './documents.js';

export const ROSTERS_COLLECTION = 'rosters';

/** rosters/{eventId}. */
export interface RosterDocument {
  /** Each presenter's company by presenter id ('' when they gave none); special entries have none. */
  companies: Record<string, string>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The presenter ids an event's rounds name (as stored), sorted and each once. */
export function rosterIds(eventData: unknown): string[] {
  if (!isRecord(eventData) || !isRecord(eventData.rounds)) return [];
  const ids = new Set<string>();
  for (const { entries } of orderedRounds(eventData.rounds as Rounds)) {
    if (!Array.isArray(entries)) continue;
    for (const entry of entries as unknown[]) {
      if (isRecord(entry) && typeof entry.presenter_id === 'string' && entry.presenter_id !== '') ids.add(entry.presenter_id);
    }
  }
  return [...ids].sort();
}

/** Whether an event's change (undefined: not there) changes its roster: created, deleted, or other presenters in its rounds. */
export function eventRosterChanged(before: unknown, after: unknown): boolean {
  if ((before === undefined) !== (after === undefined)) return true;
  const [was, is] = [rosterIds(before), rosterIds(after)];
  return was.length !== is.length || was.some((id, at) => id !== is[at]);
}

/** A presenter's company as the roster shows it: '' for none. */
export function rosterCompany(presenterData: unknown): string {
  return isRecord(presenterData) && typeof presenterData.company === 'string' ? presenterData.company.trim() : '';
}

/** Whether a presenter's change (undefined: not there) changes what rosters show of them. */
export function presenterRosterChanged(before: unknown, after: unknown): boolean {
  if ((before === undefined) !== (after === undefined)) return true;
  return rosterCompany(before) !== rosterCompany(after);
}

/** The roster of an event whose rounds name `ids`, from the presenter documents found (by id). */
export function buildRoster(ids: readonly string[], presenters: ReadonlyMap<string, unknown>): RosterDocument {
  const companies: Record<string, string> = {};
  for (const id of ids) if (presenters.has(id)) companies[id] = rosterCompany(presenters.get(id));
  return { companies };
}
