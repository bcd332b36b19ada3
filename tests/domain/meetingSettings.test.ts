// An event's meeting settings: read from whatever is stored with the defaults filled in, and the
// form's draft turned into settings or into the message for each wrong field.

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MEETING_SETTINGS,
  meetingSettingsDraft,
  meetingSettingsFrom,
  meetingSettingsMessages,
  meetingSettingsOfDraft,
  placesOf,
  storedMeetingSettings,
  type MeetingSettings,
} from '../../domain/meetingSettings';

const asMs = (value: unknown) => (typeof value === 'number' ? value : null);
const always = () => true;
const settings: MeetingSettings<number> = {
  enabled: true,
  startTime: 1_900_000_000_000,
  slotMinutes: 15,
  slots: 4,
  places: ['Table 1', 'Garden bench', 'https://meet.example.org/room'],
  maxPerPerson: 2,
};

describe('meetingSettingsFrom', () => {
  it('reads what storedMeetingSettings wrote', () => {
    expect(meetingSettingsFrom(storedMeetingSettings(settings), asMs)).toEqual(settings);
  });

  it('reads a missing or damaged field as meetings off with the defaults', () => {
    expect(meetingSettingsFrom(undefined, asMs)).toEqual(DEFAULT_MEETING_SETTINGS);
    expect(meetingSettingsFrom('on', asMs)).toEqual(DEFAULT_MEETING_SETTINGS);
    expect(
      meetingSettingsFrom({ enabled: 'yes', slot_minutes: 7.5, slots: '3', places: [1, ''], max_per_person: null }, asMs),
    ).toEqual(DEFAULT_MEETING_SETTINGS);
  });

  it('never hands out the defaults’ own list of places', () => {
    meetingSettingsFrom(undefined, asMs).places.push('Table 7');
    expect(DEFAULT_MEETING_SETTINGS.places).toHaveLength(6);
  });
});

describe('meetingSettingsOfDraft', () => {
  const draft = meetingSettingsDraft(settings);

  it('gives back the settings a draft was made from', () => {
    expect(meetingSettingsOfDraft(draft, always)).toEqual({ settings });
  });

  it('reads places one per line, trimmed, blank lines left out', () => {
    expect(placesOf('  Table 1 \n\n Table 2\n   \n')).toEqual(['Table 1', 'Table 2']);
  });

  it.each([
    ['startTime', { startTime: null }],
    ['slotMinutes', { slotMinutes: '4' }],
    ['slotMinutes', { slotMinutes: '121' }],
    ['slotMinutes', { slotMinutes: '7.5' }],
    ['slots', { slots: '0' }],
    ['slots', { slots: '49' }],
    ['slots', { slots: 'six' }],
    ['places', { places: ' \n ' }],
    ['places', { places: 'Table 1\nTable 1' }],
    ['places', { places: 'x'.repeat(201) }],
    ['places', { places: Array.from({ length: 201 }, (_, i) => `T${i}`).join('\n') }],
    ['maxPerPerson', { maxPerPerson: '0' }],
    ['maxPerPerson', { maxPerPerson: '5' }],
  ] as const)('with meetings on, says what is wrong with %s (%j)', (field, change) => {
    expect(meetingSettingsOfDraft({ ...draft, ...change }, always)).toEqual({
      problems: { [field]: meetingSettingsMessages[field] },
    });
  });

  it('says a start time the picker holds but cannot read is wrong', () => {
    expect(meetingSettingsOfDraft(draft, () => false)).toEqual({ problems: { startTime: meetingSettingsMessages.startTime } });
  });

  it('with meetings off, saves what is valid and the defaults for the rest, within the rules’ limits', () => {
    const off = meetingSettingsOfDraft({ ...draft, enabled: false, slots: '0', maxPerPerson: '9', places: '' }, always);
    expect(off).toEqual({
      settings: {
        ...settings,
        enabled: false,
        slots: DEFAULT_MEETING_SETTINGS.slots,
        maxPerPerson: DEFAULT_MEETING_SETTINGS.maxPerPerson,
        places: DEFAULT_MEETING_SETTINGS.places,
      },
    });
    const fewSlots = meetingSettingsOfDraft({ ...draft, enabled: false, slots: '2', maxPerPerson: 'x' }, always);
    expect(fewSlots).toMatchObject({ settings: { slots: 2, maxPerPerson: 2 } });
  });
});
