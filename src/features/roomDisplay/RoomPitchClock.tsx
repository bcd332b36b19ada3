// The room display's pitch timer: the time left, large enough to read from the stage. Calm until
// the last 30 s, then 'Wrap up', then "Time's up" with the overtime counting up; each state has its
// words, its icon and its frame (plain, dashed, double, dotted when paused) besides its colour,
// so it reads on a greyscale projector and for colour-blind presenters.

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TimerReading } from '../../../domain/pitchTimer';
import { ClockStateIcon } from '../../components/ClockStateIcon';
import { clockText, type ClockState } from '../../lib/pitchClockText';
import { roomColors, roomSizes } from './roomStyle';

const frames: Record<ClockState, { color: string; background: string; border: string }> = {
  calm: { color: roomColors.text, background: 'transparent', border: `0.08em solid ${roomColors.muted}` },
  warning: { color: roomColors.accent, background: 'transparent', border: `0.12em dashed ${roomColors.accent}` },
  // White on a deep red: 6.6:1.
  overtime: { color: roomColors.text, background: '#b71c1c', border: `0.2em double ${roomColors.text}` },
  paused: { color: roomColors.muted, background: 'transparent', border: `0.08em dotted ${roomColors.muted}` },
};

export function RoomPitchClock({ reading }: { reading: TimerReading }) {
  const text = clockText(reading);
  const frame = frames[text.state];
  return (
    <Box
      role="timer"
      aria-label="Pitch timer"
      data-state={text.state}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: '0.4em',
        alignSelf: 'flex-start',
        px: '0.5em',
        py: '0.1em',
        borderRadius: 2,
        color: frame.color,
        bgcolor: frame.background,
        border: frame.border,
      }}
    >
      <ClockStateIcon state={text.state} sx={{ fontSize: roomSizes.next }} />
      <Box>
        <Typography
          component="p"
          data-testid="pitch-clock-label"
          sx={{ fontSize: roomSizes.label, fontWeight: 700, lineHeight: 1.1 }}
        >
          {text.label}
        </Typography>
        <Typography
          component="p"
          data-testid="pitch-clock-digits"
          sx={{ fontSize: roomSizes.digits, fontWeight: 800, lineHeight: 1, fontVariantNumeric: 'tabular-nums' }}
        >
          {text.digits}
        </Typography>
      </Box>
    </Box>
  );
}
