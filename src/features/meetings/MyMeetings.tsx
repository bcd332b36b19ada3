// "My meetings" (/meetings/:eventId): the signed-in presenter's or provider's meetings of one
// event after matching, live as they change: when (the slot's start and end by the event's
// meeting settings), where, with whom (name and company from the final matches), and where each
// stands. The side that did not ask accepts or declines a request; either side cancels; once a
// confirmed meeting's slot has started, either says "We met". Under "Ask to meet", each match
// with no meeting can be asked for a slot the person has free (the server refuses, saying why,
// when the other is busy then). Every change is a request the server answers
// (src/db/meetings.ts); its sentence is shown as a toast. Made for a phone.

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { FALLBACK_PROVIDER_ID } from '../../../domain/matching';
import { slotWindow } from '../../../domain/meetings';
import { useNow } from '../../components/useNow';
import { timings } from '../../config/constants';
import { watchEvent } from '../../db/events';
import { getFinalMatches } from '../../db/finalMatches';
import {
  holdsSlot,
  sendMeetingRequest,
  watchMyMeetings,
  type Meeting,
  type MeetingAction,
  type MeetingSide,
} from '../../db/meetings';
import { watchUserId } from '../../db/session';
import { watchFailure } from '../../lib/watchFailure';
import type { Event } from '../../types/event';
import type { FinalMatch } from '../../types/finalMatch';

export const myMeetingsMessages = {
  loading: 'Fetching your meetings...',
  failed: 'Your meetings could not be loaded. Please check your connection and try again.',
  none: 'You have no meetings at this event yet.',
  off: 'This event has no meetings.',
  requestFailed: 'The meeting could not be changed. Please try again.',
  noFreeSlot: 'Every slot of yours is taken: cancel a meeting to ask for another.',
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
    return watchMyMeetings(
      eventId,
      uid,
      setMeetings,
      watchFailure(myMeetingsMessages.failed, () => setFailed(true)),
    );
  }, [eventId, uid]);
  // The event's final matches: who the person may meet, and everyone's name and company. Read
  // again when a meeting with someone not yet known arrives (matching ran again).
  const [matches, setMatches] = useState<FinalMatch[] | null>(null);
  const people = matches ? peopleOf(matches) : null;
  const meetingKey = meetings?.map((meeting) => meeting.id).join('\n') ?? '';
  useEffect(() => {
    if (!uid) return undefined;
    let current = true;
    getFinalMatches(eventId).then(
      (read) => current && setMatches(read),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [eventId, uid, meetingKey]);

  if (failed) return <Alert severity="error">{myMeetingsMessages.failed}</Alert>;
  if (!uid || !event || meetings === null || matches === null) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 4 }} role="status">
        <CircularProgress size={24} aria-hidden />
        <Typography>{myMeetingsMessages.loading}</Typography>
      </Stack>
    );
  }

  const settings = event.meetings;
  const act = async (
    meeting: Pick<Meeting, 'id' | 'presenterId' | 'providerId'>,
    side: MeetingSide,
    action: MeetingAction,
    slot?: number,
  ) => {
    setBusy(meeting.id);
    try {
      const answer = await sendMeetingRequest({
        eventId,
        presenterId: meeting.presenterId,
        providerId: meeting.providerId,
        action,
        by: side,
        ...(slot === undefined ? {} : { slot }),
      });
      (answer.done ? toast.success : toast.error)(answer.message, { autoClose: timings.adminToastMs });
    } catch (error) {
      console.warn('The meeting request failed.', error);
      toast.error(error instanceof Error && error.message ? error.message : myMeetingsMessages.requestFailed);
    } finally {
      setBusy(null);
    }
  };

  const holding = meetings.filter(holdsSlot);
  const mySlots = new Set(holding.map((meeting) => meeting.slot));
  const freeSlots = Array.from({ length: settings.slots }, (_, slot) => slot).filter((slot) => !mySlots.has(slot));
  const slotLabel = (slot: number) => {
    if (!settings.startTime) return `Slot ${slot + 1}`;
    const time = slotWindow(settings.startTime.getTime(), settings.slotMinutes, slot);
    return `${timeFormat.format(time.startMs)} – ${timeFormat.format(time.endMs)}`;
  };
  // The person's matches with no meeting that holds a slot: whom they may ask.
  const askable = settings.enabled
    ? matches.flatMap((match) => {
        const pairs: { id: string; presenterId: string; providerId: string; by: MeetingSide; person: Person | undefined }[] = [];
        if (match.presenter_id === uid) {
          for (const { provider_id } of match.matched_providers) {
            if (provider_id === FALLBACK_PROVIDER_ID) continue;
            pairs.push({
              id: `${match.presenter_id}/${provider_id}`,
              presenterId: uid,
              providerId: provider_id,
              by: 'presenter',
              person: people?.providers.get(provider_id),
            });
          }
        } else if (match.matched_providers.some((provider) => provider.provider_id === uid)) {
          pairs.push({
            id: `${match.presenter_id}/${uid}`,
            presenterId: match.presenter_id,
            providerId: uid,
            by: 'provider',
            person: people?.presenters.get(match.presenter_id),
          });
        }
        return pairs.filter(
          (pair) =>
            !holding.some((meeting) => meeting.presenterId === pair.presenterId && meeting.providerId === pair.providerId),
        );
      })
    : [];

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
        const holds = holdsSlot(meeting);
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
      {askable.length > 0 && (
        <Stack component="section" aria-labelledby="ask-to-meet-heading" spacing={1.5}>
          <Typography id="ask-to-meet-heading" variant="h6" component="h2">
            Ask to meet
          </Typography>
          {freeSlots.length === 0 && <Typography>{myMeetingsMessages.noFreeSlot}</Typography>}
          {freeSlots.length > 0 &&
            askable.map((pair) => (
              <AskToMeet
                key={pair.id}
                name={pair.person?.name || (pair.by === 'provider' ? 'The presenter' : 'The provider')}
                company={pair.person?.company ?? ''}
                slots={freeSlots.map((slot) => ({ slot, label: slotLabel(slot) }))}
                busy={busy === pair.id}
                onAsk={(slot) => void act(pair, pair.by, 'request', slot)}
              />
            ))}
        </Stack>
      )}
    </Stack>
  );
}

interface AskToMeetProps {
  name: string;
  company: string;
  slots: { slot: number; label: string }[];
  busy: boolean;
  onAsk: (slot: number) => void;
}

/** One match the person may ask to meet: a slot they have free, and the ask. */
function AskToMeet({ name, company, slots, busy, onAsk }: AskToMeetProps) {
  const [chosen, setChosen] = useState(slots[0]?.slot ?? 0);
  const slot = slots.some((option) => option.slot === chosen) ? chosen : (slots[0]?.slot ?? 0);
  return (
    <Card variant="outlined" component="article" aria-label={`Ask ${name} to meet`}>
      <CardContent>
        <Typography>
          {name}
          {company ? `, ${company}` : ''}
        </Typography>
        <TextField
          select
          label={`Slot with ${name}`}
          value={slot}
          onChange={(change) => setChosen(Number(change.target.value))}
          size="small"
          sx={{ mt: 1, minWidth: 200 }}
        >
          {slots.map((option) => (
            <MenuItem key={option.slot} value={option.slot}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      </CardContent>
      <CardActions>
        <Button variant="contained" disabled={busy} onClick={() => onAsk(slot)}>
          Ask to meet
        </Button>
      </CardActions>
    </Card>
  );
}
