// The event form's Meetings section: on or off, and with meetings on, when the first slot starts,
// the slot length, the number of slots, the places (one per line: a table's number or name, or an
// online link) and the most meetings per person. Switched on for an event that has none set, the
// first slot starts two hours after the event (the admin moves it to after the last round). With
// meetings off the other fields are hidden and keep what was typed.

import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { Dayjs } from 'dayjs';
import type { MeetingSettingsDraft, MeetingSettingsField } from '../../../domain/meetingSettings';
import { SettingSwitch } from './SettingSwitch';

export const meetingsSetting = {
  label: 'Meetings after matching',
  helper: 'Each presenter and their matched providers can book a conversation in a time slot at a place.',
} as const;

/** How long after the event's start the first slot starts when the admin switches meetings on. */
const FIRST_SLOT_AFTER_START_HOURS = 2;

interface MeetingSettingsFieldsProps {
  id: string;
  draft: MeetingSettingsDraft<Dayjs>;
  onChange: (draft: MeetingSettingsDraft<Dayjs>) => void;
  /** What is wrong with the draft (shown with meetings on only). */
  problems: Partial<Record<MeetingSettingsField, string>>;
  /** The event's start as typed, for the first slot's default. */
  eventStart: Dayjs | null;
  disabled: boolean;
}

export function MeetingSettingsFields({ id, draft, onChange, problems, eventStart, disabled }: MeetingSettingsFieldsProps) {
  const set = (change: Partial<MeetingSettingsDraft<Dayjs>>) => onChange({ ...draft, ...change });
  const switchTo = (enabled: boolean) =>
    set({
      enabled,
      ...(enabled && draft.startTime === null && eventStart?.isValid()
        ? { startTime: eventStart.add(FIRST_SLOT_AFTER_START_HOURS, 'hour') }
        : {}),
    });
  const number = (field: 'slotMinutes' | 'slots' | 'maxPerPerson', label: string, helper: string) => (
    <TextField
      label={label}
      value={draft[field]}
      onChange={(change) => set({ [field]: change.target.value })}
      error={problems[field] !== undefined}
      helperText={problems[field] ?? helper}
      required
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      fullWidth
    />
  );

  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend">Meetings</FormLabel>
      <SettingSwitch id={`${id}-meetings`} {...meetingsSetting} checked={draft.enabled} onChange={switchTo} />
      {draft.enabled && (
        <Stack spacing={2} sx={{ mt: 1 }}>
          <LocalizationProvider dateAdapter={AdapterDayjs}>
            <DateTimePicker
              label="First meeting starts"
              value={draft.startTime}
              onChange={(startTime) => set({ startTime })}
              disabled={disabled}
              slotProps={{
                textField: {
                  required: true,
                  fullWidth: true,
                  error: problems.startTime !== undefined,
                  helperText: problems.startTime ?? 'For example after the last round.',
                },
              }}
            />
          </LocalizationProvider>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {number('slotMinutes', 'Slot length (minutes)', 'Each meeting lasts one slot.')}
            {number('slots', 'Number of slots', 'One after the other, no break between.')}
          </Stack>
          <TextField
            label="Places"
            value={draft.places}
            onChange={(change) => set({ places: change.target.value })}
            error={problems.places !== undefined}
            helperText={problems.places ?? 'One per line: a table’s number or name, or an online link. Each presenter keeps one.'}
            required
            multiline
            minRows={3}
            fullWidth
          />
          {number('maxPerPerson', 'Most meetings per person', 'For presenters and providers alike.')}
        </Stack>
      )}
    </FormControl>
  );
}
