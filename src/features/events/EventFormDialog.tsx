// The 'Create New Event' and 'Edit Event' dialogs (the spec's sections 2, 5 and 8): title, logos,
// description, location, start time and number of rounds, the pitch timer's pitch length (the
// spec's 3 minutes by default) and question time, the matching settings (fair scores,
// conflicts of interest excluded; the spec has no words for them) and the meetings after matching
// (MeetingSettingsFields). Create Event / Update Event are
// enabled once the title, description and start time are filled, the times are valid and nothing
// is saving. Editing warns
// before a smaller round count drops a round that holds presenters, and offers Delete Event.
// The date-time picker loads with this dialog, so only the admin screens carry its code.

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { DEFAULT_EXCLUDE_CONFLICTS, DEFAULT_FAIR_SCORES, DEFAULT_SHARE_FEEDBACK } from '../../../domain/constants';
import {
  DEFAULT_MEETING_SETTINGS,
  meetingSettingsDraft,
  meetingSettingsOfDraft,
  type MeetingSettingsDraft,
} from '../../../domain/meetingSettings';
import { orderedRounds } from '../../../domain/rounds';
import { timings } from '../../config/constants';
import { paths } from '../../config/paths';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { clockInputMessages, pitchSecondsOf, questionSecondsOf } from '../../lib/clockInput';
import { DEFAULT_PITCH_SECONDS, DEFAULT_QUESTION_SECONDS, formatClock } from '../../../domain/pitchTimer';
import { createEvent, deleteEvent, updateEvent, type EventFields, type UploadProgress } from '../../db/eventAdmin';
import type { LogoVariant } from '../../lib/logos';
import type { Event, Rounds } from '../../types/event';
import { LogoField } from './LogoField';
import { MeetingSettingsFields } from './MeetingSettingsFields';
import { SettingSwitch } from './SettingSwitch';

/** The spec's 'Confirm Deletion' text (section 2, "Edit Event"). */
export const deleteQuestion = 'Are you sure you want to delete this event? This action cannot be undone.';

export const eventFormMessages = {
  created: 'Event saved successfully!',
  createFailed: 'An error occurred while saving the event.',
  updated: 'Event updated successfully',
  updateFailed: 'Error updating event',
  deleteFailed: 'Error deleting event',
} as const;

/** The matching settings: each switch's label and one line saying what it does. */
export const matchingSettings = {
  fairScores: {
    label: 'Correct for lenient and harsh raters',
    helper: "Matching weighs each provider's stars against how they rate everyone, so generous and strict raters count alike.",
  },
  excludeConflicts: {
    label: 'Exclude conflicts of interest from matching',
    helper: 'A provider from the same company or e-mail domain as a presenter is never matched with them.',
  },
} as const;

/** 'Share feedback with presenters': its label and what it does. */
export const shareFeedbackSetting = {
  label: 'Share feedback with presenters',
  helper:
    'After matching, each presenter can read their ratings and the comments, without the providers’ names; a question with fewer than 3 ratings is not shared. The questionnaire tells providers so.',
} as const;

/** Rounds per event: 1, 2 or 3 (the spec's section 9). */
const ROUND_COUNTS = [1, 2, 3] as const;

const labels = {
  create: {
    dialog: 'Create New Event',
    title: 'Title',
    normalLogo: 'Normal Logo',
    middleLogo: 'Middle Logo (optional)',
    description: 'Description',
    location: 'Location',
    submit: 'Create Event',
  },
  edit: {
    dialog: 'Edit Event',
    title: 'Event Title',
    normalLogo: 'Update Normal Logo',
    middleLogo: 'Update Middle Logo (optional)',
    description: 'Event Description',
    location: 'Event Location',
    submit: 'Update Event',
  },
} as const;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What a smaller round count would drop, one sentence per round that holds presenters. */
export function roundDropWarnings(rounds: Rounds, count: number): string[] {
  return orderedRounds(rounds)
    .filter((round) => round.roundNumber > count && round.entries.length > 0)
    .map(
      (round) =>
        `Round ${round.roundNumber} has ${plural(round.entries.length, 'presenter')}. Saving with ${plural(count, 'round')} removes it, and its presenters return to the unassigned pool.`,
    );
}

type Logos = Record<LogoVariant, File | null>;

interface EventFormProps {
  event?: Event;
  onClose: () => void;
  /** Told when a save or delete starts and ends, so the dialog stays open meanwhile. */
  onBusyChange: (busy: boolean) => void;
  /** The dialog's title element id (the dialog's accessible name). */
  titleId: string;
}

function EventForm({ event, onClose, onBusyChange, titleId }: EventFormProps) {
  const mode = event ? 'edit' : 'create';
  const text = labels[mode];
  const navigate = useNavigate();
  const [title, setTitle] = useState(event?.title ?? '');
  const [description, setDescription] = useState(event?.description ?? '');
  const [location, setLocation] = useState(event?.location ?? '');
  const [startTime, setStartTime] = useState<Dayjs | null>(event?.startTime ? dayjs(event.startTime) : null);
  const [numberOfRounds, setNumberOfRounds] = useState(event?.numberOfRounds ?? 1);
  const [fairScores, setFairScores] = useState(event?.fairScores ?? DEFAULT_FAIR_SCORES);
  const [excludeConflicts, setExcludeConflicts] = useState(event?.excludeConflicts ?? DEFAULT_EXCLUDE_CONFLICTS);
  const [shareFeedback, setShareFeedback] = useState(event?.shareFeedback ?? DEFAULT_SHARE_FEEDBACK);
  const [pitchLength, setPitchLength] = useState(formatClock(event?.pitchSeconds ?? DEFAULT_PITCH_SECONDS));
  const [questionTime, setQuestionTime] = useState(formatClock(event?.questionSeconds ?? DEFAULT_QUESTION_SECONDS));
  const pitchSeconds = pitchSecondsOf(pitchLength);
  const questionSeconds = questionSecondsOf(questionTime);
  const settingId = useId();
  const [meetingsDraft, setMeetingsDraft] = useState<MeetingSettingsDraft<Dayjs>>(() => {
    const settings = event?.meetings ?? DEFAULT_MEETING_SETTINGS;
    return meetingSettingsDraft({ ...settings, startTime: settings.startTime ? dayjs(settings.startTime) : null });
  });
  const meetings = meetingSettingsOfDraft(meetingsDraft, (time) => time.isValid());
  const [logos, setLogos] = useState<Logos>({ normal: null, middle: null });
  const [progress, setProgress] = useState<Partial<Record<LogoVariant, number>>>({});
  const [saving, setSaving] = useState(false);
  const [updateFailed, setUpdateFailed] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const busy = saving || deleting;
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);
  const complete =
    title.trim() !== '' &&
    description.trim() !== '' &&
    startTime !== null &&
    startTime.isValid() &&
    pitchSeconds !== null &&
    questionSeconds !== null &&
    'settings' in meetings;
  const warnings = event ? roundDropWarnings(event.rounds, numberOfRounds) : [];

  const onProgress = ({ variant, bytesTransferred, totalBytes }: UploadProgress) =>
    setProgress((previous) => ({ ...previous, [variant]: totalBytes > 0 ? (bytesTransferred / totalBytes) * 100 : 0 }));

  const submit = async (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    if (!complete || busy || pitchSeconds === null || questionSeconds === null || !('settings' in meetings)) return;
    const fields: EventFields = {
      title: title.trim(),
      description: description.trim(),
      location: location.trim(),
      startTime: startTime.toDate(),
      numberOfRounds,
      fairScores,
      excludeConflicts,
      shareFeedback,
      pitchSeconds,
      questionSeconds,
      meetings: { ...meetings.settings, startTime: meetings.settings.startTime?.toDate() ?? null },
    };
    setSaving(true);
    setUpdateFailed(false);
    setProgress(Object.fromEntries(Object.entries(logos).flatMap(([variant, file]) => (file ? [[variant, 0]] : []))));
    const options = { autoClose: timings.adminToastMs };
    try {
      if (event) {
        await updateEvent(event.id, fields, logos, onProgress);
        toast.success(eventFormMessages.updated, options);
      } else {
        await createEvent(fields, logos, onProgress);
        toast.success(eventFormMessages.created, options);
      }
      onClose();
    } catch (error) {
      console.warn('The event could not be saved.', error);
      if (event) setUpdateFailed(true);
      else toast.error(eventFormMessages.createFailed, options);
      setSaving(false);
      setProgress({});
    }
  };

  const remove = async () => {
    if (!event) return;
    setDeleting(true);
    try {
      await deleteEvent(event.id);
      onClose();
      navigate(paths.events);
    } catch (error) {
      console.warn('The event could not be deleted.', error);
      toast.error(eventFormMessages.deleteFailed, { autoClose: timings.adminToastMs });
      setDeleting(false);
      setConfirmingDelete(false);
    }
  };

  const chooseLogo = (variant: LogoVariant) => (file: File | null) => setLogos((previous) => ({ ...previous, [variant]: file }));

  return (
    <>
      <Stack component="form" onSubmit={submit} noValidate aria-labelledby={titleId} aria-busy={busy}>
        <DialogTitle id={titleId}>{text.dialog}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {updateFailed && <Alert severity="error">{eventFormMessages.updateFailed}</Alert>}
            <TextField
              label={text.title}
              value={title}
              onChange={(change) => setTitle(change.target.value)}
              required
              disabled={busy}
              fullWidth
            />
            <LogoField
              label={text.normalLogo}
              required
              currentUrl={event?.normalLogo}
              progress={progress.normal ?? null}
              disabled={busy}
              onChange={chooseLogo('normal')}
            />
            <LogoField
              label={text.middleLogo}
              currentUrl={event?.middleLogo}
              progress={progress.middle ?? null}
              disabled={busy}
              onChange={chooseLogo('middle')}
            />
            <TextField
              label={text.description}
              value={description}
              onChange={(change) => setDescription(change.target.value)}
              required
              multiline
              minRows={3}
              disabled={busy}
              fullWidth
            />
            <TextField
              label={text.location}
              value={location}
              onChange={(change) => setLocation(change.target.value)}
              disabled={busy}
              fullWidth
            />
            <LocalizationProvider dateAdapter={AdapterDayjs}>
              <DateTimePicker
                label="Start Time"
                value={startTime}
                onChange={setStartTime}
                disabled={busy}
                slotProps={{ textField: { required: true, fullWidth: true } }}
              />
            </LocalizationProvider>
            <TextField
              select
              label="Number of Rounds"
              value={numberOfRounds}
              onChange={(change) => setNumberOfRounds(Number(change.target.value))}
              disabled={busy}
              fullWidth
            >
              {ROUND_COUNTS.map((count) => (
                <MenuItem key={count} value={count}>
                  {count}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Pitch length (m:ss)"
                value={pitchLength}
                onChange={(change) => setPitchLength(change.target.value)}
                error={pitchSeconds === null}
                helperText={
                  pitchSeconds === null ? clockInputMessages.pitch : 'The room display counts it down for each presenter.'
                }
                disabled={busy}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                fullWidth
              />
              <TextField
                label="Question time (m:ss)"
                value={questionTime}
                onChange={(change) => setQuestionTime(change.target.value)}
                error={questionSeconds === null}
                helperText={questionSeconds === null ? clockInputMessages.questions : '0:00 for none; it follows the pitch.'}
                disabled={busy}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                fullWidth
              />
            </Stack>
            <FormControl component="fieldset" disabled={busy}>
              <FormLabel component="legend">Matching</FormLabel>
              <SettingSwitch
                id={`${settingId}-fair`}
                {...matchingSettings.fairScores}
                checked={fairScores}
                onChange={setFairScores}
              />
              <SettingSwitch
                id={`${settingId}-conflicts`}
                {...matchingSettings.excludeConflicts}
                checked={excludeConflicts}
                onChange={setExcludeConflicts}
              />
            </FormControl>
            <FormControl component="fieldset" disabled={busy}>
              <FormLabel component="legend">Feedback</FormLabel>
              <SettingSwitch
                id={`${settingId}-feedback`}
                {...shareFeedbackSetting}
                checked={shareFeedback}
                onChange={setShareFeedback}
              />
            </FormControl>
            <MeetingSettingsFields
              id={settingId}
              draft={meetingsDraft}
              onChange={setMeetingsDraft}
              problems={'problems' in meetings ? meetings.problems : {}}
              eventStart={startTime}
              disabled={busy}
            />
            {warnings.length > 0 && (
              <Alert severity="warning">
                {warnings.map((warning) => (
                  <div key={warning}>{warning}</div>
                ))}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {event && (
            <Button color="error" onClick={() => setConfirmingDelete(true)} disabled={busy} sx={{ mr: 'auto' }}>
              Delete Event
            </Button>
          )}
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!complete || busy}
            startIcon={saving ? <CircularProgress size={18} color="inherit" aria-label="Saving" /> : undefined}
          >
            {text.submit}
          </Button>
        </DialogActions>
      </Stack>
      <ConfirmDialog
        open={confirmingDelete}
        title="Confirm Deletion"
        question={deleteQuestion}
        confirmLabel="Delete"
        busy={deleting}
        busyLabel="Deleting"
        destructive
        onConfirm={remove}
        onCancel={() => setConfirmingDelete(false)}
      />
    </>
  );
}

/** Create mode without `event`, edit mode with it. Closing is held off while a save or delete runs. */
export function EventFormDialog({ open, onClose, event }: { open: boolean; onClose: () => void; event?: Event }) {
  // A fresh form each time the dialog opens (the event's current values in edit mode).
  const [session, setSession] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setSession((count) => count + 1);
  }
  // A click beside the dialog does not throw the typed form away; Escape and Cancel close it.
  const close = (_: unknown, reason: 'backdropClick' | 'escapeKeyDown') => {
    if (!busy && reason !== 'backdropClick') onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <EventForm key={session} event={event} onClose={onClose} onBusyChange={setBusy} titleId={titleId} />
    </Dialog>
  );
}
