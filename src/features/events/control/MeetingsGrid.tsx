// The admin's meetings grid, in the control screen's Meetings panel: slots down, places across,
// each booked meeting (requested or confirmed) in its cell, live. Choosing a meeting (a click, or
// Enter or Space on it) offers every free cell as 'Move here' and a 'Cancel meeting' button;
// Escape, or choosing it again, puts it down. A move or a cancel is asked of the server
// (meeting_requests by the admin, functions/src/meetings/requests.ts), which books the new slot
// in one transaction and answers; the answer shows as a toast and the grid follows the meetings.

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import type { MeetingSettings } from '../../../../domain/meetingSettings';
import { timings } from '../../../config/constants';
import { holdsSlot, sendMeetingRequest, watchEventMeetings, type Meeting } from '../../../db/meetings';
import { meetingStatusLabels } from '../../../lib/meetingRows';
import { watchFailure } from '../../../lib/watchFailure';

export const meetingsGridMessages = {
  caption: 'Meetings by slot and place',
  watchFailed: 'The meetings could not be loaded.',
  moving: (who: string) => `Moving the meeting of ${who}: choose a free cell, or press Escape to keep it where it is.`,
  failed: 'The change could not be sent. Check the connection and try again.',
} as const;

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** The slot's start as the grid's row heading: its time, or its number while the session has no start time. */
function slotLabel(settings: MeetingSettings<Date>, slot: number): string {
  if (!settings.startTime) return `Slot ${slot + 1}`;
  return timeFormat.format(new Date(settings.startTime.getTime() + slot * settings.slotMinutes * 60_000));
}

export function MeetingsGrid({
  eventId,
  settings,
  names,
}: {
  eventId: string;
  settings: MeetingSettings<Date>;
  /** Names by `p:{presenterId}` and `v:{providerId}`, from the final matches. */
  names: ReadonlyMap<string, string>;
}) {
  const [meetings, setMeetings] = useState<Meeting[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(
    () =>
      watchEventMeetings(
        eventId,
        setMeetings,
        watchFailure(meetingsGridMessages.watchFailed, () => setFailed(true)),
      ),
    [eventId],
  );

  const booked = (meetings ?? []).filter(holdsSlot);
  const moving = booked.find((meeting) => meeting.id === chosen) ?? null;
  const who = (meeting: Meeting) =>
    `${names.get(`p:${meeting.presenterId}`) ?? meeting.presenterId} and ${names.get(`v:${meeting.providerId}`) ?? meeting.providerId}`;

  const send = async (meeting: Meeting, change: { action: 'move'; slot: number; place: string } | { action: 'cancel' }) => {
    setSending(true);
    try {
      const answer = await sendMeetingRequest({
        eventId,
        presenterId: meeting.presenterId,
        providerId: meeting.providerId,
        by: 'admin',
        ...change,
      });
      if (answer.done) {
        toast.success(answer.message, { autoClose: timings.adminToastMs });
        setChosen(null);
      } else toast.error(answer.message, { autoClose: timings.adminToastMs });
    } catch (error) {
      console.warn('A meeting change could not be sent.', error);
      toast.error(meetingsGridMessages.failed, { autoClose: timings.adminToastMs });
    } finally {
      setSending(false);
    }
  };

  if (failed) return <Typography color="error">{meetingsGridMessages.watchFailed}</Typography>;
  if (meetings === null || booked.length === 0) return null;
  const slots = Array.from({ length: settings.slots }, (_, slot) => slot);
  return (
    <Stack
      spacing={1}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && chosen !== null) {
          event.stopPropagation();
          setChosen(null);
        }
      }}
    >
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={meetingsGridMessages.caption}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Slot
              </TableCell>
              {settings.places.map((place) => (
                <TableCell key={place} component="th" scope="col">
                  {place}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {slots.map((slot) => (
              <TableRow key={slot}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  {slotLabel(settings, slot)}
                </TableCell>
                {settings.places.map((place) => {
                  const here = booked.filter((meeting) => meeting.slot === slot && meeting.place === place);
                  return (
                    <TableCell key={place} sx={{ verticalAlign: 'top', minWidth: 160 }}>
                      {here.map((meeting) => (
                        <Button
                          key={meeting.id}
                          size="small"
                          variant={meeting.id === chosen ? 'contained' : 'outlined'}
                          aria-pressed={meeting.id === chosen}
                          disabled={sending}
                          onClick={() => setChosen(meeting.id === chosen ? null : meeting.id)}
                          sx={{ textTransform: 'none', textAlign: 'left', justifyContent: 'flex-start', width: '100%' }}
                        >
                          {`${who(meeting)} · ${meetingStatusLabels[meeting.status]}`}
                        </Button>
                      ))}
                      {moving && here.length === 0 && (
                        <Button
                          size="small"
                          disabled={sending}
                          aria-label={`Move here: ${place} at ${slotLabel(settings, slot)}`}
                          onClick={() => void send(moving, { action: 'move', slot, place })}
                        >
                          Move here
                        </Button>
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {moving && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Typography role="status" sx={{ flex: 1 }}>
            {meetingsGridMessages.moving(who(moving))}
          </Typography>
          <Button color="error" variant="outlined" disabled={sending} onClick={() => void send(moving, { action: 'cancel' })}>
            Cancel meeting
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
