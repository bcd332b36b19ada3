// The meetings after matching, for the 'Meetings' export and the insights page: one row per
// meeting (every pair that asked or was placed, whatever became of it), by time and then place,
// with who met whom, where, what became of it and whether it was held; and per presenter the
// meetings requested, accepted and held. Names come from the final matches, which hold both
// people's details as matching wrote them.

import { slotWindow } from '../../domain/meetings';
import type { MeetingSettings } from '../../domain/meetingSettings';
import type { FinalMatch } from '../types/finalMatch';
import type { Meeting, MeetingStatus } from '../types/meeting';
import { escapeFormula, pairColumns, tableOf, type ColumnOf, type ExportTable, type PairPeople } from './exportRows';

export interface MeetingRow extends PairPeople {
  /** When its slot starts; null while the event's meetings have no start time. */
  start: Date | null;
  place: string;
  status: string;
  askedBy: string;
  held: string;
}

export const meetingStatusLabels: Record<MeetingStatus, string> = {
  requested: 'Requested',
  accepted: 'Confirmed',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

const askedByLabels: Record<Meeting['requestedBy'], string> = {
  presenter: 'Presenter',
  provider: 'Provider',
  schedule: 'Schedule all',
};

interface Person {
  first_name: string;
  last_name: string;
  company: string;
  email: string;
}

const fullName = (person: Person | undefined) => (person ? `${person.first_name} ${person.last_name}`.trim() : '');
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface MeetingsExportData {
  meetings: Meeting[];
  finalMatches: FinalMatch[];
  settings: MeetingSettings<Date>;
}

export function meetingRows({ meetings, finalMatches, settings }: MeetingsExportData): MeetingRow[] {
  const presenters = new Map<string, Person>();
  const providers = new Map<string, Person>();
  for (const match of finalMatches) {
    presenters.set(match.presenter_id, match.presenter_details);
    for (const matched of match.matched_providers) providers.set(matched.provider_id, matched.provider_details);
  }
  const sorted = [...meetings].sort(
    (a, b) =>
      a.slot - b.slot || byText(a.place, b.place) || byText(a.presenterId, b.presenterId) || byText(a.providerId, b.providerId),
  );
  return sorted.map((meeting) => {
    const presenter = presenters.get(meeting.presenterId);
    const provider = providers.get(meeting.providerId);
    const start = settings.startTime
      ? new Date(slotWindow(settings.startTime.getTime(), settings.slotMinutes, meeting.slot).startMs)
      : null;
    return {
      start,
      place: escapeFormula(meeting.place),
      presenterName: escapeFormula(fullName(presenter) || meeting.presenterId),
      presenterCompany: escapeFormula(presenter?.company ?? ''),
      presenterEmail: escapeFormula(presenter?.email ?? ''),
      providerName: escapeFormula(fullName(provider) || meeting.providerId),
      providerCompany: escapeFormula(provider?.company ?? ''),
      providerEmail: escapeFormula(provider?.email ?? ''),
      status: meetingStatusLabels[meeting.status],
      askedBy: askedByLabels[meeting.requestedBy],
      held: meeting.metBy.length > 0 ? `Yes (said by the ${meeting.metBy.join(' and the ')})` : '',
    };
  });
}

const MEETING_COLUMNS: ColumnOf<MeetingRow>[] = [
  { header: 'Time', kind: 'time', width: 20, value: (row) => row.start },
  { header: 'Place', kind: 'text', width: 16, value: (row) => row.place },
  ...pairColumns<MeetingRow>(),
  { header: 'Status', kind: 'text', width: 12, value: (row) => row.status },
  { header: 'Asked by', kind: 'text', width: 14, value: (row) => row.askedBy },
  { header: 'Held', kind: 'text', width: 34, value: (row) => row.held },
];

export const meetingsTable = (rows: MeetingRow[]): ExportTable => tableOf('Meetings', MEETING_COLUMNS, rows);

/** A presenter's meetings: every one asked for or placed, those confirmed, and those said held. */
export interface MeetingCounts {
  requested: number;
  accepted: number;
  held: number;
}

/** Each presenter's meeting counts, by presenter id (absent: none). */
export function meetingCountsByPresenter(meetings: readonly Meeting[]): Map<string, MeetingCounts> {
  const counts = new Map<string, MeetingCounts>();
  for (const meeting of meetings) {
    const presenter = counts.get(meeting.presenterId) ?? { requested: 0, accepted: 0, held: 0 };
    presenter.requested += 1;
    if (meeting.status === 'accepted') presenter.accepted += 1;
    if (meeting.status === 'accepted' && meeting.metBy.length > 0) presenter.held += 1;
    counts.set(meeting.presenterId, presenter);
  }
  return counts;
}

/** The insights' line for a presenter's meetings. */
export const meetingCountsText = ({ requested, accepted, held }: MeetingCounts): string =>
  `Meetings: ${requested} requested · ${accepted} accepted · ${held} held`;
