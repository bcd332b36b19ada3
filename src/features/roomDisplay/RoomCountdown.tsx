// The room display before the event opens (the spec's section 4, "Event not open"): 'Event
// Starting In' with hours, minutes and seconds refreshed every second, 'Event Starting Soon' once
// the start time is reached, and where the event takes place. The arithmetic is the providers'
// countdown's (src/lib/countdown.ts); only the size differs.

import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CountdownTimer } from '../../components/CountdownTimer';
import { useNow } from '../../components/useNow';
import { timings } from '../../config/constants';
import { countdown } from '../../lib/countdown';
import { roomColors, roomSizes } from './roomStyle';

const timerSx = {
  unit: { textAlign: 'center' },
  digits: { display: 'block', fontSize: roomSizes.digits, fontWeight: 800, lineHeight: 1, fontVariantNumeric: 'tabular-nums' },
  name: { display: 'block', fontSize: roomSizes.body, color: roomColors.muted, textTransform: 'uppercase', letterSpacing: 2 },
} as const;

export function RoomCountdown({ startTime, location }: { startTime: Date; location: string }) {
  const left = countdown(startTime, useNow(timings.countdownRefreshMs));
  const heading = { fontSize: roomSizes.next, fontWeight: 700, color: roomColors.accent, lineHeight: 1.1 };
  return (
    <Stack component="section" aria-labelledby="room-countdown-heading" spacing={roomSizes.gap} sx={{ alignItems: 'flex-start' }}>
      <Typography id="room-countdown-heading" component="h2" sx={heading}>
        {left.state === 'counting' ? 'Event Starting In' : 'Event Starting Soon'}
      </Typography>
      {left.state === 'counting' && (
        <CountdownTimer
          left={left}
          spacing={roomSizes.gap}
          unitSx={timerSx.unit}
          digitSx={timerSx.digits}
          nameSx={timerSx.name}
        />
      )}
      {location && <Typography sx={{ fontSize: roomSizes.label, color: roomColors.muted }}>{location}</Typography>}
    </Stack>
  );
}
