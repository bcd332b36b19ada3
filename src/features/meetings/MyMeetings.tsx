// "My meetings" (/meetings/:eventId): the signed-in presenter's or provider's meetings of one
// event after matching, live as they change: when (the slot's start and end by the event's
// meeting settings), where, with whom (name and company from the final matches), and where each
// stands. The side that did not ask accepts or declines a request; either side cancels; once a
// confirmed meeting's slot has started, either says "We met". Every change is a request the
// server answers (src/db/meetings.ts); its sentence is shown as a toast. Made for a phone.

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { slotWindow } from '../../../domain/meetings';
import { useNow } from '../../components/useNow';
import { timings } from '../../config/constants';
import { watchEvent } from '../../db/events';
import { getFinalMatches } from '../../db/finalMatches';
import { sendMeetingRequest, watchMyMeetings, type Meeting, type MeetingAction, type MeetingSide } from '../../db/meetings';
import { watchUserId } from '../../db/session';
import type { Event } from '../../types/event';
import type { FinalMatch } from '../../types/finalMatch';

export const myMeetingsMessages = {
  loading: 'Fetching your meetings...',
  failed: 'Your meetings could not be loaded. Please check your connection and try again.',
  none: 'You have no meetings at this event yet.',
  off: 'This event has no meetings.',
  requestFailed: 'The meeting could not be changed. Please try again.',
} as const;

interface Person {
  name: string;
  company: string;
}

/** The other person of each pair, by presenter id and provider id, from the event's final matches. */
function peopleOf(matches: FinalMatch[]): { presenters: Map<string, Person>; providers: Map<string, Person> } {
  const presenters = new Map<string, Person>();
  const providers = new Map<string, Person>();
  for (const match of matches) {
    const details = match.presenter_details;
    presenters.set(match.presenter_id, { name: `${details.first_name} ${details.last_name}`.trim(), company: details.company });
    for (const { provider_id, provider_details } of match.matched_providers) {
      providers.set(provider_id, {
        name: `${provider_details.first_name} ${provider_details.last_name}`.trim(),
        company: provider_details.company,
      });
    }
  }
  return { presenters, providers };
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

function statusText(
  meeting: Meeting,
  side: MeetingSide,
  other: string,
): { label: string; color: 'default' | 'success' | 'warning' } {
  if (meeting.status === 'accepted') {
    return meeting.metBy.length > 0 ? { label: 'Held', color: 'success' } : { label: 'Confirmed', color: 'success' };
  }
  if (meeting.status === 'requested') {
    return meeting.requestedBy === side
      ? { label: `Waiting for ${other} to answer`, color: 'warning' }
      : { label: `${other} asks to meet`, color: 'warning' };
  }
  return { label: meeting.status === 'declined' ? 'Declined' : 'Cancelled', color: 'default' };
}

export function MyMeetings({ eventId }: { eventId: string }) {
  const [uid, setUid] = useState<string | null>(null);
  const [event, setEvent] = useState<Event | null>(null);
  const [meetings, setMeetings] = useState<Meeting[] | null>(null);
  const [people, setPeople] = useState<ReturnType<typeof peopleOf> | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const now = useNow(30_000);

  useEffect(() => watchUserId(setUid, () => setFailed(true)), []);
  useEffect(
    () =>
      watchEvent(
        eventId,
        (next) => setEvent(next),
        () => setFailed(true),
      ),
    [eventId],
  );
  useEffect(() => {
    if (!uid) return undefined;
    return watchMyMeetings(eventId, uid, setMeetings, () => setFailed(true));
  }, [eventId, uid]);
  // Names are read again when a meeting with someone not yet known arrives (matching ran again).
  const known = meetings?.every(
    (meeting) => people?.presenters.has(meeting.presenterId) && people.providers.has(meeting.providerId),
  );
  useEffect(() => {
    if (!meetings || meetings.length === 0 || known) return;
    let current = true;
    getFinalMatches(eventId).then(
      (matches) => current && setPeople(peopleOf(matches)),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [eventId, meetings, known]);

  if (failed) return <Alert severity="error">{myMeetingsMessages.failed}</Alert>;
  if (!uid || !event || meetings === null) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 4 }} role="status">
        <CircularProgress size={24} aria-hidden />
        <Typography>{myMeetingsMessages.loading}</Typography>
      </Stack>
    );
  }

  const settings = event.meetings;
  const act = async (meeting: Meeting, side: MeetingSide, action: MeetingAction) => {
    setBusy(meeting.id);
    try {
      const answer = await sendMeetingRequest({
        eventId,
        presenterId: meeting.presenterId,
        providerId: meeting.providerId,
        action,
        by: side,
      });
      (answer.done ? toast.success : toast.error)(answer.message, { autoClose: timings.adminToastMs });
    } catch (error) {
      console.warn('The meeting request failed.', error);
      toast.error(error instanceof Error && error.message ? error.message : myMeetingsMessages.requestFailed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Typography variant="h5" component="h1">
        My meetings
      </Typography>
      <Typography color="text.secondary">{event.title}</Typography>
      {!settings.enabled && meetings.length === 0 && <Alert severity="info">{myMeetingsMessages.off}</Alert>}
      {settings.enabled && meetings.length === 0 && <Alert severity="info">{myMeetingsMessages.none}</Alert>}
      {meetings.map((meeting) => {
        const side: MeetingSide = meeting.providerId === uid ? 'provider' : 'presenter';
        const other =
          side === 'provider' ? people?.presenters.get(meeting.presenterId) : people?.providers.get(meeting.providerId);
        const otherName = other?.name || (side === 'provider' ? 'The presenter' : 'The provider');
        const slotTime = settings.startTime ? slotWindow(settings.startTime.getTime(), settings.slotMinutes, meeting.slot) : null;
        const status = statusText(meeting, side, otherName);
        const holds = meeting.status === 'requested' || meeting.status === 'accepted';
        const started = slotTime !== null && now.getTime() >= slotTime.startMs;
        const working = busy === meeting.id;
        return (
          <Card key={meeting.id} component="article" aria-label={`Meeting with ${otherName}`} variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2">
                {slotTime
                  ? `${timeFormat.format(slotTime.startMs)} – ${timeFormat.format(slotTime.endMs)}`
                  : `Slot ${meeting.slot + 1}`}
              </Typography>
              <Typography>{meeting.place}</Typography>
              <Typography>
                With {otherName}
                {other?.company ? `, ${other.company}` : ''}
              </Typography>
              <Chip size="small" label={status.label} color={status.color} sx={{ mt: 1 }} />
              {meeting.metBy.includes(side) && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  You said you met.
                </Typography>
              )}
            </CardContent>
            {holds && (
              <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
                {meeting.status === 'requested' && meeting.requestedBy !== side && (
                  <>
                    <Button variant="contained" disabled={working} onClick={() => void act(meeting, side, 'accept')}>
                      Accept
                    </Button>
                    <Button disabled={working} onClick={() => void act(meeting, side, 'decline')}>
                      Decline
                    </Button>
                  </>
                )}
                {meeting.status === 'accepted' && started && !meeting.metBy.includes(side) && (
                  <Button variant="contained" disabled={working} onClick={() => void act(meeting, side, 'met')}>
                    We met
                  </Button>
                )}
                <Button color="error" disabled={working} onClick={() => void act(meeting, side, 'cancel')}>
                  Cancel meeting
                </Button>
              </CardActions>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
