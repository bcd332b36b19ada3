// The room display's meetings board, during the meetings after matching: the slot running now and
// the next one, each as place → who meets whom (names and companies, from the event's public
// meeting_boards/{eventId}), and the minutes and seconds to the next change, counted by the
// server's clock like the pitch timer, so every screen in the room turns over together. It takes
// the stage from half an hour before the first slot until the last one ends, while no pitch is
// live; the rest of the time the room display shows the event as before.

import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { formatClock } from '../../../domain/pitchTimer';
import { boardStage, type BoardMeeting } from '../../../domain/meetings';
import type { MeetingSettings } from '../../../domain/meetingSettings';
import { useLive } from '../../components/useLive';
import { watchMeetingBoard } from '../../db/meetingBoards';
import { serverClockOffset, watchServerClock } from '../../db/serverClock';
import { clampLines, roomColors, roomLabelSx, roomSizes } from './roomStyle';

/** How long before the first slot the board takes the stage. */
export const BOARD_LEAD_MS = 30 * 60_000;

export const boardMessages = {
  heading: 'Meetings',
  emptySlot: 'No meetings in this slot.',
  startsIn: 'Meetings start in',
  changeIn: 'Next change in',
  lastEndsIn: 'Meetings end in',
} as const;

/** The server's time (ms), re-read as each of its seconds turns over. */
function useServerSecond(): number {
  const [offsetMs, setOffsetMs] = useState(serverClockOffset);
  const [now, setNow] = useState(() => Date.now() + serverClockOffset());
  useEffect(() => watchServerClock(setOffsetMs), []);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const at = Date.now() + offsetMs;
      setNow(at);
      // Just past the next turn of the server's second.
      timer = setTimeout(tick, 1_000 - (at % 1_000) + 2);
    };
    tick();
    return () => clearTimeout(timer);
  }, [offsetMs]);
  return now;
}

const NO_MEETINGS: BoardMeeting[] = [];

/** The event's board, live; no meetings until there is one (or when it cannot be read: the event shows instead). */
function useBoardMeetings(eventId: string): BoardMeeting[] {
  const loaded = useLive<BoardMeeting[]>(eventId, (onValue, onError) =>
    watchMeetingBoard(eventId, onValue, (error) => {
      console.warn("The event's meetings board could not be followed; the room display shows the event.", error);
      onError(error);
    }),
  );
  return loaded.state === 'ready' ? loaded.value : NO_MEETINGS;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

function Person({ name, company }: { name: string; company: string }) {
  return (
    <Box component="span" sx={{ minWidth: 0 }}>
      <Box component="span" sx={{ fontWeight: 700 }}>
        {name}
      </Box>
      {company && <Box component="span" sx={{ color: roomColors.muted }}>{` (${company})`}</Box>}
    </Box>
  );
}

function SlotList({ id, heading, meetings, size }: { id: string; heading: string; meetings: BoardMeeting[]; size: string }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography id={id} component="h3" sx={roomLabelSx}>
        {heading}
      </Typography>
      {meetings.length === 0 ? (
        <Typography sx={{ fontSize: size, color: roomColors.muted }}>{boardMessages.emptySlot}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: '0.25em' }}>
          {meetings.map((meeting) => (
            <Typography
              component="li"
              key={`${meeting.place}/${meeting.presenter}/${meeting.provider}`}
              sx={{ fontSize: size, lineHeight: 1.2, ...clampLines(1) }}
            >
              <Box component="span" sx={{ color: roomColors.accent, fontWeight: 800, mr: '0.5em' }}>
                {meeting.place}
              </Box>
              <Person name={meeting.presenter} company={meeting.presenter_company} />
              {' meets '}
              <Person name={meeting.provider} company={meeting.provider_company} />
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

function Board({ meetings, settings, nowMs }: { meetings: BoardMeeting[]; settings: MeetingSettings<Date>; nowMs: number }) {
  const startMs = settings.startTime?.getTime() ?? 0;
  const stage = boardStage(startMs, settings.slotMinutes, settings.slots, nowMs);
  const slotStart = (slot: number) => timeFormat.format(new Date(startMs + slot * settings.slotMinutes * 60_000));
  const inSlot = (slot: number) => meetings.filter((meeting) => meeting.slot === slot);
  const timerLabel =
    stage.phase === 'before' ? boardMessages.startsIn : stage.next === null ? boardMessages.lastEndsIn : boardMessages.changeIn;
  return (
    <Stack component="section" aria-labelledby="room-meetings-heading" sx={{ gap: 'min(2.5vw, 4.5vh)', minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'baseline', gap: roomSizes.gap, flexWrap: 'wrap' }}>
        <Typography id="room-meetings-heading" component="h2" sx={{ fontSize: roomSizes.next, fontWeight: 800 }}>
          {boardMessages.heading}
        </Typography>
        {stage.changeAtMs !== null && (
          <Box role="timer" aria-label={timerLabel} sx={{ display: 'flex', alignItems: 'baseline', gap: '0.4em' }}>
            <Typography component="span" sx={{ fontSize: roomSizes.label, fontWeight: 700, color: roomColors.muted }}>
              {timerLabel}
            </Typography>
            <Typography
              component="span"
              data-testid="meetings-board-clock"
              sx={{ fontSize: roomSizes.next, fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}
            >
              {formatClock(Math.ceil((stage.changeAtMs - nowMs) / 1_000))}
            </Typography>
          </Box>
        )}
      </Stack>
      {stage.current !== null && (
        <SlotList
          id="room-meetings-now"
          heading={`Now · ${slotStart(stage.current)}`}
          meetings={inSlot(stage.current)}
          size={roomSizes.next}
        />
      )}
      {stage.next !== null && (
        <SlotList
          id="room-meetings-next"
          heading={`Next · ${slotStart(stage.next)}`}
          meetings={inSlot(stage.next)}
          size={roomSizes.body}
        />
      )}
    </Stack>
  );
}

/**
 * The meetings board while the meetings session is on (from BOARD_LEAD_MS before its first slot to
 * the end of its last) and the event has confirmed meetings; `otherwise` the rest of the time.
 */
export function MeetingsBoardOr({
  eventId,
  settings,
  otherwise,
}: {
  eventId: string;
  settings: MeetingSettings<Date>;
  otherwise: ReactNode;
}) {
  const meetings = useBoardMeetings(eventId);
  const nowMs = useServerSecond();
  const startMs = settings.startTime?.getTime() ?? null;
  const endMs = startMs === null ? null : startMs + settings.slots * settings.slotMinutes * 60_000;
  const on = startMs !== null && endMs !== null && meetings.length > 0 && nowMs >= startMs - BOARD_LEAD_MS && nowMs < endMs;
  return on ? <Board meetings={meetings} settings={settings} nowMs={nowMs} /> : otherwise;
}
