// The room display (/events/:eventId/screen): a full-screen view of one event for the projector,
// following the event document live. It shows the polytechnic's and the event's logos, the
// title, the round ('Round 2 of 3'), the live presenter large and the next one, each with their
// company (from the event's public roster, rosters/{eventId}, which the server keeps: the event
// document carries names only, and presenters/{id} is private), the countdown before the start,
// and a QR code with the join link, and the live presenter's pitch timer (RoomPitchClock); during
// the meetings after matching, while no pitch is live, the meetings board (RoomMeetingsBoard).
// Public and read-only: it needs only the event id.

import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { POLYTECHNIC_LOGO_URL } from '../../components/TopBar';
import { useOnline } from '../../components/useOnline';
import { env } from '../../config/env';
import type { Event } from '../../types/event';
import { JoinPanel } from './JoinPanel';
import { joinLink } from './joinLink';
import { RoomCountdown } from './RoomCountdown';
import { MeetingsBoardOr } from './RoomMeetingsBoard';
import { clampLines, roomColors, roomLabelSx, roomSizes } from './roomStyle';
import type { Companies } from '../../db/rosters';
import { liveSlot, nextSlot, roundLabel } from './stage';
import { useCompanies } from './useCompanies';
import { useLiveEvent } from '../../components/useLiveEvent';
import { liveTimer, usePitchClock, useServerClock } from '../../components/usePitchClock';
import { RoomPitchClock } from './RoomPitchClock';
import { useScreenWakeLock } from './useScreenWakeLock';

export const roomMessages = {
  notFound: 'This event does not exist. It may have been deleted.',
  loadFailed: 'The event could not be loaded. Check the connection and reload the page.',
  // The spec's offline message (section 8).
  offline: 'Internet Error!',
} as const;

const screenSx = {
  height: '100dvh',
  boxSizing: 'border-box',
  p: roomSizes.gap,
  bgcolor: roomColors.background,
  color: roomColors.text,
} as const;

function Logos({ event }: { event: Event }) {
  const logoSx = { height: roomSizes.logo, maxWidth: `calc(${roomSizes.logo} * 2.5)`, objectFit: 'contain', display: 'block' };
  const name = event.title || 'Event';
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', gap: roomSizes.gap, flexShrink: 0, bgcolor: roomColors.panel, borderRadius: 2, px: 2, py: 1 }}
    >
      <Box component="img" src={POLYTECHNIC_LOGO_URL} alt={env.organisationName} sx={logoSx} />
      {event.middleLogo && <Box component="img" src={event.middleLogo} alt={`${name} partner logo`} sx={logoSx} />}
      {event.normalLogo && <Box component="img" src={event.normalLogo} alt={`${name} logo`} sx={logoSx} />}
    </Stack>
  );
}

function LiveDot() {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: '0.6em',
        height: '0.6em',
        borderRadius: '50%',
        bgcolor: roomColors.live,
        mr: '0.4em',
        verticalAlign: 'middle',
        // The live dot blinks once a second (the spec's section 9), unless motion is reduced.
        '@keyframes room-live-blink': { '50%': { opacity: 0.15 } },
        animation: 'room-live-blink 1s steps(1) infinite',
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    />
  );
}

function Company({ children, size }: { children: string; size: string }) {
  if (children === '') return null;
  return (
    <Typography sx={{ fontSize: size, fontWeight: 600, lineHeight: 1.2, color: roomColors.muted, mt: '0.2em', ...clampLines(1) }}>
      {children}
    </Typography>
  );
}

/** The live presenter's clock: the one part of the stage that renders at each second. */
function StageClock({ event }: { event: Event }) {
  const reading = usePitchClock(event);
  return reading && <RoomPitchClock reading={reading} />;
}

function Stage({ event, companies }: { event: Event; companies: Companies }) {
  const live = liveSlot(event, companies);
  const next = nextSlot(event, companies);
  useServerClock(true);
  const timed = liveTimer(event) !== null;
  // The clock takes the room of a second line: with it, each name gets one line (cut with an ellipsis).
  const nameLines = timed ? 1 : 2;
  return (
    <Stack sx={{ justifyContent: 'center', gap: 'min(4vw, 7vh)', minWidth: 0 }}>
      <Box component="section" aria-labelledby="room-live-heading">
        <Typography id="room-live-heading" component="h2" sx={roomLabelSx}>
          {live.pitching && <LiveDot />}
          {live.heading}
        </Typography>
        {live.text && (
          <Typography sx={{ fontSize: roomSizes.live, fontWeight: 800, lineHeight: 1.1, ...clampLines(nameLines) }}>
            {live.text}
          </Typography>
        )}
        <Company size={roomSizes.next}>{live.company}</Company>
        {timed && (
          <Box sx={{ mt: '0.4em' }}>
            <StageClock event={event} />
          </Box>
        )}
      </Box>
      <Box component="section" aria-labelledby="room-next-heading">
        <Typography id="room-next-heading" component="h2" sx={roomLabelSx}>
          Next Presenter
        </Typography>
        <Typography
          sx={{ fontSize: roomSizes.next, fontWeight: 600, lineHeight: 1.15, color: roomColors.muted, ...clampLines(nameLines) }}
        >
          {next.text}
        </Typography>
        <Company size={roomSizes.body}>{next.company}</Company>
      </Box>
    </Stack>
  );
}

function Closed() {
  return (
    <Typography component="h2" sx={{ fontSize: roomSizes.next, fontWeight: 700, color: roomColors.accent }}>
      Event Closed
    </Typography>
  );
}

/** Before the event opens, or after it closes: the countdown to its start, or 'Event Closed'. */
function NotOpen({ event }: { event: Event }) {
  return event.startTime ? <RoomCountdown startTime={event.startTime} location={event.location} /> : <Closed />;
}

function Screen({ event }: { event: Event }) {
  const online = useOnline();
  const companies = useCompanies(event.id);
  const link = joinLink(window.location.origin, event.id);
  return (
    <Box
      component="main"
      sx={{ ...screenSx, display: 'grid', gridTemplateRows: 'auto minmax(0, 1fr)', gap: roomSizes.gap, position: 'relative' }}
    >
      <Stack component="header" direction="row" sx={{ alignItems: 'center', gap: roomSizes.gap, minWidth: 0 }}>
        <Logos event={event} />
        <Typography
          component="h1"
          sx={{ flex: 1, fontSize: roomSizes.title, fontWeight: 700, lineHeight: 1.15, ...clampLines(2) }}
        >
          {event.title || env.organisationName}
        </Typography>
        {event.isEventOpen && (
          <Typography
            sx={{
              flexShrink: 0,
              fontSize: roomSizes.round,
              fontWeight: 700,
              color: roomColors.accent,
              border: `2px solid ${roomColors.accent}`,
              borderRadius: 2,
              px: '0.6em',
              py: '0.2em',
            }}
          >
            {roundLabel(event)}
          </Typography>
        )}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) auto',
          gap: roomSizes.gap,
          alignItems: 'center',
          minHeight: 0,
        }}
      >
        {event.isEventOpen ? (
          <Stage event={event} companies={companies} />
        ) : event.meetings.enabled ? (
          <MeetingsBoardOr eventId={event.id} settings={event.meetings} otherwise={<NotOpen event={event} />} />
        ) : (
          <NotOpen event={event} />
        )}
        <JoinPanel link={link} />
      </Box>
      {!online && (
        <Typography
          role="status"
          sx={{
            position: 'absolute',
            left: roomSizes.gap,
            bottom: roomSizes.gap,
            fontSize: roomSizes.body,
            fontWeight: 700,
            bgcolor: '#b71c1c',
            color: roomColors.text,
            px: '0.6em',
            borderRadius: 1,
          }}
        >
          {roomMessages.offline}
        </Typography>
      )}
    </Box>
  );
}

function Message({ children }: { children: string }) {
  return (
    <Box
      component="main"
      sx={{ ...screenSx, display: 'flex', alignItems: 'center', justifyContent: 'center', textAlign: 'center' }}
    >
      <Typography component="h1" sx={{ fontSize: roomSizes.title, fontWeight: 700, maxWidth: '40ch' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function RoomDisplay({ eventId }: { eventId: string }) {
  useScreenWakeLock();
  const loaded = useLiveEvent(eventId);
  if (loaded.state === 'loading') {
    return (
      <Box component="main" sx={{ ...screenSx, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress aria-label="Loading" sx={{ color: roomColors.text }} />
      </Box>
    );
  }
  if (loaded.state === 'missing') return <Message>{roomMessages.notFound}</Message>;
  if (loaded.state === 'failed') return <Message>{roomMessages.loadFailed}</Message>;
  return <Screen event={loaded.event} />;
}
