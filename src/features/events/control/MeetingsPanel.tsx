// The control screen's Meetings panel, for an event with meetings on: Schedule all gives every
// matched pair without a meeting a slot and a place on the server (docs/decisions.md, "Meetings
// after matching"), and the panel shows its last answer live: how many meetings it booked and each
// pair it left out, by name, with the reason; and the grid of the meetings booked, where the admin
// moves or cancels one (MeetingsGrid).

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { timings } from '../../../config/constants';
import { currentAdminUid } from '../../../db/adminAuth';
import { getFinalMatches } from '../../../db/finalMatches';
import { requestScheduleAll, watchScheduleAll, type ScheduleAll } from '../../../db/meetingSchedule';
import type { MeetingSettings } from '../../../../domain/meetingSettings';
import { watchFailure } from '../../../lib/watchFailure';
import { MeetingsGrid } from './MeetingsGrid';
import type { FinalMatch } from '../../../types/finalMatch';

export const meetingsPanelMessages = {
  intro: 'Schedule all gives every matched pair without a meeting a slot and a place, best matches first.',
  running: 'Scheduling the meetings...',
  askFailed: 'Schedule all could not be started. Please try again.',
  watchFailed: 'The meetings schedule could not be loaded.',
  booked: (count: number) => (count === 1 ? 'Booked 1 meeting.' : `Booked ${count} meetings.`),
  leftOut: 'Left out:',
} as const;

/** Names by presenter id and by provider id, from the event's final matches. */
function namesOf(matches: FinalMatch[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const match of matches) {
    names.set(`p:${match.presenter_id}`, `${match.presenter_details.first_name} ${match.presenter_details.last_name}`.trim());
    for (const { provider_id, provider_details } of match.matched_providers) {
      names.set(`v:${provider_id}`, `${provider_details.first_name} ${provider_details.last_name}`.trim());
    }
  }
  return names;
}

export function MeetingsPanel({ eventId, settings }: { eventId: string; settings: MeetingSettings<Date> }) {
  const [schedule, setSchedule] = useState<ScheduleAll | null>(null);
  const [failed, setFailed] = useState(false);
  const [names, setNames] = useState<Map<string, string>>(new Map());
  useEffect(
    () =>
      watchScheduleAll(
        eventId,
        setSchedule,
        watchFailure(meetingsPanelMessages.watchFailed, () => setFailed(true)),
      ),
    [eventId],
  );
  // Names for the grid and the pairs left out; read again after each Schedule all (new matches may have run).
  const answered = schedule?.state === 'done' ? schedule.placed : -1;
  useEffect(() => {
    let current = true;
    getFinalMatches(eventId).then(
      (matches) => current && setNames(namesOf(matches)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [eventId, answered]);

  const ask = async () => {
    try {
      await requestScheduleAll(eventId, currentAdminUid() ?? '');
    } catch (error) {
      console.warn('Schedule all could not be started.', error);
      toast.error(meetingsPanelMessages.askFailed, { autoClose: timings.adminToastMs });
    }
  };
  const running = schedule?.state === 'running';

  return (
    <Paper component="section" aria-labelledby="meetings-panel-heading" variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography id="meetings-panel-heading" variant="h6" component="h2">
          Meetings
        </Typography>
        <Typography color="text.secondary">{meetingsPanelMessages.intro}</Typography>
        <Button
          variant="contained"
          onClick={() => void ask()}
          disabled={running || schedule === null}
          sx={{ alignSelf: 'flex-start' }}
          startIcon={running ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          Schedule all
        </Button>
        {failed && <Alert severity="error">{meetingsPanelMessages.watchFailed}</Alert>}
        <div role="status">
          {running && <Typography>{meetingsPanelMessages.running}</Typography>}
          {schedule?.state === 'failed' && <Alert severity="error">{schedule.reason}</Alert>}
          {schedule?.state === 'done' && <Typography>{meetingsPanelMessages.booked(schedule.placed)}</Typography>}
        </div>
        {schedule?.state === 'done' && schedule.unplaced.length > 0 && (
          <Stack component="section" aria-label="Pairs left out" spacing={0.5}>
            <Typography>{meetingsPanelMessages.leftOut}</Typography>
            <ul style={{ margin: 0 }}>
              {schedule.unplaced.map((pair) => (
                <li key={`${pair.presenterId}/${pair.providerId}`}>
                  {names.get(`p:${pair.presenterId}`) ?? pair.presenterId} and{' '}
                  {names.get(`v:${pair.providerId}`) ?? pair.providerId}: {pair.reason}
                </li>
              ))}
            </ul>
          </Stack>
        )}
        <MeetingsGrid eventId={eventId} settings={settings} names={names} />
      </Stack>
    </Paper>
  );
}
